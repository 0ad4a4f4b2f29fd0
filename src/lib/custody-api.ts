// Custody calls that need the server (issue 18): whether OTP confirmation is on here, and sending
// a nominee the one-time code for a handover. Everything else in the chain is a sync mutation.
import { custodyConfigSchema, otpResponseSchema } from '../../contract/custody';
import { apiFetch } from './api';

export async function custodyConfig(): Promise<{ otp: boolean }> {
  return custodyConfigSchema.parse(await apiFetch('/moi/custody/config', { timeoutMs: 5000 }));
}

export async function sendHandoverOtp(eventId: string, nomineeId: string, handoverId: string, lang: 'ta' | 'en'): Promise<{ mobileEnding: string; expiresAt: string }> {
  return otpResponseSchema.parse(await apiFetch('/moi/custody/otp', { method: 'POST', json: { eventId, nomineeId, handoverId, lang } }));
}
