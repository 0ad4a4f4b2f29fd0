// The cash custody chain on the device (issue 18): a blind count at close, its reason afterwards,
// nominees (the PIN hashed here, never stored or sent as typed), and handovers. Each write commits
// the local row and its outbox mutation in one Dexie transaction, so all of it works offline and
// the server receives each once (the mutation id is the idempotency key).
import { entityKey } from './entities';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  chainOf, counterHolding, emptySummary, eventAdminHolding, type Handover, type HandoverConfirm, type HandoverSummary,
} from '../../contract/custody';
import { countsTotal, type OpeningFloat } from '../../contract/entities';
import type { MutationArgs } from '../../contract/sync';
import { uuidv7 } from '../../contract/ids';
import { hashPinWeb, verifyPin } from '../lib/pin-hash';
import { clockOffsetMs, correctedIso } from './clock';
import { db as appDb, type LocalCounter, type LocalGift, type LocalHandover, type LocalNominee, type MoiDb } from './db';
import { counterCash } from './gift-queries';
import { mutate } from './outbox';

/** PBKDF2 iterations of a nominee PIN made on this device (the server's cost for staff PINs). */
export const NOMINEE_PIN_ITERATIONS = 100_000;

/** What a custody write touches besides the outbox. */
const custodyTables = (db: MoiDb) => [db.counters, db.gifts, db.nominees, db.handovers, db.users];

export class CustodyError extends Error {
  constructor(public code: 'not_found' | 'not_closed' | 'bad_pin', message: string) {
    super(message);
    this.name = 'CustodyError';
  }
}

/**
 * Save a BLIND count: the denomination counts only. The mutation carries no expected cash (the
 * server works it out); the local row holds this device's figure (float + its cash gifts) so the
 * screen can show it — after this commit, never before.
 */
export async function saveBlindCountOn(db: MoiDb, id: string, counts: Record<string, number>, by: string, pinAuthorId?: string | null): Promise<LocalCounter> {
  return mutate(db, 'counter.close', custodyTables(db), async (send) => {
    const cur = await db.counters.get(id);
    if (!cur) throw new CustodyError('not_found', 'Counter not found on this device');
    const clean = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    const countedTotal = countsTotal(clean);
    const closedAt = new Date().toISOString();
    await send({
      id, tally: { counts: clean, countedTotal, reason: null, blind: true, closedBy: by, closedAt }, clockOffsetMs: clockOffsetMs(),
      ...(pinAuthorId ? { pinAuthorId } : {}),
    }, entityKey('counter', id));
    const float = cur.openingFloat?.amount ?? 0;
    const cashGifts = await counterCash(id, db);
    const expectedCash = float + cashGifts;
    const at = correctedIso(closedAt, clockOffsetMs());
    const next: LocalCounter = {
      ...cur, status: 'closed', closedAt: at, closedBy: by,
      tally: { counts: clean, countedTotal, reason: null, blind: true, expectedCash, difference: countedTotal - expectedCash, float, cashGifts, closedBy: by, closedAt: at },
      _pending: 1,
    };
    await db.counters.put(next);
    return next;
  });
}
export const saveBlindCount = (id: string, counts: Record<string, number>, by: string, pinAuthorId?: string | null) => saveBlindCountOn(appDb, id, counts, by, pinAuthorId);

/** The reason for a difference, given once the expected cash was shown. */
export async function explainCountOn(db: MoiDb, id: string, reason: string): Promise<LocalCounter> {
  return mutate(db, 'counter.count.explain', custodyTables(db), async (send) => {
    const cur = await db.counters.get(id);
    if (!cur?.tally) throw new CustodyError('not_closed', 'This counter has no cash count yet');
    await send({ id, reason }, entityKey('counter', id));
    const next: LocalCounter = { ...cur, tally: { ...cur.tally, reason, reasonAt: new Date().toISOString() }, _pending: 1 };
    await db.counters.put(next);
    return next;
  });
}
export const explainCount = (id: string, reason: string) => explainCountOn(appDb, id, reason);

