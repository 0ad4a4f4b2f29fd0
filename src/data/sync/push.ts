// The push: drain the outbox in seq order, in batches (≤ 500, smaller for a slow server), and settle
// each answer (push-retry.ts: applied / duplicate → done, transient → retried with backoff, refused →
// rejected). In this one file, as a newcomer follows a gift:
// - the outbox rows' transitions: claim (pending → sending, under which seq), release after a failed
//   request, recover rows a closed page left sending, and clear the `_pending` flag of entities with
//   no unsynced work left;
// - the attachments: profile pictures wait in the outbox as 'profile.picture' entries (their Blob in
//   the files table) and go up one by one in seq order with the record mutations around them; an
//   upload the server refuses for good (4xx) shows as rejected, anything else is tried again;
// - the push adapter itself.
import Dexie from 'dexie';
import type { ChangeType, PushResult } from '../../../contract/sync';
import { ApiRequestError } from '../../lib/api';
import type { MoiDb, OutboxRow } from '../db';
import { ENTITY_TABLE, parseEntityKey } from '../entities';
import { META, deviceIdOf } from '../outbox';
import { backoffDelay } from './backoff';
import { dueForPush, settlePushResults } from './push-retry';
import type { RequestTiming } from './request-timing';
import type { SyncTransport } from './transport';

// ---------------------------------------------------------------- outbox rows

/** A `sending` claim older than this belonged to a page that closed mid-request. */
export const STALE_SENDING_MS = 90_000;

/** Put back rows left `sending` by a page that closed mid-request (all of them when `elected`: nobody else is sending). */
export async function recoverStale(db: MoiDb, elected: boolean, now = Date.now()): Promise<void> {
  // Nothing left sending (the usual case): no write at all. A modify() over the index is a write
  // transaction that makes every live query reading the outbox run again (the gift lists' "refused"
  // marks over thousands of gifts), a long main-thread task at every push attempt, offline too.
  if ((await db.outbox.where('state').equals('sending').count()) === 0) return;
  const cutoff = now - STALE_SENDING_MS;
  await db.outbox.where('state').equals('sending').modify((r) => {
    if (elected || !r.sendingSince || r.sendingSince < cutoff) {
      r.state = 'pending';
      r.sendingSince = null;
      r.unanswered = true;
    }
  });
}

/** The highest seq of this device the server has answered (push answers' lastSeq), kept in meta. */
export const ANSWERED_SEQ = 'answeredSeq';

/**
 * Atomically move the next `limit` due pending rows (seq order) to `sending`. Two drainers never
 * claim the same row. The server answers a seq at or below the highest it has answered as
 * `duplicate` (Replicache's last applied seq), so:
 * - while any row is being sent, nothing is claimed;
 * - rows sent in a request that got no answer go again FIRST and alone, under their seq (the
 *   server may have applied them: then they answer duplicate; if not, nothing later was applied);
 * - any other claim whose rows include a seq at or below the answered one (a row retried after a
 *   rejection, or held back for its retry delay while later rows went) is given new seqs, in its
 *   order, above every seq of the device.
 */
export async function claimRows(db: MoiDb, limit: number): Promise<OutboxRow[]> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    // Rows another drainer is sending (or a closed page left sending, until recoverStale puts them
    // back): their outcome is unknown, so nothing later may go before them.
    if ((await db.outbox.where('state').equals('sending').count()) > 0) return [];
    const pending = db.outbox.where('[state+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]);
    const unanswered = await pending.clone().filter((r) => !!r.unanswered).limit(limit).toArray();
    const rows = unanswered.length ? unanswered : await pending.filter(dueForPush(Date.now())).limit(limit).toArray();
    if (rows.length === 0) return rows;
    if (!unanswered.length) {
      const answered = ((await db.meta.get(ANSWERED_SEQ))?.value as number | undefined) ?? 0;
      if (rows.some((r) => r.seq <= answered)) {
        const last = await db.outbox.orderBy('seq').last();
        let next = Math.max(((await db.meta.get(META.seq))?.value as number | undefined) ?? 0, last?.seq ?? 0, answered);
        for (const r of rows) r.seq = ++next;
        await db.meta.put({ key: META.seq, value: next });
      }
    }
    const now = Date.now();
    for (const r of rows) { r.state = 'sending'; r.sendingSince = now; }
    await db.outbox.bulkPut(rows);
    return rows;
  });
}

