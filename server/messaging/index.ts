// The configured provider (or none) and the worker loop of this server process (started by buildApp, stopped at close).
import type { MessagingConfig } from './config';
import { fast2sms } from './fast2sms';
import type { MessagingProvider } from './provider';
import { webhookProvider } from './webhook';
import { whatsappCloud } from './whatsapp-cloud';

export function providerFor(cfg: MessagingConfig): MessagingProvider | null {
  switch (cfg.provider) {
    case 'whatsapp_cloud': return whatsappCloud(cfg.whatsapp!);
    case 'sms_fast2sms': return fast2sms(cfg.fast2sms!, cfg.callbackSecret!);
    case 'webhook': return webhookProvider(cfg.webhook!);
    default: return null;
  }
}
