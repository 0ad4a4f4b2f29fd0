// The messaging admin calls (online only): /moi/admin/messaging… and /moi/events/:id/host-messaging.
import type { HostMessaging, MessageTemplate, OutboxRow, ProviderInfo } from '../../contract/messaging';
import { apiFetch } from './api';

export type TemplateRow = MessageTemplate & { custom: boolean };
export const getProvider = () => apiFetch<ProviderInfo>('/moi/admin/messaging');
export const listTemplates = () => apiFetch<{ templates: TemplateRow[] }>('/moi/admin/messaging/templates').then((r) => r.templates);
export const saveTemplate = (t: MessageTemplate) => apiFetch<{ templates: TemplateRow[] }>('/moi/admin/messaging/templates', { method: 'PUT', json: t }).then((r) => r.templates);
export const listOutbox = (state?: string) => apiFetch<{ messages: OutboxRow[] }>(`/moi/admin/messaging/outbox${state ? `?state=${state}` : ''}`).then((r) => r.messages);
export const testSend = (to: string, lang: 'ta' | 'en') => apiFetch<{ queued: boolean }>('/moi/admin/messaging/test', { method: 'POST', json: { to, lang } });
/** Nothing more is sent to this mobile; what is queued for it is cancelled. */
export const optOut = (mobile: string) => apiFetch<{ ok: boolean }>('/moi/admin/messaging/opt-outs', { method: 'POST', json: { mobile } });
export const getHostMessaging = (eventId: string) => apiFetch<HostMessaging>(`/moi/events/${eventId}/host-messaging`);
export const saveHostMessaging = (eventId: string, h: HostMessaging) => apiFetch<HostMessaging>(`/moi/events/${eventId}/host-messaging`, { method: 'PUT', json: h });
