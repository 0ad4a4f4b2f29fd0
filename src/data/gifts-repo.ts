// Repositories the gift, counter and sign-up screens call. Each write commits the local row and
// its outbox mutation in one Dexie transaction and resolves only after that commit.
import type { Table } from 'dexie';
import type { CashTally, GiftAudit, Signup } from '../../contract/entities';
import type { MutationArgs } from '../../contract/sync';
import { uuidv7 } from '../lib/ids';
import { db as appDb, type LocalCounter, type LocalGift, type LocalSignup, type MoiDb } from './db';
import { META, enqueueInTransaction, giftRowFromInput, metaGet, metaSet, notifyOutboxWrite, reportIfQuota } from './outbox';

export type NewGift = Omit<MutationArgs<'gift.create'>, 'id' | 'receiptNo' | 'enteredAt'> & { counterCode: string };
export type GiftPatch = MutationArgs<'gift.update'>['patch'];

export class RepoError extends Error {
  constructor(public code: 'no_device_code' | 'not_found' | 'reason_required', message: string) {
    super(message);
    this.name = 'RepoError';
  }
}

async function commit<T>(db: MoiDb, tables: Table[], body: () => Promise<T>): Promise<T> {
  try {
    const r = await db.transaction('rw', tables, body);
    notifyOutboxWrite();
    return r;
  } catch (e) {
    reportIfQuota(e);
    throw e;
  }
}

/** `A-T7-0042`: counter code, this device's code, per-device receipt sequence (unique with no coordination). */
export const formatReceipt = (counterCode: string, deviceCode: string, seq: number) => `${counterCode}-${deviceCode}-${String(seq).padStart(4, '0')}`;

export async function createGiftOn(db: MoiDb, input: NewGift): Promise<LocalGift> {
  return commit(db, [db.gifts, db.outbox, db.meta], async () => {
    const deviceCode = await metaGet<string>(db, META.deviceCode);
    if (!deviceCode) throw new RepoError('no_device_code', 'This device has no device code yet: sign in once with the network on');
    const seq = ((await metaGet<number>(db, META.receiptSeq)) ?? 0) + 1;
    await metaSet(db, META.receiptSeq, seq);
    const { counterCode, ...rest } = input;
    const args: MutationArgs<'gift.create'> = { ...rest, id: uuidv7(), receiptNo: formatReceipt(counterCode, deviceCode, seq), enteredAt: new Date().toISOString() };
    const row = await enqueueInTransaction(db, 'gift.create', args, { entity: `gift:${args.id}` });
    const gift = giftRowFromInput(row.args as MutationArgs<'gift.create'>);
    await db.gifts.add(gift);
    return gift;
  });
}

/** Record a new gift; resolves with the stored row (receipt number included) after commit. */
export const createGift = (input: NewGift) => createGiftOn(appDb, input);

function audit(giftId: string, action: GiftAudit['action'], by: string, reason: string | null, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  return { id: uuidv7(), giftId, action, by, at: new Date().toISOString(), reason, before, after, _pending: 1 as const };
}

export async function updateGiftOn(db: MoiDb, id: string, patch: GiftPatch, reason: string, by: string): Promise<LocalGift> {
  if (!reason.trim()) throw new RepoError('reason_required', 'A reason is required');
  return commit(db, [db.gifts, db.audits, db.outbox, db.meta], async () => {
    const cur = await db.gifts.get(id);
    if (!cur) throw new RepoError('not_found', 'Gift not found on this device');
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      before[k] = (cur as Record<string, unknown>)[k];
      after[k] = v;
    }
    await enqueueInTransaction(db, 'gift.update', { id, baseVersion: cur.version, patch, reason, by }, { entity: `gift:${id}` });
    const next: LocalGift = { ...cur, ...(after as Partial<LocalGift>), _pending: 1 };
    await db.gifts.put(next);
    await db.audits.add(audit(id, 'update', by, reason, before, after));
    return next;
  });
}
export const updateGift = (id: string, patch: GiftPatch, reason: string, by: string) => updateGiftOn(appDb, id, patch, reason, by);

