// One error shape for every API answer that is not a success: { code, message }.
// The client branches on `code`, never on message text.
import { z } from 'zod';

export const errorCodes = [
  'invalid_body',
  'invalid_credentials',
  'too_many_attempts',
  'weak_password',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'duplicate_receipt',
  'counter_closed',
  /** A change to cash that a closed counter's count has counted (invariants.ts R3). */
  'counted',
  'event_closed',
  'counters_open',
  'not_assigned',
  'unknown_device',
  /** Login or device registration named a device id without that installation's secret. */
  'device_taken',
  /** A push named a device other than the one the session signed in on. */
  'device_mismatch',
  'version_conflict',
  'reason_required',
  'not_image',
  'file_too_large',
  'user_disabled',
  'username_taken',
  'device_code_exhausted',
  'db_unavailable',
  /** The venue's LAN receipt printer did not take a job (off, out of paper, unplugged). */
  'printer_unreachable',
  /** Issue 29: the event has no plan that lets it open (Smart Track, the hall's Partner Track, an override). */
  'not_entitled',
  /** Issue 29: the payment gateway (Razorpay) refused or could not be reached. */
  'gateway_error',
  'internal_error',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
