// Bodies and answers of the HTTP API (ARCHITECTURE §7); the four calls of spec §7 keep their shapes.
import { z } from 'zod';
import { mobileSchema, userSchema } from './entities';
import { roleSchema } from './roles';

export const API_PREFIX = '/moi';
export const PROFILE_IMAGE_BASE = '/moi/user/profile-image/';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  deviceId: z.string().uuid().optional(),
  deviceLabel: z.string().max(100).optional(),
  /** The secret issued when this installation first registered `deviceId`; required for a known device (else 403 device_taken). */
  deviceSecret: z.string().max(100).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** What a device issued that the server knows of (GET /moi/devices/me, and the login answer). */
export const deviceHighWaterSchema = z.object({
  /** Highest outbox seq the server recorded from this device. */
  outboxSeq: z.number().int().min(0),
  /** Highest receipt sequence among gifts numbered with this device's code (all counters). */
  receiptSeq: z.number().int().min(0),
  counters: z.array(z.object({ counterId: z.string(), receiptSeq: z.number().int().min(0) })),
});
export type DeviceHighWater = z.infer<typeof deviceHighWaterSchema>;

export const loginDeviceSchema = z.object({
  deviceId: z.string(),
  code: z.string(),
  /** Issued once, when the device is first registered (or claimed by its registrant): keep it with the device id. */
  secret: z.string().optional(),
  highWater: deviceHighWaterSchema.optional(),
});

export const loginResponseSchema = z.object({
  user: userSchema,
  device: loginDeviceSchema.nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });

/** POST /moi/user/update — a user changes their own name (username, mobile and role are admin-only). */
export const userUpdateBodySchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(120).optional(),
  username: z.string().trim().min(3).max(60).regex(/^[a-zA-Z0-9_.-]+$/).optional(),
  // The spec's client sends the whole user back: a user with no mobile on record sends null or ''.
  mobile: z.union([mobileSchema, z.literal(''), z.null()]).optional(),
  role: roleSchema.optional(),
  userType: z.string().max(60).nullable().optional(),
  user_id: z.string().optional(),
  profileImagePath: z.string().nullable().optional(),
  lastUpdatedBy: z.string().min(1),
}).passthrough();
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

export const uploadProfileImageResponseSchema = z.object({ profileImagePath: z.string() });

export const registerDeviceBodySchema = z.object({
  deviceId: z.string().uuid(),
  label: z.string().max(100).optional(),
  /** Required when the device is already registered (see loginBodySchema.deviceSecret). */
  secret: z.string().max(100).optional(),
});
export const registerDeviceResponseSchema = z.object({ deviceId: z.string(), code: z.string(), secret: z.string().optional() });

/** GET /moi/devices/me — the signed-in session's device with its high-water marks. */
export const deviceMeResponseSchema = z.object({ deviceId: z.string(), code: z.string(), highWater: deviceHighWaterSchema });
export type DeviceMeResponse = z.infer<typeof deviceMeResponseSchema>;

/** POST /moi/auth/password — a signed-in user changes their own password. */
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(8, 'At least 8 characters').max(200),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
