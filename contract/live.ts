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
 * With each ping the server also sends this event (`event: ping`, no data a pull would not give):
 * EventSource hides comments from the page, and a device that hears nothing for LIVE_DEAD_MS takes
 * the stream for dead (a proxy or a sleeping network that never said "closed") and reconnects.
 */
export const LIVE_PING_EVENT = 'ping';
export const LIVE_DEAD_MS = 2.5 * LIVE_PING_MS;

/**
 * `data:` of a `changes` event. `cursor` is the same kind of value as the pull's cursor: a pull
 * from a cursor below it has changes to give (or had, when another device's pull got there first);
 * a device whose stored cursor is at or above it may skip the pull.
 */
export const liveChangesSchema = z.object({ cursor: z.number().int().min(0) });
export type LiveChanges = z.infer<typeof liveChangesSchema>;