async function setDeleted(db: MoiDb, id: string, reason: string, by: string, deleted: boolean): Promise<LocalGift> {
  if (deleted && !reason.trim()) throw new RepoError('reason_required', 'A reason is required');
  return commit(db, [db.gifts, db.audits, db.outbox, db.meta], async () => {
    const cur = await db.gifts.get(id);
    if (!cur) throw new RepoError('not_found', 'Gift not found on this device');
    const at = new Date().toISOString();
    await enqueueInTransaction(db, deleted ? 'gift.delete' : 'gift.restore', { id, reason, by, at }, { entity: `gift:${id}` });
    const next: LocalGift = deleted
      ? { ...cur, deletedAt: at, deletedBy: by, deleteReason: reason, _pending: 1 }
      : { ...cur, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 1 };
    await db.gifts.put(next);
    await db.audits.add(audit(id, deleted ? 'delete' : 'restore', by, reason || null,
      { deletedAt: cur.deletedAt }, { deletedAt: next.deletedAt }));
    return next;
  });
}
export const deleteGiftOn = (db: MoiDb, id: string, reason: string, by: string) => setDeleted(db, id, reason, by, true);
export const restoreGiftOn = (db: MoiDb, id: string, reason: string, by: string) => setDeleted(db, id, reason, by, false);
export const deleteGift = (id: string, reason: string, by: string) => setDeleted(appDb, id, reason, by, true);
export const restoreGift = (id: string, reason: string, by: string) => setDeleted(appDb, id, reason, by, false);

export async function openCounterOn(db: MoiDb, id: string, by: string): Promise<LocalCounter> {
  return commit(db, [db.counters, db.outbox, db.meta], async () => {
    const cur = await db.counters.get(id);
    if (!cur) throw new RepoError('not_found', 'Counter not found on this device');
    const at = new Date().toISOString();
    await enqueueInTransaction(db, 'counter.open', { id, by, at }, { entity: `counter:${id}` });
    const next: LocalCounter = { ...cur, status: 'open', openedAt: at, openedBy: by, closedAt: null, closedBy: null, tally: null, _pending: 1 };
    await db.counters.put(next);
    return next;
  });
}
export const openCounter = (id: string, by: string) => openCounterOn(appDb, id, by);

export async function closeCounterOn(db: MoiDb, id: string, tally: CashTally): Promise<LocalCounter> {
  return commit(db, [db.counters, db.outbox, db.meta], async () => {
    const cur = await db.counters.get(id);
    if (!cur) throw new RepoError('not_found', 'Counter not found on this device');
    await enqueueInTransaction(db, 'counter.close', { id, tally }, { entity: `counter:${id}` });
    const next: LocalCounter = { ...cur, status: 'closed', closedAt: tally.closedAt, closedBy: tally.closedBy, tally, _pending: 1 };
    await db.counters.put(next);
    return next;
  });
}
export const closeCounter = (id: string, tally: CashTally) => closeCounterOn(appDb, id, tally);

export type NewSignup = Omit<MutationArgs<'signup.create'>, 'id' | 'createdAt'> & { id?: string; takenBy?: string };

export async function createSignupOn(db: MoiDb, signup: NewSignup): Promise<LocalSignup> {
  return commit(db, [db.signups, db.outbox, db.meta], async () => {
    const { takenBy, ...rest } = signup;
    const args: MutationArgs<'signup.create'> = { ...rest, id: signup.id ?? uuidv7(), createdAt: new Date().toISOString() };
    const row = await enqueueInTransaction(db, 'signup.create', args, { entity: `signup:${args.id}` });
    const local: LocalSignup = { ...(row.args as Signup), takenBy, _pending: 1 };
    await db.signups.add(local);
    return local;
  });
}
export const createSignup = (signup: NewSignup) => createSignupOn(appDb, signup);
