// Server configuration from the environment, checked with zod at start-up.
import { z } from 'zod';
import { weakPasswordReason } from '../contract/password-rules';
import { trustProxyFunction } from './hardening';
import { checkMessagingEnv, messagingConfigOf, messagingEnv } from './messaging/config';
import { billingConfigOf, billingEnv } from './billing/config';

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
  /** HTTPS=local: the venue laptop's own certificate authority (server/venue-tls); HTTPS on PORT. */
  HTTPS: z.enum(['local', 'off']).optional(),
  /** With HTTPS=local: the plain-HTTP port of the install page (default PORT+1; 80 when PORT is 443). */
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
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
  /** The venue's LAN receipt printer (issue 28), e.g. 192.168.1.50; unset: no venue printing. */
  PRINTER_HOST: z.string().min(1).optional(),
  PRINTER_PORT: z.coerce.number().int().min(1).max(65535).default(9100),
  ...messagingEnv,
  ...billingEnv,
}).refine((e) => !!e.TLS_CERT_FILE === !!e.TLS_KEY_FILE, {
  message: 'TLS_CERT_FILE and TLS_KEY_FILE must be set together',
}).refine((e) => !(e.HTTPS === 'local' && e.TLS_CERT_FILE), {
  message: 'HTTPS=local makes its own certificate: unset TLS_CERT_FILE/TLS_KEY_FILE, or unset HTTPS',
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
  /** HTTPS=local: make/reuse a local CA in `${dataDir}/tls` and serve the install page on httpPort (server/venue-tls). */
  localCa: e.HTTPS === 'local' ? { httpPort: e.HTTP_PORT ?? (e.PORT === 443 ? 80 : e.PORT === 0 ? 0 : e.PORT + 1) } : undefined,
  /** TRUST_PROXY: true (one proxy), a hop count, or a comma list of addresses/CIDRs (server/hardening.ts). */
  trustProxy: e.TRUST_PROXY === undefined ? undefined : parseTrustProxy(e.TRUST_PROXY),
  staticDir: e.STATIC_DIR,
  logLevel: e.LOG_LEVEL as string,
  /** MESSAGING_PROVIDER and its settings (server/messaging/config.ts); provider 'none' sends nothing. */
  messaging: messagingConfigOf(e),
  /** Plans, Razorpay and the provider's GST identity (server/billing/config.ts; issue 29). */
  billing: billingConfigOf(e),
  /** PRINTER_HOST[:PRINTER_PORT]: the LAN printer tablets print to through this server; off when unset. */
  printer: e.PRINTER_HOST ? { host: e.PRINTER_HOST, port: e.PRINTER_PORT } : undefined,
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
