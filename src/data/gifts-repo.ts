// Repositories the gift, counter and sign-up screens call. Each write commits the local row and
// its outbox mutation in one Dexie transaction and resolves only after that commit.
import { entityKey } from './entities';
import Dexie from 'dexie';
import type { CashTally, GiftAudit, OpeningFloat, Signup } from '../../contract/entities';
import { newReceiptToken } from '../../contract/receipts';
import type { MutationArgs } from '../../contract/sync';
import { uuidv7 } from '../../contract/ids';
import { clockOffsetMs, correctedIso } from './clock';
import { db as appDb, type LocalCounter, type LocalGift, type LocalSignup, type MetaRow, type MoiDb } from './db';
import { META, buildOutboxRow, commitWrites, giftRowFromInput, mutate, readOutboxContext } from './outbox';

/** A new gift: `authorId` is the signed-in user, `pinAuthorId` the staff member switched in by PIN (if another). */
export type NewGift = Omit<MutationArgs<'gift.create'>, 'id' | 'receiptNo' | 'enteredAt' | 'clockOffsetMs' | 'receiptToken'> & { counterCode: string };
export type GiftPatch = MutationArgs<'gift.update'>['patch'];

export class RepoError extends Error {
  constructor(public code: 'no_device_code' | 'not_found' | 'reason_required', message: string) {
    super(message);
    this.name = 'RepoError';
  }
}


/** `A-T7-0042`: counter code, this device's code, per-device receipt sequence (unique with no coordination). */
export const formatReceipt = (counterCode: string, deviceCode: string, seq: number) => `${counterCode}-${deviceCode}-${String(seq).padStart(4, '0')}`;

/** The numbers this tab's last gift save committed (device id and code, outbox and receipt seq). */
type SaveContext = { deviceId: string; deviceCode: string; outboxSeq: number; receiptSeq: number };
const lastSave = new WeakMap<MoiDb, SaveContext>();

class StaleSaveContext extends Error {}

function giftWrites(db: MoiDb, input: NewGift, c: SaveContext, extraMeta: MetaRow[]) {
  const { counterCode, ...rest } = input;
  // The device's own time and its measured offset; the local row shows the corrected time.
  const args: MutationArgs<'gift.create'> = {
    ...rest, id: uuidv7(), receiptNo: formatReceipt(counterCode, c.deviceCode, c.receiptSeq), enteredAt: new Date().toISOString(), clockOffsetMs: clockOffsetMs(),
    // Made here, offline: the receipt's verification link (contract/receipts.ts).
    receiptToken: newReceiptToken(),
  };
  const row = buildOutboxRow('gift.create', args, c.deviceId, c.outboxSeq, { entity: entityKey('gift', args.id) });
  const gift = giftRowFromInput(row.args as MutationArgs<'gift.create'>);
  const done = Promise.all([
    db.meta.bulkPut([...extraMeta, { key: META.seq, value: c.outboxSeq }, { key: META.receiptSeq, value: c.receiptSeq }]),
    db.outbox.add(row),
    db.gifts.add(gift),
  ]);
  return { gift, done };
}

/**
 * Record a new gift and its outbox mutation in ONE transaction; resolves after the commit, so what
 * the screen calls saved is on the device with its mutation.
 *
 * The counter's hot path, so it costs as few round trips to IndexedDB as it can. The numbers it needs
 * (device code, receipt seq, device id, outbox seq) are predicted from this tab's previous save and
 * the writes are issued at once, together with the reads of the stored numbers; the reads run
 * first (requests of a transaction run in order) and, inside the same read-write transaction (no
 * other tab can write in between), the prediction is checked against them before the commit. A
 * wrong prediction (another tab saved, an import, a first save) aborts the transaction, nothing of
 * it is kept, and the save runs again the plain way: read, then write. A receipt number is issued
 * only from numbers read in the transaction that stores it.
 */
export async function createGiftOn(db: MoiDb, input: NewGift): Promise<LocalGift> {
  const prev = lastSave.get(db);
  lastSave.delete(db);
  // Only as a transaction of its own: inside an outer one a failed check could not undo the writes.
  if (prev && !Dexie.currentTransaction) {
    try {
      const r = await createGiftTx(db, input, { ...prev, outboxSeq: prev.outboxSeq + 1, receiptSeq: prev.receiptSeq + 1 });
      lastSave.set(db, r.used);
      return r.gift;
    } catch {
      // A wrong prediction (or any failure) committed nothing: save again the plain way, which
      // fails for real if something is really wrong.
    }
  }
  const r = await createGiftTx(db, input, null);
  lastSave.set(db, r.used);
  return r.gift;
}

