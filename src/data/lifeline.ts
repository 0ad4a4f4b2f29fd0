// The storage lifeline (issue 31): a small copy, in localStorage, of what the counter needs if the
// browser loses the device database (IndexedDB) while there is no network — storage eviction,
// "clear site data" for IndexedDB only, a database that can no longer be opened. Without it the
// tablet came back empty: "No open counter is assigned to you" and no receipt numbers until the
// network returned, while the giver stood there with the cash.
//
// What is kept (written only AFTER the IndexedDB transaction that holds it has committed):
// - the journal: one key per outbox mutation not yet accepted by the server (`moi.lifeline.j.<id>`),
//   the row as stored (id = the server's idempotency key, seq, args); removed when the row is done;
// - the identity: device id, device code and the highest outbox and receipt seqs issued here;
// - the kit: the counters, events, staff PIN rows and users on the device (what the counter screen
//   reads before it can show the form), re-copied shortly after any of them changes.
//
// Guarantees (tests/sync/storage-lifeline.test.ts, tests/e2e/storage-lost.e2e.ts):
// - Every time the device database opens (app start, or re-opened after the browser deleted it) and
//   BEFORE any screen reads it, journal entries missing from its outbox are put back with the same
//   id and seq (a new gift shows again, pending), the device code and numbers are raised to the
//   identity's (never lowered), and an empty database gets the kit's counters, events and PINs back.
//   So the counter is usable at once, offline, and the next receipt number continues above the
//   last one issued here: a receipt number is never issued twice.
// - A mutation restored from the journal keeps its id: if the server already applied it (the answer
//   was lost with the database), it answers `duplicate` — a gift is never recorded twice.
// - The database and the journal are each other's copy: pending outbox rows missing from the
//   journal (written before this existed, or while localStorage was full) are copied into it.
// - A database the browser will not open at all (openOrFallBack, awaited by db.ts before anything
//   reads it) is opened in memory instead; the counter works, the lifeline is then the only copy
//   that outlives the page, and it fills the next page's database the same way.
// - Deleting the database on purpose through Dexie (db.delete()) also forgets the lifeline.
// Not covered: localStorage itself lost (a full "clear site data"); its ~5 MB limit (about 5,000
// waiting gifts) — past it the journal stops growing and the database alone holds the rest.
import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { create } from 'zustand';
import type { LocalSignup, MoiDb, OutboxRow } from './db';
import { getDeviceId } from '../lib/device';
// Only modules that do not import db.ts: db.ts awaits the open (and so this file's restore) at load.
import { giftRowFromInput } from './gift-row';

const JOURNAL = 'moi.lifeline.j.';
const IDENTITY = 'moi.lifeline.identity';
const KIT = 'moi.lifeline.kit';
const NOTICE = 'moi.lifeline.notice';

/** The meta keys mirrored into the identity (same strings as outbox.ts META; imported there would be a cycle). */
const M = { deviceId: 'deviceId', deviceCode: 'deviceCode', seq: 'outboxSeq', receiptSeq: 'receiptSeq' } as const;

type Identity = { deviceId: string; code?: string; outboxSeq?: number; receiptSeq?: number };
type Kit = { counters: unknown[]; events: unknown[]; staffPins: unknown[]; users: unknown[] };
/** What the counter screen says after a restore (until dismissed): how many waiting entries came back. */
export type LifelineNotice = { at: string; restored: number; kitRestored: boolean; memory?: boolean };

const KIT_TABLES = ['counters', 'events', 'staffPins', 'users'] as const;
const KIT_LIMIT = 500;

function read<T>(key: string): T | null {
  try {
    const s = localStorage.getItem(key);
    return s ? (JSON.parse(s) as T) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // localStorage full or unavailable: the database still holds it (see the header)
  }
}
function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // unavailable
  }
}
function keysWith(prefix: string): string[] {
  const out: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(prefix)) out.push(k);
    }
  } catch {
    // unavailable
  }
  return out;
}

/** The journal's entries (mutations not yet accepted by the server), oldest seq first. */
export function journalRows(): OutboxRow[] {
  return keysWith(JOURNAL).map((k) => read<OutboxRow>(k)).filter((r): r is OutboxRow => !!r && typeof r.id === 'string').sort((a, b) => a.seq - b.seq);
}

function journalPut(row: OutboxRow): void {
  if (row.state === 'done') remove(JOURNAL + row.id);
  else write(JOURNAL + row.id, row);
}

function identityPut(rows: Array<{ key: string; value: unknown }>): void {
  let id = read<Identity>(IDENTITY);
  for (const r of rows) {
    if (r.key === M.deviceId && typeof r.value === 'string' && r.value !== id?.deviceId) id = { deviceId: r.value };
  }
  if (!id) id = { deviceId: getDeviceId() };
  for (const r of rows) {
    if (r.key === M.deviceCode && typeof r.value === 'string') id.code = r.value;
    // Numbers only move up: they name receipts and outbox rows already issued.
    if (r.key === M.seq && typeof r.value === 'number') id.outboxSeq = Math.max(id.outboxSeq ?? 0, r.value);
    if (r.key === M.receiptSeq && typeof r.value === 'number') id.receiptSeq = Math.max(id.receiptSeq ?? 0, r.value);
  }
  write(IDENTITY, id);
}

