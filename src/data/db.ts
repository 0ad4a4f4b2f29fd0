// The device database (Dexie): the source of truth for the UI. What lives where:
// - gifts, events, counters, users, audits, staffPins, signups, memberships, nominees, handovers: rows pulled from the
//   server plus local writes not yet confirmed (`_pending` = 1 until the server accepts them);
// - ledgerHints: one line per person of the hosts' ledgers this user may see (the counter hint), pulled only;
// - outbox: one row per mutation waiting for / done with the server (the idempotency key is its id);
// - files: Blobs (profile pictures) waiting to upload, deleted once uploaded;
// - meta: device id, device code, per-device seq, pull cursor, last sync time, receipt counters.
// Only src/data/ imports this file.
import Dexie, { type EntityTable } from 'dexie';
import type { Counter, Gift, GiftAudit, Membership, MoiEvent, Signup, User } from '../../contract/entities';
import type { Handover, Nominee } from '../../contract/custody';
import type { LedgerHintRow } from '../../contract/ledger';
import type { MutationName } from '../../contract/sync';
import { attachLifeline, openOrFallBack } from './lifeline';

/** 1 while a local write has not been accepted by the server; 0 once confirmed. Indexed (booleans are not). */
type Pending = { _pending?: 0 | 1 };

export type LocalGift = Gift & Pending;
export type LocalEvent = MoiEvent & Pending;
export type LocalCounter = Counter & Pending;
export type LocalUser = User & Pending;
/**
 * An audit row; one this device wrote for its own change (`_pending: 1`) names the outbox mutation
 * that carries the change, so the server's copy can take its place once that mutation is accepted;
 * that copy then names the local row it `replaces` (sync/local-audits.ts).
 */
export type LocalAudit = GiftAudit & Pending & { mutationId?: string; replaces?: string };
export type LocalSignup = Signup & Pending & { takenBy?: string };
export type LocalMembership = Membership & Pending;
/** Custody (issue 18): the event's nominees (PIN as its salted hash, for the offline check) and handovers. */
export type LocalNominee = Nominee & Pending;
export type LocalHandover = Handover & Pending;
/** `iterations` absent: a legacy 4-digit PIN hashed at 10,000 iterations. */
export type StaffPin = { id: string; counterId: string; userId: string; name: string; salt: string; hash: string; iterations?: number };

export type OutboxState = 'pending' | 'sending' | 'done' | 'rejected';
export type OutboxRow = {
  id: string; // mutation id (UUID): the idempotency key
  deviceId: string;
  seq: number;
  name: MutationName;
  args: unknown;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  lastErrorCode: string | null;
  state: OutboxState;
  /** `gift:<id>`, `counter:<id>`, `user:<id>`, `signup:<id>`: the local row this mutation keeps pending. */
  entity?: string | null;
  /** When the row was claimed for sending (ms); a claim older than the request timeout is stale. */
  sendingSince?: number | null;
  /** Original device of an imported mutation (its id is kept, so the server answers duplicate, never a double). */
  originDeviceId?: string | null;
  /** Not before this time (ms) is a row the server could not store tried again (push-retry.ts). */
  retryAt?: number | null;
  /** How many times the server answered a transient error (internal_error…) for this row. */
  transientTries?: number;
  /** When the server accepted it (ms); done rows are pruned a week later (outbox-prune.ts). */
  doneAt?: number | null;
  /**
   * Sent in a request that got no answer (failed, timed out, the page closed): the server may have
   * applied it. Such rows are sent again first and under the same seq (sync/push.ts claimRows).
   */
  unanswered?: boolean;
};

export type FileRow = { id: string; blob: Blob; mime: string; createdAt: string };
export type MetaRow = { key: string; value: unknown };

export class MoiDb extends Dexie {
  gifts!: EntityTable<LocalGift, 'id'>;
  events!: EntityTable<LocalEvent, 'id'>;
  counters!: EntityTable<LocalCounter, 'id'>;
  users!: EntityTable<LocalUser, 'id'>;
  audits!: EntityTable<LocalAudit, 'id'>;
  staffPins!: EntityTable<StaffPin, 'id'>;
  signups!: EntityTable<LocalSignup, 'id'>;
  memberships!: EntityTable<LocalMembership, 'id'>;
  nominees!: EntityTable<LocalNominee, 'id'>;
  handovers!: EntityTable<LocalHandover, 'id'>;
  ledgerHints!: EntityTable<LedgerHintRow & Pending, 'id'>;
  outbox!: EntityTable<OutboxRow, 'id'>;
  files!: EntityTable<FileRow, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'moi') {
    // Durability of read-write transactions. Dexie 4 passes no hint, so Chromium's default applies,
    // which is 'relaxed' since Chrome 121: the commit is reported once the data is handed to the OS
    // (it survives a tab or browser crash, but a power cut or OS crash within the OS's write-back
    // window can lose it). 'strict' reports the commit only after the data is flushed to disk.
    // Measured in this project's Chromium (bench set-up, a transaction like a gift save: 2 puts):
    // median commit 1.2 ms relaxed / 1.4 ms default / 1.4 ms strict unthrottled, 5.6 / 5.6 / 5.7 ms
    // at 4x CPU throttling — no measurable cost, while the save's budget goes to the main thread.
    // A counter's record of cash is the data a "saved" must not lose, so the flush is kept: strict.
    // (A phone's flash may take longer to flush than this machine; the save stays one transaction.)
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      gifts: 'id, eventId, counterId, [eventId+receiptNo], [eventId+enteredAt], [counterId+enteredAt], enteredBy, village, _pending',
      events: 'id, status, date',
      counters: 'id, eventId, status',
      users: 'id, username, user_id',
      audits: 'id, giftId',
      staffPins: 'id, counterId, userId',
      signups: 'id, createdAt, _pending',
      memberships: 'id, holderId',
      outbox: 'id, &seq, state, [state+seq], name',
      files: 'id',
      meta: 'key',
    });
    // v2: outbox rows name the entity they keep pending, so the merge never clobbers unsynced work.
    this.version(2).stores({
      outbox: 'id, &seq, state, [state+seq], name, entity',
    });
    // v3 (issue 18): the cash custody chain.
    this.version(3).stores({
      nominees: 'id, eventId',
      handovers: 'id, eventId, fromCounterId, toCounterId, handedAt',
    });
    // v4: the ledger's hint lines (change type ledgerPerson, issue 12), by host.
    this.version(4).stores({
      ledgerHints: 'id, ownerId',
    });
  }
}

/**
 * In a worker (the ledger hint's lookup reads the same database): no localStorage there, so no
 * lifeline and no in-memory fallback; the page keeps both, and the worker opens the database as it is.
 */
const inWorker = typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined';
/** The app's database, with its copy in localStorage for when the browser loses it (lifeline.ts). */
export const db = inWorker ? new MoiDb() : attachLifeline(new MoiDb());
// Opened before any module that reads it runs: a database the browser refuses to open is opened in
// memory instead, kept by the lifeline (lifeline.ts), so the counter still takes gifts.
if (!inWorker) await openOrFallBack(db);