function createGiftTx(db: MoiDb, input: NewGift, predicted: SaveContext | null): Promise<{ gift: LocalGift; used: SaveContext }> {
  return commitWrites(db, [db.gifts], async () => {
    const read = readOutboxContext(db, [META.deviceCode, META.receiptSeq]);
    const early = predicted ? giftWrites(db, input, predicted, []) : null;
    early?.done.catch(() => undefined); // its failure aborts the transaction; awaited below
    const ctx = await read;
    const [deviceCode, lastReceipt] = ctx.meta as [string | undefined, number | undefined];
    if (!deviceCode) throw new RepoError('no_device_code', 'This device has no device code yet: sign in once with the network on');
    const actual: SaveContext = { deviceId: ctx.deviceId, deviceCode, outboxSeq: ctx.seq, receiptSeq: (lastReceipt ?? 0) + 1 };
    if (early && predicted) {
      const same = ctx.puts.length === 1 && actual.deviceId === predicted.deviceId && actual.deviceCode === predicted.deviceCode
        && actual.outboxSeq === predicted.outboxSeq && actual.receiptSeq === predicted.receiptSeq;
      if (!same) throw new StaleSaveContext('The stored receipt or outbox numbers moved since this tab last saved');
      await early.done;
      return { gift: early.gift, used: actual };
    }
    const w = giftWrites(db, input, actual, ctx.puts.filter((m) => m.key !== META.seq));
    await w.done;
    return { gift: w.gift, used: actual };
  });
}

/** Record a new gift; resolves with the stored row (receipt number included) after commit. */
export const createGift = (input: NewGift) => createGiftOn(appDb, input);

/** The device's own audit row of a change, shown in History at once; the server's copy replaces it (sync/local-audits.ts). */
function audit(mutationId: string, giftId: string, action: GiftAudit['action'], by: string, reason: string | null, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  return { id: uuidv7(), giftId, action, by, at: new Date().toISOString(), reason, before, after, _pending: 1 as const, mutationId };
}

export async function updateGiftOn(db: MoiDb, id: string, patch: GiftPatch, reason: string, by: string): Promise<LocalGift> {
  if (!reason.trim()) throw new RepoError('reason_required', 'A reason is required');
  return mutate(db, 'gift.update', [db.gifts, db.audits], async (send) => {
    const cur = await db.gifts.get(id);
    if (!cur) throw new RepoError('not_found', 'Gift not found on this device');
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      before[k] = (cur as Record<string, unknown>)[k];
      after[k] = v;
    }
    const sent = await send({ id, baseVersion: cur.version, patch, reason, by }, entityKey('gift', id));
    const next: LocalGift = { ...cur, ...(after as Partial<LocalGift>), _pending: 1 };
    await db.gifts.put(next);
    await db.audits.add(audit(sent.id, id, 'update', by, reason, before, after));
    return next;
  });
}
export const updateGift = (id: string, patch: GiftPatch, reason: string, by: string) => updateGiftOn(appDb, id, patch, reason, by);

async function setDeleted(db: MoiDb, id: string, reason: string, by: string, deleted: boolean): Promise<LocalGift> {
  if (deleted && !reason.trim()) throw new RepoError('reason_required', 'A reason is required');
  return mutate(db, deleted ? 'gift.delete' : 'gift.restore', [db.gifts, db.audits], async (send) => {
    const cur = await db.gifts.get(id);
    if (!cur) throw new RepoError('not_found', 'Gift not found on this device');
    const at = new Date().toISOString();
    const sent = await send({ id, reason, by, at }, entityKey('gift', id));
    const next: LocalGift = deleted
      ? { ...cur, deletedAt: at, deletedBy: by, deleteReason: reason, _pending: 1 }
      : { ...cur, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 1 };
    await db.gifts.put(next);
    await db.audits.add(audit(sent.id, id, deleted ? 'delete' : 'restore', by, reason || null,
      { deletedAt: cur.deletedAt }, { deletedAt: next.deletedAt }));
    return next;
  });
}
/**
 * A duplicate receipt was printed (issue 28): a line in the gift's history, on this device at once
 * and on the server through the outbox. `copy` counts the prints of this receipt (2 = the first duplicate).
 */
