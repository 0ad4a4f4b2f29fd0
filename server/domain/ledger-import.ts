// Importing an old moi book (issue 12): the rows a device parsed and the host checked become the
// gifts of a past event of the host (one event per file, by content hash). Each gift keeps where it
// came from (file / sheet / row / page) in ledger_import_rows, so importing the same file again
// brings nothing in twice; a row that repeats a gift already in the host's books on its date (same
// giver by the matcher, same amount) is skipped as a duplicate. A row with its own date (the book's
// date column) is entered on that day; the others on the function's date.
//
// Issue 30: stored in transactions of CHUNK rows (each records its rows' origin with them, so a
// stop half-way loses nothing and the same file imported again brings the rest), yielding between
// them: a 20,000-row book never holds the database (PGlite answers requests on the same thread).
import { searchFoldOf } from './gifts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { policy } from '../../contract/policy';
import type { LedgerImportResult } from '../../contract/ledger';
import type { z } from 'zod';
import type { ledgerImportBodySchema } from '../../contract/ledger';
import { giverKey } from '../../ledger/match';
import type { Db } from '../db/client';
import { counters, eventMembers, events, gifts, ledgerImportRows, ledgerImports } from '../db/schema';
import { DomainError } from '../errors';
import { uuidv7 } from '../../contract/ids';
import type { Actor } from '../session';
import { loadScope } from './mutation-context';
import { ownedEventIds } from './ledger';

export type ImportBody = z.output<typeof ledgerImportBodySchema>;
const CHUNK = 500;
const yieldNow = () => new Promise<void>((r) => setImmediate(r));

const sigOf = (g: { name: string; initial: string; village: string; mobile: string }, amount: number) => {
  const k = giverKey(g);
  return `${k.name}|${k.initial}|${k.village}|${amount}`;
};

/** May the actor import into their ledger? Throws when not. */
export async function assertImport(db: Db, actor: Actor): Promise<void> {
  const scope = await loadScope(db, actor);
  const d = policy['ledger.write'](scope, undefined);
  if (!d.ok) throw new DomainError(d.code, d.reason);
}

/** Store the book's rows as gifts; `onProgress(done, total)` after each chunk. The caller checked assertImport. */
export async function importBook(db: Db, actor: Actor, body: ImportBody, onProgress?: (done: number, total: number) => Promise<void> | void): Promise<LedgerImportResult> {
  const owner = actor.id;
  // The past event, its counter and the import record, once per file.
  const { imp, counterId } = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Two imports of one file at once: the second waits here, then finds the first's record.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger-import:${owner}:${body.fileHash}`}))`);
    const [found] = await tx.select().from(ledgerImports).where(and(eq(ledgerImports.ownerId, owner), eq(ledgerImports.fileHash, body.fileHash)));
    if (found) {
      const [c] = await tx.select({ id: counters.id }).from(counters).where(eq(counters.eventId, found.eventId)).limit(1);
      return { imp: found, counterId: c.id };
    }
    const eventId = uuidv7();
    const cid = uuidv7();
    await tx.insert(events).values({ id: eventId, titleTa: body.title, titleEn: body.title, functionType: body.functionType, date: body.date, status: 'closed', venue: '', hostNames: '', ledgerHint: false });
    await tx.insert(eventMembers).values({ eventId, userId: owner, role: 'owner' });
    await tx.insert(counters).values({ id: cid, eventId, code: 'IMP', name: body.fileName.slice(0, 100), status: 'closed' });
    const row = { id: uuidv7(), ownerId: owner, fileHash: body.fileHash, fileName: body.fileName, eventId, createdAt: new Date().toISOString() };
    await tx.insert(ledgerImports).values(row);
    return { imp: row, counterId: cid };
  });
  const done = new Set((await db.select({ s: ledgerImportRows.sheet, r: ledgerImportRows.row }).from(ledgerImportRows).where(eq(ledgerImportRows.importId, imp.id)))
    .map((x) => `${x.s}\u0000${x.r}`));
  // What the host's books already hold on the rows' dates (other imports, back entry, a real event of that day).
  const dayOf = (r: ImportBody['rows'][number]) => r.date ?? body.date;
  const days = [...new Set(body.rows.map(dayOf))];
  const sameDay = (await ownedEventIds(db, owner)).filter((e) => e !== imp.eventId);
  const dayEvents = sameDay.length ? await db.select({ id: events.id, date: events.date }).from(events).where(and(inArray(events.id, sameDay), inArray(events.date, days))) : [];
  const dateOfEvent = new Map(dayEvents.map((e) => [e.id, e.date]));
  const there = new Set<string>();
  for (const e of dateOfEvent.keys()) {
    const rows = await db.select({ name: gifts.name, initial: gifts.initial, village: gifts.village, mobile: gifts.mobile, amount: gifts.amount }).from(gifts)
      .where(and(eq(gifts.eventId, e), isNull(gifts.deletedAt)));
    for (const g of rows) there.add(`${dateOfEvent.get(e)}|${sigOf(g, g.amount)}`);
    await yieldNow();
  }
  let alreadyImported = 0;
  let duplicates = 0;
  const giftRows: Array<Record<string, unknown>> = [];
  const origin: (typeof ledgerImportRows.$inferInsert)[] = [];
  const seenInBody = new Set<string>();
  for (const r of body.rows) {
    const k = `${r.sheet}\u0000${r.row}`;
    if (done.has(k) || seenInBody.has(k)) { alreadyImported++; continue; }
    seenInBody.add(k);
    if (there.has(`${dayOf(r)}|${sigOf(r, r.amount)}`)) { duplicates++; continue; }
    const id = uuidv7();
    giftRows.push({
      id, event_id: imp.eventId, counter_id: counterId, receipt_no: `IMP-${r.sheet.slice(0, 40)}-${r.row}`, name: r.name, initial: r.initial, village: r.village,
      mobile: r.mobile, kin_name: r.kinName ?? '', title: r.title ?? '', search_fold: searchFoldOf(r), amount: r.amount,
      note: [r.page ? `p. ${r.page}` : '', r.note].filter(Boolean).join(' · '), entered_at: `${dayOf(r)}T00:00:00.000Z`, entered_by: actor.id,
    });
    origin.push({ importId: imp.id, sheet: r.sheet, row: r.row, page: r.page, giftId: id });
  }
  const total = giftRows.length;
  await onProgress?.(0, total);
  let stored = 0;
  for (let i = 0; i < total; i += CHUNK) {
    const chunk = giftRows.slice(i, i + CHUNK);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // One JSON parameter for the chunk (PGlite pays per bound parameter); other columns take their defaults.
      await tx.execute(sql`insert into gifts (id, event_id, counter_id, receipt_no, name, initial, village, mobile, kin_name, title, search_fold, amount, note, entered_at, entered_by)
        select id, event_id, counter_id, receipt_no, name, initial, village, mobile, kin_name, title, search_fold, amount, note, entered_at, entered_by
        from json_populate_recordset(null::gifts, ${JSON.stringify(chunk)}::json)`);
      await tx.insert(ledgerImportRows).values(origin.slice(i, i + CHUNK));
    });
    stored += chunk.length;
    await onProgress?.(stored, total);
    await yieldNow();
  }
  // The past event, its counter and its gifts reach the host's devices through the change-log triggers (migration 0005).
  return { eventId: imp.eventId, imported: total, alreadyImported, duplicates };
}
