// Pull adapter: page through the server's change log from the stored cursor into Dexie (merge.ts
// decides each row), advancing the cursor in the same transaction as each page; then back-fill a
// scope that grew and drop the rows of a scope that shrank (pull-scope.ts). The server's figures
// of a caught-up answer are stored with its page; repairEvent re-pulls one event's gifts (agreement.ts).
import type { Change, ChangeType, PullResponse } from '../../../contract/sync';
import type { MoiDb } from '../db';
import { LEDGER_HINTS_VERSION } from '../ledger-hint/protocol';
import { META, metaGet, unsyncedEntities } from '../outbox';
import { latestPerEntity, mergeChange } from './merge';
import { ENTITY_TABLE, entityKey } from '../entities';
import { SERVER_FIGURES, dropUnlistedGifts, type StoredFigures } from './agreement';
import { settleLocalAudits } from './local-audits';
import { ScopeWatch, backfillScope } from './pull-scope';
import type { RequestTiming } from './request-timing';
import { START_CURSOR, type PullCursor, type SyncTransport } from './transport';

/** A repair whose listing a sync pass overtook runs again, at most this many times in all. */
const REPAIR_ATTEMPTS = 3;


/** The counter hint rebuilds its index when this moves (ledger-hint/client.ts). */
async function bumpHints(d: MoiDb): Promise<void> {
  const v = ((await d.meta.get(LEDGER_HINTS_VERSION))?.value as number | undefined) ?? 0;
  await d.meta.put({ key: LEDGER_HINTS_VERSION, value: v + 1 });
}

export type PullDeps = {
  db: MoiDb;
  transport: () => SyncTransport;
  timing: RequestTiming;
};

export const readPullCursor = async (db: MoiDb): Promise<PullCursor> => (await metaGet<PullCursor>(db, META.pullCursor)) ?? START_CURSOR;

export class PullAdapter {
  constructor(private readonly d: PullDeps) {}

  /** Pull every page, then back-fill; `stopped()` turns true when the person signed out meanwhile. */
  async pullAll(stopped: () => boolean): Promise<void> {
    const { db, timing } = this.d;
    const cursor = await readPullCursor(db);
    const scope = await ScopeWatch.load(db, cursor);
    const pull = (since: PullCursor) => timing.timed('pull', (o) => this.d.transport().pull(since, timing.pullLimit, undefined, o));
    let next: Promise<PullResponse> | null = pull(cursor);
    while (next) {
      const page: PullResponse = await next;
      // Ask for the following page while this one is written to IndexedDB (network and disk overlap).
      next = page.hasMore ? pull(page.cursor) : null;
      next?.catch(() => {}); // a failure surfaces when awaited
      if (stopped()) return; // signed out meanwhile: this page belongs to nobody now
      scope.see(page.scope);
      // Figures describe the rows as of a caught-up answer; any other page makes the stored ones stale.
      const figures = !page.hasMore && page.figures ? { figures: page.figures, giftScope: page.scope?.gift ?? null } : null;
      await this.applyChanges(page.changes, page.cursor, figures);
    }
    // Rows of a scope that grew (a counter or event newly given) are older than the cursor.
    // Rows of a scope that shrank (taken off a counter or an event) leave the device.
    if (stopped()) return;
    await backfillScope(db, scope, (s, l, t) => timing.timed('pull', (o) => this.d.transport().pull(s, l, t, o)), timing.pullLimit,
      async (changes) => { if (!stopped()) await this.applyChanges(changes, null); },
      (type, keep) => this.pruneOutOfScope(type, keep));
    // The server's audit rows of this device's accepted changes take the place of the device's own.
    if (!stopped()) await settleLocalAudits(db);
  }