export async function recordReprintOn(db: MoiDb, id: string, by: string, pinAuthorId?: string | null): Promise<number> {
  return mutate(db, 'gift.reprint', [db.gifts, db.audits], async (send) => {
    if (!(await db.gifts.get(id))) throw new RepoError('not_found', 'Gift not found on this device');
    const copy = 2 + (await db.audits.where('giftId').equals(id).filter((a) => a.action === 'reprint').count());
    const sent = await send({ id, copy, by, at: new Date().toISOString(), ...(pinAuthorId ? { pinAuthorId } : {}) }, entityKey('gift', id));
    await db.audits.add(audit(sent.id, id, 'reprint', by, null, {}, { copy }));
    return copy;
  });
}
export const recordReprint = (id: string, by: string, pinAuthorId?: string | null) => recordReprintOn(appDb, id, by, pinAuthorId);
export const deleteGiftOn = (db: MoiDb, id: string, reason: string, by: string) => setDeleted(db, id, reason, by, true);
export const restoreGiftOn = (db: MoiDb, id: string, reason: string, by: string) => setDeleted(db, id, reason, by, false);
export const deleteGift = (id: string, reason: string, by: string) => setDeleted(appDb, id, reason, by, true);
export const restoreGift = (id: string, reason: string, by: string) => setDeleted(appDb, id, reason, by, false);

/** Open a counter; `openingFloat` (issue 18): the notes and coins put in for change, part of the expected cash. */
export async function openCounterOn(db: MoiDb, id: string, by: string, openingFloat?: OpeningFloat | null): Promise<LocalCounter> {
  return mutate(db, 'counter.open', [db.counters], async (send) => {
    const cur = await db.counters.get(id);
    if (!cur) throw new RepoError('not_found', 'Counter not found on this device');
    const at = new Date().toISOString();
    await send({ id, by, at, ...(openingFloat ? { openingFloat } : {}) }, entityKey('counter', id));
    const next: LocalCounter = {
      ...cur, status: 'open', openedAt: at, openedBy: by, closedAt: null, closedBy: null, tally: null, _pending: 1,
      ...(openingFloat ? { openingFloat } : {}),
    };
    await db.counters.put(next);
    return next;
  });
}
export const openCounter = (id: string, by: string, openingFloat?: OpeningFloat | null) => openCounterOn(appDb, id, by, openingFloat);

export async function closeCounterOn(db: MoiDb, id: string, tally: CashTally): Promise<LocalCounter> {
  return mutate(db, 'counter.close', [db.counters], async (send) => {
    const cur = await db.counters.get(id);
    if (!cur) throw new RepoError('not_found', 'Counter not found on this device');
    // The tally's closedAt is the device's clock; with its offset the server corrects it.
    await send({ id, tally, clockOffsetMs: clockOffsetMs() }, entityKey('counter', id));
    // Shown until the server's own record arrives: the close time on the server's clock as well as this device knows it.
    const closedAt = correctedIso(tally.closedAt, clockOffsetMs());
    const next: LocalCounter = { ...cur, status: 'closed', closedAt, closedBy: tally.closedBy, tally: { ...tally, closedAt }, _pending: 1 };
    await db.counters.put(next);
    return next;
  });
}
export const closeCounter = (id: string, tally: CashTally) => closeCounterOn(appDb, id, tally);

export type NewSignup = Omit<MutationArgs<'signup.create'>, 'id' | 'createdAt'> & { id?: string; takenBy?: string };

export async function createSignupOn(db: MoiDb, signup: NewSignup): Promise<LocalSignup> {
  return mutate(db, 'signup.create', [db.signups], async (send) => {
    const { takenBy, ...rest } = signup;
    const args: MutationArgs<'signup.create'> = { ...rest, id: signup.id ?? uuidv7(), createdAt: new Date().toISOString() };
    const row = await send(args, entityKey('signup', args.id));
    const local: LocalSignup = { ...(row.args as Signup), takenBy, _pending: 1 };
    await db.signups.add(local);
    return local;
  });
}
export const createSignup = (signup: NewSignup) => createSignupOn(appDb, signup);

/** The host's order for the moi book, stored on the event (the event.bookOrder mutation): every device and the server print it. */
export async function setBookOrderOn(db: MoiDb, eventId: string, villages: string[], firstGiftIds: string[]): Promise<void> {
  await mutate(db, 'event.bookOrder', [db.events], async (send) => {
    const cur = await db.events.get(eventId);
    if (!cur) throw new RepoError('not_found', 'Event not found on this device');
    const clean = [...new Set(villages.map((v) => v.trim().replace(/\s+/g, ' ')).filter(Boolean))];
    const ids = [...new Set(firstGiftIds)];
    await send({ id: eventId, villages: clean, firstGiftIds: ids }, entityKey('event', eventId));
    await db.events.put({ ...cur, bookVillageOrder: clean, bookFirstGiftIds: ids, _pending: 1 });
  });
}
export const setBookOrder = (eventId: string, villages: string[], firstGiftIds: string[]) => setBookOrderOn(appDb, eventId, villages, firstGiftIds);
