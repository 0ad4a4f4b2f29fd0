// Importing an old moi book (issue 12): the rows a device parsed and the host checked become the
// gifts of a past event of the host (one event per file, by content hash). Each gift keeps where it
// came from (file / sheet / row / page) in ledger_import_rows, so importing the same file again
// brings nothing in twice; a row that repeats a gift already in the host's books on its date (same
// giver by the matcher, same amount) is skipped as a duplicate. A row with its own date (the book's
// date column) is entered on that day; the others on the function's date.
import { searchFoldOf } from './gifts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
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

type Body = z.output<typeof ledgerImportBodySchema>;

const sigOf = (g: { name: string; initial: string; village: string; mobile: string }, amount: number) => {
  const k = giverKey(g);
  return `${k.name}|${k.initial}|${k.village}|${amount}`;
};

export async function importBook(db: Db, actor: Actor, body: Body): Promise<LedgerImportResult> {
  const scope = await loadScope(db, actor);
  const d = policy['ledger.write'](scope, undefined);
  if (!d.ok) throw new DomainError(d.code, d.reason);
  const owner = actor.id;
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    let [imp] = await tx.select().from(ledgerImports).where(and(eq(ledgerImports.ownerId, owner), eq(ledgerImports.fileHash, body.fileHash)));
    let counterId: string;
    if (imp) {
      const [c] = await tx.select({ id: counters.id }).from(counters).where(eq(counters.eventId, imp.eventId)).limit(1);
      counterId = c.id;
    } else {
      const eventId = uuidv7();
      counterId = uuidv7();
      await tx.insert(events).values({ id: eventId, titleTa: body.title, titleEn: body.title, functionType: body.functionType, date: body.date, status: 'closed', venue: '', hostNames: '', ledgerHint: false });
      await tx.insert(eventMembers).values({ eventId, userId: owner, role: 'owner' });
      await tx.insert(counters).values({ id: counterId, eventId, code: 'IMP', name: body.fileName.slice(0, 100), status: 'closed' });
      imp = { id: uuidv7(), ownerId: owner, fileHash: body.fileHash, fileName: body.fileName, eventId, createdAt: new Date().toISOString() };
      await tx.insert(ledgerImports).values(imp);
    }
    const done = new Set((await tx.select({ s: ledgerImportRows.sheet, r: ledgerImportRows.row }).from(ledgerImportRows).where(eq(ledgerImportRows.importId, imp.id)))
      .map((x) => `${x.s}\u0000${x.r}`));
    // What the host's books already hold on the rows' dates (other imports, back entry, a real event of that day).
    const dayOf = (r: Body['rows'][number]) => r.date ?? body.date;
    const days = [...new Set(body.rows.map(dayOf))];
    const sameDay = (await ownedEventIds(tx, owner)).filter((e) => e !== imp!.eventId);
    const dayEvents = sameDay.length ? await tx.select({ id: events.id, date: events.date }).from(events).where(and(inArray(events.id, sameDay), inArray(events.date, days))) : [];
    const dateOfEvent = new Map(dayEvents.map((e) => [e.id, e.date]));
    const there = new Set(dayEvents.length
      ? (await tx.select({ eventId: gifts.eventId, name: gifts.name, initial: gifts.initial, village: gifts.village, mobile: gifts.mobile, amount: gifts.amount }).from(gifts)
        .where(and(inArray(gifts.eventId, [...dateOfEvent.keys()]), isNull(gifts.deletedAt)))).map((g) => `${dateOfEvent.get(g.eventId)}|${sigOf(g, g.amount)}`)
      : []);
    let alreadyImported = 0;
    let duplicates = 0;
    const giftRows: (typeof gifts.$inferInsert)[] = [];
    const origin: (typeof ledgerImportRows.$inferInsert)[] = [];
    const seenInBody = new Set<string>();
    for (const r of body.rows) {
      const k = `${r.sheet}\u0000${r.row}`;
      if (done.has(k) || seenInBody.has(k)) { alreadyImported++; continue; }
      seenInBody.add(k);
      if (there.has(`${dayOf(r)}|${sigOf(r, r.amount)}`)) { duplicates++; continue; }
      const id = uuidv7();
      giftRows.push({
        id, eventId: imp.eventId, counterId, receiptNo: `IMP-${r.sheet.slice(0, 40)}-${r.row}`, name: r.name, initial: r.initial, village: r.village,
        mobile: r.mobile, searchFold: searchFoldOf(r), mode: 'cash', amount: r.amount, note: [r.page ? `p. ${r.page}` : '', r.note].filter(Boolean).join(' · '), enteredAt: `${dayOf(r)}T00:00:00.000Z`, enteredBy: actor.id,
      });
      origin.push({ importId: imp.id, sheet: r.sheet, row: r.row, page: r.page, giftId: id });
    }
    for (let i = 0; i < giftRows.length; i += 500) await tx.insert(gifts).values(giftRows.slice(i, i + 500));
    for (let i = 0; i < origin.length; i += 1000) await tx.insert(ledgerImportRows).values(origin.slice(i, i + 1000));
    // The past event, its counter and its gifts reach the host's devices through the change-log triggers (migration 0005).
    return { eventId: imp.eventId, imported: giftRows.length, alreadyImported, duplicates };
  });
}
