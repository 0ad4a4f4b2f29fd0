// Messaging (issue 15): templates, the outbox's states, the admin API's bodies, and SMS part
// counting (shown while a template is edited; the server counts the same way).
import { z } from 'zod';
import { mobileSchema } from './entities';

export const messageChannels = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];
export const messageLangs = ['ta', 'en'] as const;
export type MessageLang = (typeof messageLangs)[number];

/**
 * pending → sending → sent → delivered; or failed (the provider refused, with its reason), given_up
 * (retries ran out, or the outcome of a send is unknown and resending could duplicate it), or
 * cancelled (opted out, or too old to be worth sending).
 */
export const messageStates = ['pending', 'sending', 'sent', 'delivered', 'failed', 'given_up', 'cancelled'] as const;
export type MessageState = (typeof messageStates)[number];

export const templateKeys = ['giver_receipt', 'host_totals', 'counter_close', 'day_total', 'ledger_reminder', 'custody_otp', 'plan_renewal', 'plan_expiry', 'test'] as const;
export type TemplateKey = (typeof templateKeys)[number];

/** The placeholder of DLT-approved SMS text; the same in every template body here. */
export const VAR = '{#var#}';

export const templateSchema = z.object({
  key: z.enum(templateKeys),
  lang: z.enum(messageLangs),
  /** The exact approved text, with one {#var#} per variable, in the order of `variables`. */
  body: z.string().trim().min(1).max(1000),
  variables: z.array(z.string().regex(/^[a-zA-Z]\w{0,30}$/)).max(10),
  dltTemplateId: z.string().trim().max(40).regex(/^\d*$/, 'DLT template ids are digits'),
  waTemplateName: z.string().trim().max(512).regex(/^[a-z0-9_]*$/, 'WhatsApp template names are lower case letters, digits and _'),
  waLanguage: z.string().trim().max(10).regex(/^([a-z]{2,3}(_[A-Z]{2})?)?$/, 'A WhatsApp language code such as ta or en_US'),
}).superRefine((t, ctx) => {
  const n = t.body.split(VAR).length - 1;
  if (n !== t.variables.length) ctx.addIssue({ code: 'custom', path: ['variables'], message: `The text has ${n} ${VAR} but ${t.variables.length} variables are named` });
});
export type MessageTemplate = z.infer<typeof templateSchema>;

// GSM 03.38 basic character set (and the extension table, which costs two septets).
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXT = '^{}\\[~]|€\f';

/**
 * SMS parts of a text: GSM-7 (160 in one part, 153 per part after) when every character is in the
 * GSM alphabet, else Unicode UCS-2 — Tamil always — (70 in one part, 67 per part after).
 */
export function smsParts(text: string): { encoding: 'gsm7' | 'ucs2'; units: number; parts: number; perPart: number } {
  let gsm = true;
  let septets = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXT.includes(ch)) septets += 2;
    else { gsm = false; break; }
  }
  if (gsm) {
    const perPart = septets <= 160 ? 160 : 153;
    return { encoding: 'gsm7', units: septets, parts: septets === 0 ? 0 : Math.ceil(septets / perPart), perPart };
  }
  const units = text.length; // UTF-16 code units: what UCS-2 counts
  const perPart = units <= 70 ? 70 : 67;
  return { encoding: 'ucs2', units, parts: units === 0 ? 0 : Math.ceil(units / perPart), perPart };
}

export const hostRhythms = ['every_gifts', 'every_minutes', 'end'] as const;
export const hostMessagingSchema = z.object({
  mobiles: z.array(mobileSchema).max(5),
  channel: z.enum(messageChannels),
  lang: z.enum(messageLangs),
  rhythm: z.enum(hostRhythms),
  everyGifts: z.number().int().min(1).max(10_000).nullable(),
  everyMinutes: z.number().int().min(5).max(24 * 60).nullable(),
}).superRefine((h, ctx) => {
  if (h.rhythm === 'every_gifts' && !h.everyGifts) ctx.addIssue({ code: 'custom', path: ['everyGifts'], message: 'How many gifts between updates?' });
  if (h.rhythm === 'every_minutes' && !h.everyMinutes) ctx.addIssue({ code: 'custom', path: ['everyMinutes'], message: 'How many minutes between updates?' });
});
export type HostMessaging = z.infer<typeof hostMessagingSchema>;

export const outboxRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  channel: z.string(),
  recipient: z.string(),
  templateKey: z.string(),
  lang: z.string(),
  state: z.enum(messageStates),
  attempts: z.number().int(),
  reason: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  eventId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;

/** What the admin screen may know of the provider: its name and which settings are set, never their values. */
export const providerInfoSchema = z.object({
  provider: z.string(),
  channel: z.enum(messageChannels).nullable(),
  settings: z.array(z.object({ name: z.string(), set: z.boolean(), secret: z.boolean(), value: z.string().nullable() })),
  publicUrl: z.string().nullable(),
});
export type ProviderInfo = z.infer<typeof providerInfoSchema>;

export const testSendSchema = z.object({ to: mobileSchema, lang: z.enum(messageLangs) });
export const optOutSchema = z.object({ mobile: mobileSchema });
