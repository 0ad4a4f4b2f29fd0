// The live stream (ARCHITECTURE §6 "Live"): GET /moi/sync/live is a Server-Sent Events stream that
// tells a signed-in device "changes are waiting in your scope". It carries a pull cursor and nothing
// else; the device then pulls (GET /moi/sync/pull) as usual. The 60 s poll stays as the fallback.
import { z } from 'zod';

export const LIVE_PATH = '/moi/sync/live';
/** The SSE event name (`event: changes`); sent once on connect and after every commit in the caller's scope. */
export const LIVE_EVENT = 'changes';
/** A `: ping` comment this often keeps proxies from closing an idle stream. */
export const LIVE_PING_MS = 20_000;

/**
 * `data:` of a `changes` event. `cursor` is the same kind of value as the pull's cursor: a pull
 * from a cursor below it has changes to give (or had, when another device's pull got there first);
 * a device whose stored cursor is at or above it may skip the pull.
 */
export const liveChangesSchema = z.object({ cursor: z.number().int().min(0) });
export type LiveChanges = z.infer<typeof liveChangesSchema>;