export function forgetLifeline(): void {
  for (const k of keysWith(JOURNAL)) remove(k);
  for (const k of [IDENTITY, KIT, NOTICE]) remove(k);
}

// ---- the notice the counter screen shows ----

export const lifelineNotice = create<{ notice: LifelineNotice | null }>(() => ({ notice: read<LifelineNotice>(NOTICE) }));
export function dismissLifelineNotice(): void {
  remove(NOTICE);
  lifelineNotice.setState({ notice: null });
}
export const useLifelineNotice = () => lifelineNotice((s) => s.notice);

// ---- writing: a DBCore middleware sees every write and copies it once its transaction commits ----

function afterCommit(trans: unknown, fn: () => void): void {
  const t = trans as { addEventListener?: (type: 'complete', fn: () => void) => void };
  // Only after the commit: a copy of a write that was rolled back would come back as a double.
  t.addEventListener?.('complete', fn);
}

function lifelineMiddleware(onKitWrite: () => void): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'moi-lifeline',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== 'outbox' && name !== 'meta' && !(KIT_TABLES as readonly string[]).includes(name)) return table;
        const wrapped: DBCoreTable = {
          ...table,
          mutate: (req: DBCoreMutateRequest) => {
            if (name === 'outbox') {
              if (req.type === 'add' || req.type === 'put') {
                const rows = req.values as OutboxRow[];
                afterCommit(req.trans, () => rows.forEach(journalPut));
              } else if (req.type === 'delete') {
                const keys = req.keys as string[];
                afterCommit(req.trans, () => keys.forEach((k) => remove(JOURNAL + k)));
              }
            } else if (name === 'meta') {
              if (req.type === 'add' || req.type === 'put') {
                const rows = (req.values as Array<{ key: string; value: unknown }>).filter((r) => (Object.values(M) as string[]).includes(r.key));
                if (rows.length) afterCommit(req.trans, () => identityPut(rows));
              }
            } else {
              afterCommit(req.trans, onKitWrite);
            }
            return table.mutate(req);
          },
        };
        return wrapped;
      },
    }),
  };
}

async function snapshotKit(db: MoiDb): Promise<void> {
  const [counters, events, staffPins, users] = await Promise.all(KIT_TABLES.map((t) => db.table(t).limit(KIT_LIMIT).toArray()));
  write(KIT, { counters, events, staffPins, users } satisfies Kit);
}

// ---- restoring: on every open, before anything else reads the database ----

/**
 * Put back what the database lost (see the header); returns what was restored. `db` is the
 * database as the ready hook gets it (usable before the open completes).
 */
export async function restoreFromLifeline(db: MoiDb): Promise<{ restored: number; kitRestored: boolean; identityRaised: boolean }> {
  const journal = journalRows();
  const identity = read<Identity>(IDENTITY);
  const kit = read<Kit>(KIT);
  const deviceId = getDeviceId();
  let restored = 0;
  let kitRestored = false;
  let identityRaised = false;
  const tables = [db.outbox, db.meta, db.gifts, db.signups, ...KIT_TABLES.map((t) => db.table(t))];
  const pendingInDb = await db.transaction('rw', tables, async () => {
    const meta = new Map((await db.meta.bulkGet([M.deviceId, M.deviceCode, M.seq, M.receiptSeq])).map((r, i) => [[M.deviceId, M.deviceCode, M.seq, M.receiptSeq][i], r?.value]));
    const storedId = (meta.get(M.deviceId) as string | undefined) ?? deviceId;
    // Entries of this installation only (a journal left by another device id stays unused).
    const mine = journal.filter((r) => (r.deviceId === storedId || !!r.originDeviceId));
    const present = new Set((await db.outbox.bulkGet(mine.map((r) => r.id))).filter(Boolean).map((r) => r!.id));
    for (const r of mine) {
      if (present.has(r.id)) continue;
      // A row that was being sent may have reached the server: resend it first, under the same seq.
      const row: OutboxRow = r.state === 'sending' ? { ...r, state: 'pending', sendingSince: null, unanswered: true } : r;
      await db.outbox.add(row);
      if (r.name === 'gift.create') {
        const g = r.args as Parameters<typeof giftRowFromInput>[0];
        if (!(await db.gifts.get(g.id))) await db.gifts.put(giftRowFromInput(g));
      } else if (r.name === 'signup.create') {
        const s = r.args as LocalSignup;
        if (!(await db.signups.get(s.id))) await db.signups.put({ ...s, _pending: 1 });
      }
      restored++;
    }
    if (identity && identity.deviceId === storedId) {
      const code = meta.get(M.deviceCode) as string | undefined;
      const seq = Number(meta.get(M.seq) ?? 0);
      const receiptSeq = Number(meta.get(M.receiptSeq) ?? 0);
      const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
      const puts: Array<{ key: string; value: unknown }> = [];
      if (!meta.get(M.deviceId)) puts.push({ key: M.deviceId, value: storedId });
      if (!code && identity.code) puts.push({ key: M.deviceCode, value: identity.code });
      const nextSeq = Math.max(seq, last, identity.outboxSeq ?? 0);
      if (nextSeq > seq) puts.push({ key: M.seq, value: nextSeq });
      if ((identity.receiptSeq ?? 0) > receiptSeq) puts.push({ key: M.receiptSeq, value: identity.receiptSeq });
      if (puts.length) {
        await db.meta.bulkPut(puts);
        identityRaised = !code && !!identity.code;
      }
    }
    // A database that lost this installation's code was lost (a sign-out keeps the code): the
    // counter screen's rows come back from the kit. The next pull starts afresh and replaces them.
    if (kit && !meta.get(M.deviceCode) && kit.counters.length) {
      for (const t of KIT_TABLES) {
        const rows = (kit[t] ?? []) as Array<{ id: string }>;
        const have = new Set((await db.table(t).bulkGet(rows.map((r) => r.id))).filter(Boolean).map((r: { id: string }) => r.id));
        await db.table(t).bulkPut(rows.filter((r) => !have.has(r.id)));
      }
      kitRestored = true;
    }
    return db.outbox.where('state').anyOf('pending', 'sending', 'rejected').toArray();
  });
  // The other way: waiting rows the journal lacks (written before it existed, or while it was full).
  const inJournal = new Set(journal.map((r) => r.id));
  for (const r of pendingInDb) if (!inJournal.has(r.id)) journalPut(r);
  if (restored > 0 || kitRestored || identityRaised) {
    const notice: LifelineNotice = { at: new Date().toISOString(), restored, kitRestored };
    write(NOTICE, notice);
    lifelineNotice.setState({ notice: { ...notice, memory: inMemory.has(db.name) } });
  }
  return { restored, kitRestored, identityRaised };
}

