// The outbox: every local write commits its record AND its mutation in one Dexie transaction, so a
// "saved" on screen means the change will reach the server exactly once (the mutation id is the
// server's idempotency key). The sync loop (sync/engine.ts) drains it; this file only writes it.
import { createStore } from 'zustand/vanilla';
import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { MutationArgs, MutationName } from '../../contract/sync';
import { mutationArgsSchemas } from '../../contract/sync';
import { getDeviceId } from '../lib/device';
import { uuidv7 } from '../../contract/ids';
import { db as appDb, type MetaRow, type MoiDb, type OutboxRow } from './db';
import { giftRowFromInput } from './gift-row';

export const META = {
  deviceId: 'deviceId',
  deviceCode: 'deviceCode',
  seq: 'outboxSeq',
  receiptSeq: 'receiptSeq',
  pullCursor: 'pullCursor',
  pullUserId: 'pullUserId',
  /** Per-type scope fingerprints the pulled data covers (pull-scope.ts). */
  pullScope: 'pullScope',
  lastSyncAt: 'lastSyncAt',
  user: 'user',
  persisted: 'storagePersisted',
  exportedThroughSeq: 'exportedThroughSeq',
} as const;

/**
 * What the outbox tells the sync loop, as a small zustand store: a count of committed writes (the
 * loop drains right after each) and the last storage-full failure (the loop shows it to the user).
 */
export const outboxSignals = createStore<{ writes: number; quotaErrors: number; lastQuotaError: unknown }>()(() => ({
  writes: 0,
  quotaErrors: 0,
  lastQuotaError: null,
}));

/** The sync loop subscribes here to drain right after each committed write. */
export function onOutboxWrite(fn: () => void): () => void {
  return outboxSignals.subscribe((s, prev) => {
    if (s.writes === prev.writes) return;
    try {
      fn();
    } catch {
      // a listener's failure must never fail the write that already committed
    }
  });
}
export function notifyOutboxWrite(): void {
  outboxSignals.setState((s) => ({ writes: s.writes + 1 }));
}