/** A push answered: remember the highest seq the server has answered for this device. */
export async function noteAnsweredSeq(db: MoiDb, lastSeq: number | undefined): Promise<void> {
  if (lastSeq === undefined) return;
  const cur = ((await db.meta.get(ANSWERED_SEQ))?.value as number | undefined) ?? 0;
  if (lastSeq > cur) await db.meta.put({ key: ANSWERED_SEQ, value: lastSeq });
}

/** A request for these rows failed: back to pending, one attempt counted (none for a 401). */
export async function releaseRows(db: MoiDb, rows: OutboxRow[], err: unknown): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof ApiRequestError ? err.code : null;
  const is401 = err instanceof ApiRequestError && err.status === 401;
  await db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.bulkGet(rows.map((r) => r.id));
    const next: OutboxRow[] = [];
    for (const cur of current) {
      if (!cur || cur.state !== 'sending') continue;
      // A 401 leaves the row exactly as it was (no attempt counted).
      // The server may have applied it (the answer was lost): it goes again first, under its seq.
      next.push(is401
        ? { ...cur, state: 'pending', sendingSince: null, unanswered: true }
        : { ...cur, state: 'pending', sendingSince: null, attempts: cur.attempts + 1, lastError: message, lastErrorCode: code, unanswered: true });
    }
    await db.outbox.bulkPut(next);
  });
}

/** The entities whose rows carry a `_pending` flag the outbox clears. */
const FLAGGED: readonly ChangeType[] = ['gift', 'counter', 'user', 'signup', 'event'];

/** The tables clearPendingFlags writes: a transaction that calls it must include every one. */
export const flaggedTables = (db: MoiDb) => FLAGGED.map((type) => db.table(ENTITY_TABLE[type]));

/** Clear `_pending` on entities (gift:<id>, …) that no longer have any unsynced mutation. */
export async function clearPendingFlags(db: MoiDb, entities: string[]): Promise<void> {
  if (entities.length === 0) return;
  const stillOpen = new Set<string>();
  await db.outbox.where('entity').anyOf(entities).each((r) => { if (r.state !== 'done' && r.entity) stillOpen.add(r.entity); });
  const byTable = new Map<string, string[]>();
  for (const ent of entities) {
    if (stillOpen.has(ent)) continue;
    const key = parseEntityKey(ent);
    if (!key || !FLAGGED.includes(key.type)) continue;
    const tableName = ENTITY_TABLE[key.type];
    const list = byTable.get(tableName) ?? [];
    list.push(key.id);
    byTable.set(tableName, list);
  }
  for (const [tableName, ids] of byTable) await db.table(tableName).where('id').anyOf(ids).modify({ _pending: 0 });
}

// ---------------------------------------------------------------- attachments (profile pictures)

export const PICTURE_MUTATION = 'profile.picture';

export const isAttachment = (row: Pick<OutboxRow, 'name'>): boolean => row.name === PICTURE_MUTATION;

/** A refusal that will not change on a retry (not 401 sign-in, 408 timeout or 429 too many). */
export const isFinalRefusal = (e: unknown): e is ApiRequestError =>
  e instanceof ApiRequestError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 408 && e.status !== 429;

export class AttachmentQueue {
  constructor(private readonly db: MoiDb, private readonly transport: () => SyncTransport) {}

