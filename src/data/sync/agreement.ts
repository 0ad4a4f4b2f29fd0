// Does this device agree with the server? A caught-up pull carries, per event in the caller's scope,
// the server's count and money of the gifts it sends this user (contract/agreement.ts); they are
// stored with the page that brought them (pull.ts) and compared here with the device's synced gift
// rows. Rows not yet accepted by the server (`_pending`) are never mixed in: they are counted apart,
// and an event that has any is not called in step. An event that differs is repaired by pulling
// its gifts again from the start (pull.ts repairEvent) and dropping synced rows the server no
// longer lists (dropUnlistedGifts); rows with unsynced work are never touched.
import type { EventFigures } from '../../../contract/agreement';
import { moneyOf } from '../../../contract/money';
import type { PullScope } from '../../../contract/sync';
import type { LocalGift, MoiDb } from '../db';
import { entityKey } from '../entities';
import { META, metaGet, unsyncedEntities } from '../outbox';
import { alreadyAt, START_CURSOR, type PullCursor } from './transport';
import { rowsWithAnyKey } from '../rows-with-any-key';

/** Meta key of the figures of the last caught-up pull. */
export const SERVER_FIGURES = 'serverFigures';

/** The figures of a caught-up pull, with the gift scope fingerprint they were computed under. */
export type StoredFigures = { figures: EventFigures[]; giftScope: string | null };

export type Tally = { count: number; money: number };

/**
 * - inStep: no gift of the event waits to be sent and the synced ones match the server's figures;
 * - differs: none waits, and they do not match (Repair);
 * - waiting: some wait to be sent or were not accepted; `matches` says whether the sent ones match;
 * - catchingUp: the server has changes this device has not pulled yet (or its scope is being back-filled).
 */
export type AgreementState = 'inStep' | 'differs' | 'waiting' | 'catchingUp';

export type EventAgreement = {
  eventId: string;
  state: AgreementState;
  /** The sent gifts' figures match the server's. */
  matches: boolean;
  /** Synced, not deleted gifts on this device. */
  device: Tally;
  server: Tally;
  /** Gifts waiting to be sent (or not accepted): count of rows, money of those not deleted. */
  pending: Tally;
};

type GiftFields = Pick<LocalGift, 'eventId' | 'amount' | 'mode' | 'deletedAt' | '_pending'>;

/**
 * Compare stored server figures with the device's gifts. `cursor`: the device's pull cursor;
 * `giftScope`: the gift fingerprint its rows cover. Events with nothing on either side are left out.
 */
export function compareFigures(stored: StoredFigures, cursor: unknown, giftScope: string | null, gifts: Iterable<GiftFields>): EventAgreement[] {
  const device = new Map<string, Tally>();
  const pending = new Map<string, Tally>();
  for (const g of gifts) {
    const waiting = g._pending === 1;
    if (!waiting && g.deletedAt) continue;
    const into = waiting ? pending : device;
    const t = into.get(g.eventId) ?? { count: 0, money: 0 };
    t.count += 1;
    if (!g.deletedAt) t.money += moneyOf(g);
    into.set(g.eventId, t);
  }
  // Figures computed under another scope than the rows cover: a back-fill is under way.
  const sameScope = stored.giftScope === giftScope;
  const out: EventAgreement[] = [];
  for (const f of stored.figures) {
    const d = device.get(f.eventId) ?? { count: 0, money: 0 };
    const p = pending.get(f.eventId) ?? { count: 0, money: 0 };
    const server = { count: f.count, money: f.money };
    if (d.count === 0 && p.count === 0 && server.count === 0) continue;
    const matches = d.count === server.count && d.money === server.money;
    const state: AgreementState = !sameScope || !alreadyAt(cursor, f.lastChange)
      ? 'catchingUp'
      : p.count > 0 ? 'waiting' : matches ? 'inStep' : 'differs';
    out.push({ eventId: f.eventId, state, matches, device: d, server, pending: p });
  }
  return out;
}

/** The comparison for this device, or null before any caught-up pull brought figures. */
export async function readAgreement(db: MoiDb): Promise<EventAgreement[] | null> {
  return db.transaction('r', [db.gifts, db.meta], async () => {
    const stored = await metaGet<StoredFigures>(db, SERVER_FIGURES);
    if (!stored) return null;
    const cursor = (await metaGet<PullCursor>(db, META.pullCursor)) ?? START_CURSOR;
    const scope = await metaGet<PullScope>(db, META.pullScope);
    const ids = stored.figures.map((f) => f.eventId);
    const gifts = ids.length ? await rowsWithAnyKey(db.gifts, 'eventId', ids) : [];
    return compareFigures(stored, cursor, scope?.gift ?? null, gifts);
  });
}

/**
 * After a repair pulled every gift of `eventId` the server lists (up to `repairCursor`): drop the
 * device's synced rows of that event it did not list. False, and nothing dropped, when a sync pass
 * meanwhile stored a newer cursor (it may have brought a gift the repair's listing could not know).
 */
export async function dropUnlistedGifts(db: MoiDb, eventId: string, listed: ReadonlySet<string>, repairCursor: PullCursor): Promise<boolean> {
  return db.transaction('rw', [db.gifts, db.outbox, db.meta], async () => {
    const main = (await metaGet<PullCursor>(db, META.pullCursor)) ?? START_CURSOR;
    if (!alreadyAt(repairCursor, main)) return false;
    const unsynced = await unsyncedEntities(db);
    const rows = await db.gifts.where('eventId').equals(eventId).toArray();
    const gone = rows.filter((g) => g._pending !== 1 && !unsynced.has(entityKey('gift', g.id)) && !listed.has(g.id)).map((g) => g.id);
    if (gone.length) await db.gifts.bulkDelete(gone);
    return true;
  });
}
