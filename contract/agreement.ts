// Whether a device agrees with the server (issue 26 item 5). A caught-up pull answer carries, per
// event whose gifts the caller receives, the server's figures over exactly those gifts; the device
// compares them with its synced rows (src/data/sync/agreement.ts) and, when they differ, re-pulls
// that one event's gifts (`event=` on GET /moi/sync/pull).
import { z } from 'zod';
import { idSchema } from './entities';

export const eventFiguresSchema = z.object({
  eventId: z.string(),
  /** Gifts not deleted. */
  count: z.number().int().min(0),
  /** Sum of the amounts of those gifts whose mode is money (contract/money.ts): items never count. */
  money: z.number().int().min(0),
  /**
   * Where in the change log the newest change to these gifts sits, as a pull cursor (a number that
   * grows with the log). A device whose stored cursor is below it has not pulled that change yet,
   * so its rows cannot be compared with these figures until it has.
   */
  lastChange: z.number().int().min(0),
});
export type EventFigures = z.infer<typeof eventFiguresSchema>;

export const figuresSchema = z.array(eventFiguresSchema);

/** The extra query parameter of a repair: only this event's changes (with `types=gift` and `since=0`). */
export const pullEventQuerySchema = z.object({ event: idSchema.optional() });