  /** Upload one claimed picture entry; a failure to try again puts it back and is thrown. */
  async upload(row: OutboxRow): Promise<void> {
    const db = this.db;
    const args = row.args as { userId: string; fileId: string; mime: string };
    const file = await db.files.get(args.fileId);
    if (!file) {
      await db.outbox.update(row.id, { state: 'rejected', sendingSince: null, lastError: 'The picture is no longer on this device', lastErrorCode: 'not_found' });
      return;
    }
    let res: { profileImagePath: string };
    try {
      res = await this.transport().uploadProfileImage(args.userId, file.blob, file.mime);
    } catch (e) {
      if (isFinalRefusal(e)) {
        await db.outbox.update(row.id, { state: 'rejected', sendingSince: null, attempts: row.attempts + 1, lastError: e.message, lastErrorCode: e.code });
        return;
      }
      await releaseRows(db, [row], e);
      throw e;
    }
    await db.transaction('rw', [db.outbox, db.users, db.files], async () => {
      await db.outbox.update(row.id, { state: 'done', sendingSince: null, attempts: row.attempts + 1, lastError: null, lastErrorCode: null });
      await db.users.where('id').equals(args.userId).modify({ profileImagePath: res.profileImagePath });
      await db.files.delete(args.fileId);
      await clearPendingFlags(db, [`user:${args.userId}`]);
    });
  }
}

// ---------------------------------------------------------------- the push adapter

export type PushDeps = {
  db: MoiDb;
  transport: () => SyncTransport;
  timing: RequestTiming;
  random: () => number;
  /** This tab holds the leader lock (no other tab is sending). */
  holdsLock: () => boolean;
};

export class PushAdapter {
  private readonly attachments: AttachmentQueue;

  constructor(private readonly d: PushDeps) {
    this.attachments = new AttachmentQueue(d.db, d.transport);
  }

  /** Push everything due; throws the first failed request (its rows are back to pending). */
  async pushAll(): Promise<void> {
    const { db, timing } = this.d;
    await recoverStale(db, this.d.holdsLock());
    const deviceId = await deviceIdOf(db);
    for (;;) {
      const batch = timing.pushBatch;
      const rows = await claimRows(db, batch);
      if (rows.length === 0) return;
      const pictures = rows.filter(isAttachment);
      const others = rows.filter((r) => !isAttachment(r));
      if (others.length) {
        let results: PushResult[];
        let lastSeq: number | undefined;
        try {
          timing.notePushSize(others.length);
          // sentAt: the server measures this device's clock offset for entries that carry none.
          ({ results, lastSeq } = await timing.timed('push', (o) => this.d.transport().push({ deviceId, sentAt: new Date().toISOString(), mutations: others.map((r) => ({ id: r.id, seq: r.seq, name: r.name, args: r.args })) }, o)));
        } catch (e) {
          await releaseRows(db, rows, e);
          throw e;
        }
        await this.applyResults(others, results, lastSeq);
      }
      for (const p of pictures) await this.attachments.upload(p);
      // A short claim means the outbox is drained, unless it was the resend of an unanswered
      // request (those go first and alone: the rest follow in the next claim).
      if (rows.length < batch && !rows.some((r) => r.unanswered)) return;
    }
  }

  private async applyResults(rows: OutboxRow[], results: PushResult[], lastSeq: number | undefined): Promise<void> {
    const db = this.d.db;
    // With every table whose `_pending` it clears (an event's too: event.bookOrder, .bookVillages, .villageShortcut.set).
    await db.transaction('rw', [db.outbox, db.meta, ...flaggedTables(db)], async () => {
      await noteAnsweredSeq(db, lastSeq ?? Math.max(0, ...rows.map((r) => r.seq)));
      const current = await db.outbox.bulkGet(rows.map((r) => r.id));
      const { next, accepted } = settlePushResults(current, results, { now: Date.now(), backoff: (n) => backoffDelay(n, this.d.random) });
      await db.outbox.bulkPut(next);
      await clearPendingFlags(db, [...new Set(accepted)]);
    });
  }
}