export async function metaGet<T>(db: MoiDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}
export async function metaSet(db: MoiDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/** The installation id as the data layer knows it (meta first, then localStorage). Call inside a tx with meta. */
export async function deviceIdOf(db: MoiDb): Promise<string> {
  const stored = await metaGet<string>(db, META.deviceId);
  if (stored) return stored;
  const id = getDeviceId();
  await metaSet(db, META.deviceId, id);
  return id;
}

/** Next per-device outbox seq; must run inside a rw transaction that includes meta. */
export async function nextSeq(db: MoiDb): Promise<number> {
  const cur = (await metaGet<number>(db, META.seq)) ?? 0;
  const last = await db.outbox.orderBy('seq').last();
  const next = Math.max(cur, last?.seq ?? 0) + 1;
  await metaSet(db, META.seq, next);
  return next;
}

export type EnqueueOptions = { entity?: string | null; id?: string };

/** The outbox row of one mutation (args validated first); no database access. */
export function buildOutboxRow<N extends MutationName>(name: N, args: MutationArgs<N>, deviceId: string, seq: number, opts: EnqueueOptions = {}): OutboxRow {
  const parsed = mutationArgsSchemas[name].safeParse(args);
  if (!parsed.success) throw new OutboxValidationError(name, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return {
    id: opts.id ?? uuidv7(),
    deviceId,
    seq,
    name,
    args: parsed.data,
    createdAt: new Date().toISOString(),
    attempts: 0,
    lastError: null,
    lastErrorCode: null,
    state: 'pending',
    entity: opts.entity ?? null,
    sendingSince: null,
  };
}

/**
 * What a write needs before it can add a mutation, read in ONE round trip inside a rw transaction
 * over outbox + meta (plus any other meta keys the caller wants): the device id, the next outbox seq
 * and the meta rows to put for them. Sequential awaits cost a round trip each, and each can queue
 * behind other work on the main thread; the gift save is on the counter's critical path.
 */
export async function readOutboxContext(db: MoiDb, extraMetaKeys: readonly string[] = []): Promise<{ deviceId: string; seq: number; meta: unknown[]; puts: MetaRow[] }> {
  const [rows, last] = await Promise.all([
    db.meta.bulkGet([META.deviceId, META.seq, ...extraMetaKeys]),
    db.outbox.orderBy('seq').last(),
  ]);
  const storedId = rows[0]?.value as string | undefined;
  const deviceId = storedId || getDeviceId();
  const seq = Math.max((rows[1]?.value as number | undefined) ?? 0, last?.seq ?? 0) + 1;
  const puts: MetaRow[] = [{ key: META.seq, value: seq }];
  if (!storedId) puts.push({ key: META.deviceId, value: deviceId });
  return { deviceId, seq, meta: rows.slice(2).map((r) => r?.value), puts };
}

/** Add one mutation row; call only inside a rw transaction over outbox + meta. Validates args first. */
export async function enqueueInTransaction<N extends MutationName>(
  db: MoiDb, name: N, args: MutationArgs<N>, opts: EnqueueOptions = {},
): Promise<OutboxRow> {
  const row = buildOutboxRow(name, args, await deviceIdOf(db), await nextSeq(db), opts);
  await db.outbox.add(row);
  return row;
}

export class OutboxValidationError extends Error {
  constructor(public mutation: MutationName, detail: string) {
    super(`Invalid ${mutation}: ${detail}`);
    this.name = 'OutboxValidationError';
  }
}

/** Is this a storage-full failure (IndexedDB's QuotaExceededError, possibly wrapped by Dexie)? */
export function isQuotaError(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    const x = cur as { name?: string; inner?: unknown; cause?: unknown };
    if (x.name === 'QuotaExceededError') return true;
    cur = x.inner ?? x.cause;
  }
  return false;
}

/** The sync engine shows a quota failure to the user; writers still get the rejection too. */
export function onQuotaError(fn: (e: unknown) => void): () => void {
  return outboxSignals.subscribe((s, prev) => {
    if (s.quotaErrors !== prev.quotaErrors) fn(s.lastQuotaError);
  });
}
export function reportIfQuota(e: unknown): void {
  if (isQuotaError(e)) outboxSignals.setState((s) => ({ quotaErrors: s.quotaErrors + 1, lastQuotaError: e }));
}

/**
 * Commit writes that add outbox rows, in ONE rw transaction over `tables` (outbox and meta
 * included); resolves after the commit, then nudges the sync loop. A full storage is reported.
 */
export async function commitWrites<T>(db: MoiDb, tables: Table[], body: () => Promise<T>): Promise<T> {
  try {
    const r = await db.transaction('rw', [...new Set([db.outbox, db.meta, ...tables])], body);
    notifyOutboxWrite();
    return r;
  } catch (e) {
    reportIfQuota(e);
    throw e;
  }
}

/**
 * The one way the device records a change (issue 26): `write` reads what it needs, calls `send`
 * ONCE with the mutation's args (checked against contract/mutations) and writes its local rows —
 * all in one Dexie transaction with the outbox row; then the sync loop is nudged.
 */
export async function mutate<N extends MutationName, T>(
  db: MoiDb, name: N, tables: Table[], write: (send: (args: MutationArgs<N>, entity?: string | null) => Promise<OutboxRow>) => Promise<T>,
): Promise<T> {
  return commitWrites(db, tables, async () => write((args, entity) => enqueueInTransaction(db, name, args, { entity: entity ?? null })));
}

/** Run `apply` (the local record write) and add the mutation in ONE rw transaction on `db`. */
export async function writeWithMutationOn<N extends MutationName, T>(
  db: MoiDb, name: N, args: MutationArgs<N>, tables: Table[], apply: () => Promise<T>, opts: EnqueueOptions = {},
): Promise<{ result: T; mutationId: string }> {
  let mutationId = '';
  const result = await commitWrites(db, tables, async () => {
    const r = await apply();
    mutationId = (await enqueueInTransaction(db, name, args, opts)).id;
    return r;
  });
  return { result, mutationId };
}

/** The app's entry point: one transaction over outbox + meta + `tables` on the device database. */
export function writeWithMutation<N extends MutationName, T>(
  name: N, args: MutationArgs<N>, tables: Table[], apply: () => Promise<T>, opts: EnqueueOptions = {},
): Promise<{ result: T; mutationId: string }> {
  return writeWithMutationOn(appDb, name, args, tables, apply, opts);
}

// ---- live hooks for badges ----

/** Entity keys (gift:<id>, …) with outbox work not yet accepted: pending, sending or rejected. */
export async function unsyncedEntities(db: MoiDb): Promise<Set<string>> {
  const keys = new Set<string>();
  await db.outbox.where('state').anyOf('pending', 'sending', 'rejected').each((r) => { if (r.entity) keys.add(r.entity); });
  return keys;
}

export type OutboxCounts = { pending: number; sending: number; rejected: number; unsynced: number };

export async function outboxCounts(db: MoiDb = appDb): Promise<OutboxCounts> {
  const [pending, sending, rejected] = await Promise.all([
    db.outbox.where('state').equals('pending').count(),
    db.outbox.where('state').equals('sending').count(),
    db.outbox.where('state').equals('rejected').count(),
  ]);
  return { pending, sending, rejected, unsynced: pending + sending + rejected };
}

const ZERO: OutboxCounts = { pending: 0, sending: 0, rejected: 0, unsynced: 0 };

/** Live counts of the outbox (pending includes rows being sent in `unsynced`). */
export function useOutboxCounts(): OutboxCounts {
  return useLiveQuery(() => outboxCounts(appDb), [], ZERO);
}

/** Live list of rows not yet accepted (pending, sending, rejected), oldest first. */
export function useUnsyncedRows(limit = 200): OutboxRow[] {
  return useLiveQuery(async () => (await appDb.outbox.orderBy('seq').filter((r) => r.state !== 'done').limit(limit).toArray()), [limit], []);
}

/** Put a rejected mutation back in line; the loop retries it on its next drain. */
export async function retryRejected(id: string, db: MoiDb = appDb): Promise<void> {
  await db.outbox.where('id').equals(id).modify((r) => {
    if (r.state === 'rejected') {
      r.state = 'pending';
      r.sendingSince = null;
      // A manual retry starts afresh: sent at once, with its full share of automatic retries.
      r.retryAt = null;
      r.transientTries = 0;
    }
  });
  notifyOutboxWrite();
}

/** "Retry all": every rejected mutation back in line, in one transaction; returns how many. */
export async function retryAllRejected(db: MoiDb = appDb): Promise<number> {
  const n = await db.outbox.where('state').equals('rejected').modify((r) => {
    r.state = 'pending';
    r.sendingSince = null;
    r.retryAt = null;
    r.transientTries = 0;
  });
  if (n) notifyOutboxWrite();
  return n;
}

// ---- export / import of unsynced entries ----

export const EXPORT_FORMAT = 'moi-unsynced';

type ExportedFile = { id: string; mime: string; dataBase64: string };
export type ExportDocument = {
  format: typeof EXPORT_FORMAT;
  version: 1;
  deviceId: string;
  exportedAt: string;
  mutations: Array<Pick<OutboxRow, 'id' | 'deviceId' | 'seq' | 'name' | 'args' | 'createdAt' | 'entity'>>;
  files: ExportedFile[];
};

async function blobToBase64(b: Blob): Promise<string> {
  const buf = new Uint8Array(await b.arrayBuffer());
  let s = '';
  for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000));
  return btoa(s);
}
function base64ToBlob(b64: string, mime: string): Blob {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return new Blob([out], { type: mime });
}

