// Server configuration from the environment, checked with zod at start-up.
import { z } from 'zod';
import { weakPasswordReason } from '../contract/password-rules';
import { trustProxyFunction } from './hardening';
import { checkMessagingEnv, messagingConfigOf, messagingEnv } from './messaging/config';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  MOI_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().optional().superRefine((pw, ctx) => {
    const why = pw === undefined ? null : weakPasswordReason(pw);
    if (why) ctx.addIssue({ code: 'custom', message: `ADMIN_PASSWORD: ${why}` });
  }),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  TRUST_PROXY: z.string().optional().superRefine((v, ctx) => {
    if (v === undefined) return;
    try {
      trustProxyFunction(parseTrustProxy(v));
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
    }
  }),
  STATIC_DIR: z.string().default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...messagingEnv,
}).refine((e) => !!e.TLS_CERT_FILE === !!e.TLS_KEY_FILE, {
  message: 'TLS_CERT_FILE and TLS_KEY_FILE must be set together',
}).superRefine(checkMessagingEnv);

/** The environment checked and shaped into the server's configuration; Config is its output type. */
const configSchema = envSchema.transform((e) => ({
  port: e.PORT,
  host: e.HOST,
  dataDir: e.MOI_DATA_DIR,
  /** PostgreSQL connection string; when absent the embedded PGlite in `${dataDir}/db` is used. */
  databaseUrl: e.DATABASE_URL,
  adminUsername: e.ADMIN_USERNAME,
  adminPassword: e.ADMIN_PASSWORD,
  tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : undefined,
  /** TRUST_PROXY: true (one proxy), a hop count, or a comma list of addresses/CIDRs (server/hardening.ts). */
  trustProxy: e.TRUST_PROXY === undefined ? undefined : parseTrustProxy(e.TRUST_PROXY),
  staticDir: e.STATIC_DIR,
  logLevel: e.LOG_LEVEL as string,
  /** MESSAGING_PROVIDER and its settings (server/messaging/config.ts); provider 'none' sends nothing. */
  messaging: messagingConfigOf(e),
}));

export type Config = z.output<typeof configSchema> & {
  /** In-memory PGlite (tests). Overrides dataDir for the database. */
  inMemoryDb?: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** 'true' / 'false', a hop count ('1'), or addresses as they are. */
function parseTrustProxy(v: string): boolean | number | string {
  const t = v.trim();
  if (t === 'true') return true;
  if (t === 'false' || t === '') return false;
  if (/^\d+$/.test(t)) return Number(t);
  return t;
}