// ---- a database the browser will not open: work in memory, kept by the lifeline ----

/** Names of databases this page runs in memory (the browser refused to open them). */
const inMemory = new Set<string>();

/**
 * Open the device database; when the browser refuses (private window, storage full, a damaged or
 * unreadable database, an upgrade that fails: Dexie's OpenFailedError, InvalidStateError,
 * QuotaExceededError, UnknownError…), open it in memory instead (fake-indexeddb, loaded only then),
 * so the counter keeps taking gifts. In memory nothing outlives the page but the lifeline: every
 * write is copied to localStorage after it commits and comes back on the next open, and what the
 * server accepted leaves it. The next page load tries the real database first again. Run before
 * anything reads `db` (db.ts awaits it); 'failed' when even memory fails (queries then fail as before).
 */
export async function openOrFallBack(db: MoiDb): Promise<'indexeddb' | 'memory' | 'failed'> {
  try {
    await db.open();
    return 'indexeddb';
  } catch (e) {
    console.warn('The device database could not be opened; working in memory with the lifeline', e);
  }
  try {
    const mem = await import('fake-indexeddb');
    // Dexie reads its IndexedDB factory from here on every open (no public way to change it).
    (db as unknown as { _deps: { indexedDB: unknown; IDBKeyRange: unknown } })._deps = { indexedDB: new mem.IDBFactory(), IDBKeyRange: mem.IDBKeyRange };
    inMemory.add(db.name);
    await db.open();
    // Said on the counter screen on every page load in memory (not kept: the next load may open the real one).
    const shown = lifelineNotice.getState().notice;
    lifelineNotice.setState({ notice: { at: new Date().toISOString(), restored: 0, kitRestored: false, ...shown, memory: true } });
    return 'memory';
  } catch {
    return 'failed';
  }
}

/**
 * Keep `db`'s lifeline: copy its writes into localStorage after each commit and restore from it on
 * every open. Call once, before the database is first opened (db.ts does it for the app's database).
 */
export function attachLifeline<D extends MoiDb>(db: D): D {
  let kitTimer: ReturnType<typeof setTimeout> | null = null;
  const onKitWrite = () => {
    if (kitTimer) return;
    kitTimer = setTimeout(() => {
      kitTimer = null;
      // A database closed on purpose is not opened again just for the copy.
      if (db.isOpen()) void snapshotKit(db).catch(() => undefined);
    }, 300);
  };
  db.use(lifelineMiddleware(onKitWrite));
  // Sticky: runs on every open, also when Dexie re-opens a database the browser deleted under it.
  db.on('ready', (vip) => restoreFromLifeline(vip as MoiDb).then(() => undefined, () => undefined), true);
  const deleteDb = db.delete.bind(db);
  db.delete = ((...args: Parameters<typeof deleteDb>) => {
    forgetLifeline();
    return deleteDb(...args);
  }) as typeof db.delete;
  return db;
}