export async function buildExport(db: MoiDb = appDb): Promise<ExportDocument> {
  const rows = (await db.outbox.orderBy('seq').toArray()).filter((r) => r.state !== 'done');
  const files: ExportedFile[] = [];
  for (const r of rows) {
    if (r.name !== 'profile.picture') continue;
    const fileId = (r.args as { fileId: string }).fileId;
    const f = await db.files.get(fileId);
    if (f) files.push({ id: f.id, mime: f.mime, dataBase64: await blobToBase64(f.blob) });
  }
  const maxSeq = rows.reduce((m, r) => Math.max(m, r.seq), 0);
  if (rows.length) {
    const prev = (await metaGet<number>(db, META.exportedThroughSeq)) ?? 0;
    await metaSet(db, META.exportedThroughSeq, Math.max(prev, maxSeq));
  }
  return {
    format: EXPORT_FORMAT,
    version: 1,
    deviceId: await deviceIdOf(db),
    exportedAt: new Date().toISOString(),
    mutations: rows.map((r) => ({ id: r.id, deviceId: r.originDeviceId ?? r.deviceId, seq: r.seq, name: r.name, args: r.args, createdAt: r.createdAt, entity: r.entity ?? null })),
    files,
  };
}

/** A JSON file of every mutation not yet accepted, with original ids (importing elsewhere never doubles). */
export async function exportUnsynced(db: MoiDb = appDb): Promise<Blob> {
  return (await exportUnsyncedFile(db)).blob;
}

