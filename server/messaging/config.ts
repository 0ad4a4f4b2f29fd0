// Messaging settings from the environment (issue 15), checked at start-up with the rest of
// server/config.ts. MESSAGING_PROVIDER picks one adapter; each needs its own credentials.
import { z } from 'zod';

export const messagingProviders = ['none', 'whatsapp_cloud', 'sms_fast2sms', 'webhook'] as const;
export type MessagingProviderName = (typeof messagingProviders)[number];

const url = z.string().url();
export const messagingEnv = {
  MESSAGING_PROVIDER: z.enum(messagingProviders).default('none'),
  /** The address givers open the verification link on (https://moi.example.in); needed to send. */
  PUBLIC_URL: url.optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'WHATSAPP_PHONE_NUMBER_ID is the numeric phone number id').optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_API_URL: url.default('https://graph.facebook.com/v21.0'),
  FAST2SMS_API_KEY: z.string().min(1).optional(),
  FAST2SMS_API_URL: url.default('https://www.fast2sms.com/dev/bulkV2'),
  SMS_SENDER_ID: z.string().regex(/^[A-Z]{6}$/, 'SMS_SENDER_ID is the 6-letter DLT header').optional(),
  SMS_DLT_ENTITY_ID: z.string().regex(/^\d{10,25}$/, 'SMS_DLT_ENTITY_ID is the DLT principal entity id (digits)').optional(),
  MESSAGING_CALLBACK_SECRET: z.string().min(16, 'MESSAGING_CALLBACK_SECRET: at least 16 characters').optional(),
  MESSAGING_WEBHOOK_URL: url.optional(),
  MESSAGING_WEBHOOK_SECRET: z.string().min(16, 'MESSAGING_WEBHOOK_SECRET: at least 16 characters').optional(),
  MESSAGING_WEBHOOK_CHANNEL: z.enum(['sms', 'whatsapp']).default('sms'),
};

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is used
const envObject = z.object(messagingEnv);
type Env = z.output<typeof envObject>;

const needs: Record<MessagingProviderName, Array<keyof Env>> = {
  none: [],
  whatsapp_cloud: ['PUBLIC_URL', 'WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'],
  sms_fast2sms: ['PUBLIC_URL', 'FAST2SMS_API_KEY', 'SMS_SENDER_ID', 'SMS_DLT_ENTITY_ID', 'MESSAGING_CALLBACK_SECRET'],
  webhook: ['PUBLIC_URL', 'MESSAGING_WEBHOOK_URL', 'MESSAGING_WEBHOOK_SECRET'],
};

export function checkMessagingEnv(e: Env, ctx: z.RefinementCtx): void {
  for (const k of needs[e.MESSAGING_PROVIDER]) {
    if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: `${k} is required with MESSAGING_PROVIDER=${e.MESSAGING_PROVIDER}` });
  }
  if (e.MESSAGING_PROVIDER === 'webhook' && e.MESSAGING_WEBHOOK_URL && !/^https:|^http:\/\/(127\.|localhost|\[::1\])/.test(e.MESSAGING_WEBHOOK_URL)) {
    ctx.addIssue({ code: 'custom', path: ['MESSAGING_WEBHOOK_URL'], message: 'MESSAGING_WEBHOOK_URL must be https:// (http only on this machine)' });
  }
}

export type MessagingConfig = {
  provider: MessagingProviderName;
  publicUrl: string | null;
  whatsapp: { token: string; phoneNumberId: string; appSecret: string; verifyToken: string; apiUrl: string } | null;
  fast2sms: { apiKey: string; apiUrl: string; senderId: string; entityId: string } | null;
  webhook: { url: string; secret: string; channel: 'sms' | 'whatsapp' } | null;
  callbackSecret: string | null;
};

export function messagingConfigOf(e: Env): MessagingConfig {
  const p = e.MESSAGING_PROVIDER;
  return {
    provider: p,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    whatsapp: p === 'whatsapp_cloud'
      ? { token: e.WHATSAPP_TOKEN!, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!, appSecret: e.WHATSAPP_APP_SECRET!, verifyToken: e.WHATSAPP_VERIFY_TOKEN!, apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, '') }
      : null,
    fast2sms: p === 'sms_fast2sms' ? { apiKey: e.FAST2SMS_API_KEY!, apiUrl: e.FAST2SMS_API_URL, senderId: e.SMS_SENDER_ID!, entityId: e.SMS_DLT_ENTITY_ID! } : null,
    webhook: p === 'webhook' ? { url: e.MESSAGING_WEBHOOK_URL!, secret: e.MESSAGING_WEBHOOK_SECRET!, channel: e.MESSAGING_WEBHOOK_CHANNEL } : null,
    callbackSecret: e.MESSAGING_CALLBACK_SECRET ?? null,
  };
}