function randomHex(bytes: number): string {
  const b = new Uint8Array(bytes);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export type NomineeInput = { id?: string; eventId: string; name: string; mobile: string | null; pin?: string };

/** Add or edit a nominee; a PIN (6 digits) is hashed here and only its hash leaves this function. */
export async function saveNomineeOn(db: MoiDb, n: NomineeInput, iterations = NOMINEE_PIN_ITERATIONS): Promise<LocalNominee> {
  const id = n.id ?? uuidv7();
  let pin: MutationArgs<'nominee.save'>['pin'];
  if (n.pin) {
    if (!/^\d{6}$/.test(n.pin)) throw new CustodyError('bad_pin', 'The PIN is 6 digits');
    const salt = randomHex(16);
    pin = { salt, hash: await hashPinWeb(n.pin, salt, iterations), iterations };
  }
  return mutate(db, 'nominee.save', custodyTables(db), async (send) => {
    const cur = await db.nominees.get(id);
    if (!cur && !pin) throw new CustodyError('bad_pin', 'A new nominee needs a PIN');
    await send({ id, eventId: n.eventId, name: n.name.trim(), mobile: n.mobile || null, ...(pin ? { pin } : {}) }, entityKey('nominee', id));
    const row: LocalNominee = {
      id, eventId: n.eventId, name: n.name.trim(), mobile: n.mobile || null,
      salt: pin?.salt ?? cur!.salt, hash: pin?.hash ?? cur!.hash, iterations: pin?.iterations ?? cur!.iterations,
      updatedAt: new Date().toISOString(), _pending: 1,
    };
    await db.nominees.put(row);
    return row;
  });
}
export const saveNominee = (n: NomineeInput) => saveNomineeOn(appDb, n);

/** The offline check of a nominee's (or a staff member's) PIN against the hash this device holds. */
export const checkPin = (pin: string, row: { salt: string; hash: string; iterations?: number }) => verifyPin(pin, row);

/** UPI, cheque and item gifts of a counter: what goes with its cash in a handover. */
export function summaryOf(gifts: readonly LocalGift[]): HandoverSummary {
  const s = emptySummary();
  for (const g of gifts) {
    if (g.deletedAt) continue;
    if (g.mode === 'upi') { s.upi.count++; s.upi.total += g.amount; }
    if (g.mode === 'cheque') { s.cheque.count++; s.cheque.total += g.amount; }
    if (g.mode === 'item') { s.item.count++; if (g.item) s.item.descriptions.push(g.item); }
  }
  return s;
}

export type HandoverInput = {
  id?: string;
  eventId: string;
  from: MutationArgs<'handover.create'>['from'];
  to: MutationArgs<'handover.create'>['to'];
  toName: string;
  cash: number;
  counts?: Record<string, number> | null;
  summary: HandoverSummary;
  confirm: HandoverConfirm;
  deviceVerified: boolean;
  by: string;
  pinAuthorId?: string | null;
};

/** Record one step of the chain (the receiver has confirmed: PIN checked here when it could be, or OTP). */
export async function createHandoverOn(db: MoiDb, h: HandoverInput): Promise<LocalHandover> {
  const id = h.id ?? uuidv7();
  const handedAt = new Date().toISOString();
  return mutate(db, 'handover.create', custodyTables(db), async (send) => {
    const args: MutationArgs<'handover.create'> = {
      id, eventId: h.eventId, from: h.from, to: h.to, cash: h.cash, counts: h.counts ?? null, summary: h.summary, confirm: h.confirm,
      deviceVerified: h.deviceVerified, handedAt, clockOffsetMs: clockOffsetMs(), ...(h.pinAuthorId ? { pinAuthorId: h.pinAuthorId } : {}),
    };
    await send(args, entityKey('handover', id));
    const row: LocalHandover = {
      id, eventId: h.eventId, fromKind: h.from.kind, fromCounterId: h.from.kind === 'counter' ? h.from.counterId : null,
      toKind: h.to.kind, toCounterId: h.to.kind === 'counter' ? h.to.counterId : null, toNomineeId: h.to.kind === 'nominee' ? h.to.nomineeId : null,
      toUserId: h.to.kind === 'counter' ? h.to.userId : h.to.kind === 'event_admin' ? h.by : null, toName: h.toName,
      cash: h.cash, counts: h.counts ?? null, summary: h.summary, method: h.confirm.method, verified: h.deviceVerified, deviceVerified: h.deviceVerified,
      flags: [], handedBy: h.by, handedByName: (await db.users.get(h.by))?.name ?? '', pinAuthorId: h.pinAuthorId ?? null, handedAt: correctedIso(handedAt, clockOffsetMs()), receivedAt: null, _pending: 1,
    };
    await db.handovers.put(row);
    return row;
  });
}
export const createHandover = (h: HandoverInput) => createHandoverOn(appDb, h);

// ---- Reads -------------------------------------------------------------------------------------

export const nomineesOf = (eventId: string, db: MoiDb = appDb) => db.nominees.where('eventId').equals(eventId).sortBy('name');
export const handoversOf = (eventId: string, db: MoiDb = appDb) => db.handovers.where('eventId').equals(eventId).sortBy('handedAt');

export function useNominees(eventId: string | null | undefined): LocalNominee[] | undefined {
  return useLiveQuery(() => (eventId ? nomineesOf(eventId) : []), [eventId]);
}
export function useHandovers(eventId: string | null | undefined): LocalHandover[] | undefined {
  return useLiveQuery(() => (eventId ? handoversOf(eventId) : []), [eventId]);
}

/** What a closed counter would hand over now: its count plus cash received from other counters, minus what it already handed on. */
export async function counterHandoverDraft(counterId: string, db: MoiDb = appDb): Promise<{ cash: number; summary: HandoverSummary; counts: Record<string, number> | null } | null> {
  const c = await db.counters.get(counterId);
  if (!c?.tally) return null;
  const steps = await handoversOf(c.eventId, db);
  const gifts = await db.gifts.where('counterId').equals(counterId).toArray();
  const handedBefore = steps.some((s) => s.fromKind === 'counter' && s.fromCounterId === counterId);
  return {
    cash: Math.max(0, counterHolding(counterId, c.tally.countedTotal, steps)),
    summary: handedBefore ? emptySummary() : summaryOf(gifts),
    counts: handedBefore || steps.some((s) => s.toCounterId === counterId) ? null : c.tally.counts,
  };
}
export function useCounterHandoverDraft(counterId: string | null | undefined) {
  return useLiveQuery(() => (counterId ? counterHandoverDraft(counterId) : null), [counterId]);
}

/** The chain of a counter: the counter, its steps (onward from whoever received), and who holds what. */
export type CounterChain = { counter: LocalCounter; steps: Handover[]; holding: number };
export async function counterChain(counterId: string, db: MoiDb = appDb): Promise<CounterChain | null> {
  const counter = await db.counters.get(counterId);
  if (!counter) return null;
  const all = await handoversOf(counter.eventId, db);
  return { counter, steps: chainOf(counterId, all), holding: counterHolding(counterId, counter.tally?.countedTotal ?? 0, all) };
}
export function useCounterChain(counterId: string | null | undefined): CounterChain | null | undefined {
  return useLiveQuery(() => (counterId ? counterChain(counterId) : null), [counterId]);
}

export const adminHolding = (steps: readonly Handover[]) => eventAdminHolding(steps);

/** The float as the open dialog gives it: an amount, or a count of notes and coins that makes it. */
export function floatFrom(counts: Record<string, number> | null, amount: number | null): OpeningFloat | null {
  if (counts && Object.values(counts).some((n) => n > 0)) {
    const clean = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    return { amount: countsTotal(clean), counts: clean };
  }
  return amount && amount > 0 ? { amount } : null;
}

/** Everything the custody screens of one event read: nominees, handovers, counters, staff PIN hashes and names. */
export type EventCustody = {
  nominees: LocalNominee[];
  handovers: LocalHandover[];
  counters: LocalCounter[];
  staffPins: Array<{ counterId: string; userId: string; name: string; salt: string; hash: string; iterations?: number }>;
  userNames: Record<string, string>;
  /** The UPI/cheque/item summary of each closed counter (what goes with its cash). */
  summaries: Record<string, HandoverSummary>;
};
export async function eventCustody(eventId: string, db: MoiDb = appDb): Promise<EventCustody> {
  const [nominees, handovers, counters] = await Promise.all([nomineesOf(eventId, db), handoversOf(eventId, db), db.counters.where('eventId').equals(eventId).sortBy('code')]);
  const staffPins = counters.length ? await db.staffPins.where('counterId').anyOf(counters.map((c) => c.id)).toArray() : [];
  const ids = new Set<string>();
  for (const c of counters) for (const u of [...c.staffIds, c.openedBy, c.closedBy, c.tally?.closedBy]) if (u) ids.add(u);
  for (const h of handovers) for (const u of [h.handedBy, h.toUserId]) if (u) ids.add(u);
  const users = await db.users.bulkGet([...ids]);
  const userNames: Record<string, string> = {};
  for (const u of users) if (u) userNames[u.id] = u.name;
  for (const p of staffPins) userNames[p.userId] ??= p.name;
  const summaries: Record<string, HandoverSummary> = {};
  for (const c of counters) if (c.tally) summaries[c.id] = summaryOf(await db.gifts.where('counterId').equals(c.id).filter((g) => g.mode !== 'cash').toArray());
  return { nominees, handovers, counters, staffPins, userNames, summaries };
}
export function useEventCustody(eventId: string | null | undefined): EventCustody | null | undefined {
  return useLiveQuery(() => (eventId ? eventCustody(eventId) : null), [eventId]);
}