/** The export file and how many entries it holds (0: nothing to export). */
export async function exportUnsyncedFile(db: MoiDb = appDb): Promise<{ blob: Blob; count: number; fileName: string }> {
  const doc = await buildExport(db);
  const stamp = doc.exportedAt.replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return { blob: new Blob([JSON.stringify(doc, null, 1)], { type: 'application/json' }), count: doc.mutations.length, fileName: `moi-unsynced-${stamp}.json` };
}

export class ImportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFormatError';
  }
}

/**
 * Import another device's export: each mutation keeps its id (so the server answers `duplicate`
 * if it was already pushed), gets a local seq, and its record shows locally as pending.
 */
export async function importUnsynced(file: Blob, db: MoiDb = appDb): Promise<{ imported: number; skipped: number }> {
  let doc: ExportDocument;
  try {
    doc = JSON.parse(await file.text()) as ExportDocument;
  } catch {
    throw new ImportFormatError('not_json');
  }
  if (!doc || doc.format !== EXPORT_FORMAT || !Array.isArray(doc.mutations)) throw new ImportFormatError('not_export');
  let imported = 0;
  let skipped = 0;
  try {
    await db.transaction('rw', [db.outbox, db.meta, db.files, db.gifts, db.signups], async () => {
      for (const f of doc.files ?? []) {
        if (!(await db.files.get(f.id))) await db.files.put({ id: f.id, mime: f.mime, blob: base64ToBlob(f.dataBase64, f.mime), createdAt: new Date().toISOString() });
      }
      for (const m of [...doc.mutations].sort((a, b) => a.seq - b.seq)) {
        const schema = mutationArgsSchemas[m.name as MutationName];
        const parsed = schema?.safeParse(m.args);
        if (!schema || !parsed?.success || typeof m.id !== 'string' || (await db.outbox.get(m.id))) {
          skipped++;
          continue;
        }
        const row = await enqueueInTransaction(db, m.name, parsed.data as MutationArgs<typeof m.name>, { id: m.id, entity: m.entity ?? null });
        if (m.deviceId && m.deviceId !== row.deviceId) await db.outbox.update(row.id, { originDeviceId: m.deviceId });
        // Show an imported new gift / sign-up locally as pending, as on the device that made it.
        if (m.name === 'gift.create') {
          const g = parsed.data as MutationArgs<'gift.create'> & { id: string };
          if (!(await db.gifts.get(g.id))) await db.gifts.put(giftRowFromInput(g));
        } else if (m.name === 'signup.create') {
          const s = parsed.data as MutationArgs<'signup.create'> & { id: string };
          if (!(await db.signups.get(s.id))) await db.signups.put({ ...(s as Required<typeof s>), _pending: 1 });
        }
        imported++;
      }
    });
  } catch (e) {
    reportIfQuota(e);
    throw e;
  }
  if (imported) notifyOutboxWrite();
  return { imported, skipped };
}

// The local row of a new gift lives in gift-row.ts (the lifeline needs it without this module).
export { giftRowFromInput };
