// Push adapter: drain the outbox in seq order, in batches (≤ 500, smaller for a slow server), and
// settle each answer (push-retry.ts: applied / duplicate → done, transient → retried with backoff,
// refused → rejected). Picture entries met on the way go to the attachments queue.
import type { PushResult } from '../../../contract/sync';
import type { MoiDb, OutboxRow } from '../db';
import { deviceIdOf } from '../outbox';
import { AttachmentQueue, isAttachment } from './attachments';
import { backoffDelay } from './backoff';
import { claimRows, clearPendingFlags, flaggedTables, noteAnsweredSeq, recoverStale, releaseRows } from './outbox-rows';
import { settlePushResults } from './push-retry';
import type { RequestTiming } from './request-timing';
import type { SyncTransport } from './transport';

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