  /** Delete the local rows of `type` a complete back-fill did not list, keeping rows with unsynced work. */
  async pruneOutOfScope(type: ChangeType, keep: ReadonlySet<string>): Promise<number> {
    const tableName = ENTITY_TABLE[type];
    if (!tableName) return 0;
    const d = this.d.db;
    const table = d.table(tableName);
    return d.transaction('rw', [table, d.outbox, d.meta], async () => {
      const unsynced = await unsyncedEntities(d);
      const ids = (await table.toCollection().primaryKeys()) as string[];
      const candidates = ids.filter((id) => !keep.has(id) && !unsynced.has(entityKey(type, id)));
      if (!candidates.length) return 0;
      const rows = (await table.bulkGet(candidates)) as ({ _pending?: number; giftId?: string } | undefined)[];
      // An audit written on this device keeps _pending for good (the server stores its own copy under
      // another id): it stays only while its gift still has unsynced work.
      const held = (r: { _pending?: number; giftId?: string }) =>
        type === 'audit' ? !!r.giftId && unsynced.has(entityKey('gift', r.giftId)) : r._pending === 1;
      const gone = candidates.filter((_, i) => rows[i] && !held(rows[i]!));
      await table.bulkDelete(gone);
      if (type === 'ledgerPerson' && gone.length) await bumpHints(d);
      return gone.length;
    });
  }

  /**
   * Re-pull every gift of one event from the start (its rows differ from the server's figures): rows
   * the server lists are merged as any pulled row (unsynced work is kept), synced rows it no longer
   * lists leave the device. True once done; false when signed out meanwhile or overtaken each time.
   */
  async repairEvent(eventId: string, stopped: () => boolean): Promise<boolean> {
    const { db, timing } = this.d;
    for (let attempt = 0; attempt < REPAIR_ATTEMPTS; attempt++) {
      const transport = this.d.transport();
      if (!transport.pullEvent) throw new Error('This connection cannot pull one event');
      const listed = new Set<string>();
      let since: PullCursor = START_CURSOR;
      for (;;) {
        const page = await timing.timed('pull', (o) => transport.pullEvent!(eventId, since, timing.pullLimit, o));
        if (stopped()) return false;
        const gifts = page.changes.filter((c) => c.type === 'gift');
        await this.applyChanges(gifts, null);
        for (const c of gifts) {
          if (c.deleted) listed.delete(c.id);
          else listed.add(c.id);
        }
        since = page.cursor;
        if (!page.hasMore) break;
      }
      if (await dropUnlistedGifts(db, eventId, listed, since)) return true;
    }
    return false;
  }

  /**
   * Apply one page of changes and advance the cursor in the same transaction (null: a back-fill page, the cursor stays).
   * With a cursor, `figures` replaces the stored server figures (null: none are current now).
   */
  async applyChanges(changes: Change[], cursor: PullCursor | null, figures: StoredFigures | null = null): Promise<void> {
    const d = this.d.db;
    await d.transaction('rw', [d.gifts, d.events, d.counters, d.users, d.audits, d.memberships, d.signups, d.staffPins, d.nominees, d.handovers, d.ledgerHints, d.outbox, d.meta], async () => {
      const unsynced = await unsyncedEntities(d);
      const groups = new Map<ChangeType, Change[]>();
      for (const c of latestPerEntity(changes)) {
        const list = groups.get(c.type) ?? [];
        list.push(c);
        groups.set(c.type, list);
      }
      for (const [type, list] of groups) {
        const tableName = ENTITY_TABLE[type];
        if (!tableName) continue;
        const table = d.table(tableName);
        const locals = await table.bulkGet(list.map((c) => c.id));
        const puts: unknown[] = [];
        const dels: string[] = [];
        list.forEach((c, i) => {
          const decision = mergeChange(locals[i] as { id: string } | undefined, c as { row?: { id: string }; deleted?: true }, unsynced.has(entityKey(type, c.id)));
          if (decision.op === 'put') puts.push(decision.row);
          else if (decision.op === 'delete') dels.push(c.id);
        });
        if (puts.length) await table.bulkPut(puts);
        if (dels.length) await table.bulkDelete(dels);
        if (type === 'ledgerPerson' && (puts.length || dels.length)) await bumpHints(d);
      }
      if (cursor !== null) {
        await d.meta.put({ key: META.pullCursor, value: cursor });
        if (figures) await d.meta.put({ key: SERVER_FIGURES, value: figures });
        else await d.meta.delete(SERVER_FIGURES);
      }
    });
  }
}
