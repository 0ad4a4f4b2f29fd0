// Every figure of one event agrees everywhere (issue 27): a tablet keys a book with an item, a maternal
// uncle, a village spelt in English and in Tamil (one village in the book), an edited and a deleted gift, and pushes it to the REAL
// server. The total, the number of gifts, the money by mode and by village are then the same on the
// owner's screen (its query, on the tablet's rows), the API, the PDF (pdftotext of the summary and of the
// village pages), the Excel workbook (read back) and the CSV; and the summary's by-village lines are the
// village pages' subtotals. Expected figures are worked out here from what was keyed, not read from code.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTotals } from '../../contract/admin';
import { MoiDb } from '../../src/data/db';
import { restoreDeviceIdentity } from '../../src/data/device-identity';
import { createGiftOn, deleteGiftOn, updateGiftOn, type NewGift } from '../../src/data/gifts-repo';
import { setBookVillagesOn } from '../../src/data/report/book-villages';
import { SyncEngine } from '../../src/data/sync/engine';
import { outboxCounts } from '../../src/data/outbox';
import { computeBreakdown, computeTotals } from '../../src/data/admin-queries';
import { emptyEntry, toGiftFields, type EntryValues } from '../../src/features/gifts/entry/validate';
import { bookVillageFigures, buildBook, type MoiBook } from '../../report/model';
import { renderPdfNode } from '../../report/node';
import { renderCsv, renderXlsx } from '../../report/xlsx';
import { reportLabels } from '../../report/labels';
import { loadBookInput } from '../../server/report/load';
import { createTestApp, type TestApp } from '../../server/test-utils';
import { injectTransport, loginCookie, seedCounter, seedEvent, seedUser } from './fixtures';

const L = reportLabels.en;
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

// What was keyed, and what it must come to. Money is cash, UPI and cheque; the item counts as a gift but
// never as money; the edited gift counts at its new amount, the deleted one not at all; the maternal
// uncle's gift has its own section and its own line in the by-village table.
const MONEY = 1001 + 2001 + 3001 + 5001 + 1501 + 201;
const COUNT = 7; // six money gifts and the item
const BY_MODE = { cash: { count: 4, sum: 1001 + 5001 + 1501 + 201 }, upi: { count: 1, sum: 2001 }, cheque: { count: 1, sum: 3001 }, item: { count: 1, sum: 0 } };
const UNCLE = { count: 1, sum: 5001 };
// The village pages: Madurai and மதுரை are one place (the village alias table), printed in Tamil (a tie of spellings).
const BY_VILLAGE: Record<string, { count: number; sum: number }> = {
  'மதுரை': { count: 3, sum: 1001 + 2001 + 1501 }, 'மேலூர்': { count: 1, sum: 3001 }, [L.noVillage]: { count: 1, sum: 201 },
};

const amountOf = (s: string) => Number(s.replace(/[₹,]/g, ''));
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('one event\'s figures', () => {
  let book: MoiBook;
  let eventId = '';
  let ownerLogin: { username: string; password: string };
  let totals: EventTotals;
  let screen: { total: ReturnType<typeof computeTotals>; breakdown: ReturnType<typeof computeBreakdown> };

  beforeAll(async () => {
    const app = t.app;
    const owner = await seedUser(app, `own${randomUUID().slice(0, 8)}`, 'event_owner');
    const staff = await seedUser(app, `st${randomUUID().slice(0, 8)}`, 'counter_staff');
    ownerLogin = owner;
    eventId = await seedEvent(app, { ownerIds: [owner.id] });
    const counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [staff.id] });
    const deviceId = randomUUID();
    const tablet = await loginCookie(app, staff.username, staff.password, deviceId);
    const db = new MoiDb(`moi-agrees-${Date.now()}`);
    await db.open();
    await restoreDeviceIdentity(db, { deviceId, code: tablet.device!.code });
    const keyed = (v: Partial<EntryValues>): NewGift => ({ ...toGiftFields({ ...emptyEntry(), ...v }), eventId, counterId, counterCode: 'A', authorId: staff.id });
    await createGiftOn(db, keyed({ name: 'முருகன்', village: 'மதுரை', mode: 'cash', amount: '1001' }));
    await createGiftOn(db, keyed({ name: 'Selvi', village: 'Madurai', mode: 'upi', amount: '2001', upiRef: 'UTR123', upiConfirmed: true }));
    await createGiftOn(db, keyed({ name: 'Raja', village: 'மேலூர்', mode: 'cheque', amount: '3001', chequeNo: '000123', bank: 'SBI' }));
    await createGiftOn(db, keyed({ name: 'பொன்னம்மாள்', village: 'மதுரை', mode: 'item', item: 'தங்கச் சங்கிலி', weight: '8', amount: '48000' }));
    await createGiftOn(db, keyed({ name: 'வெள்ளைச்சாமி', village: 'மேலூர்', mode: 'cash', amount: '5001', relation: 'maternal_uncle' }));
    const edited = await createGiftOn(db, keyed({ name: 'Kannan', village: 'Madurai', mode: 'cash', amount: '501' }));
    const removed = await createGiftOn(db, keyed({ name: 'நீக்கம்', village: 'மதுரை', mode: 'cash', amount: '999' }));
    await createGiftOn(db, keyed({ name: 'Karthik', village: '', mode: 'cash', amount: '201' }));
    await updateGiftOn(db, edited.id, { amount: 1501 }, 'typed 501 for 1501', staff.id);
    await deleteGiftOn(db, removed.id, 'keyed twice', staff.id);
    const rows = await db.outbox.orderBy('seq').toArray();
    const pushed = await injectTransport(app, () => tablet.cookie, (s, c, m) => new Error(`${s} ${c} ${m}`))
      .push({ deviceId, mutations: rows.map((r) => ({ id: r.id, seq: r.seq, name: r.name, args: r.args })) });
    expect(pushed.results.map((r) => r.status)).toEqual(rows.map(() => 'applied'));

    const ownerCookie = (await loginCookie(app, owner.username, owner.password)).cookie;
    const res = await app.inject({ method: 'GET', url: `/moi/events/${eventId}/totals?tzOffset=330`, headers: { cookie: ownerCookie } });
    expect(res.statusCode).toBe(200);
    totals = res.json() as EventTotals;
    const local = await db.gifts.toArray();
    screen = { total: computeTotals(local), breakdown: computeBreakdown(local, [counterId]) };
    // The book as the server prints it (npm run report reads the same input).
    const input = await loadBookInput((app as unknown as { db: Parameters<typeof loadBookInput>[0] }).db, eventId);
    book = buildBook(input!, { blankPages: 0 });
    db.close();
    await db.delete();
  }, 120_000);

  it('on the screen\'s query and the API: total, count and money by mode', () => {
    expect(screen.total).toMatchObject({ count: COUNT, sum: MONEY });
    expect(Object.fromEntries(screen.breakdown.byMode.map((m) => [m.mode, { count: m.count, sum: m.sum }]))).toEqual(BY_MODE);
    expect(totals.totals).toMatchObject({ count: COUNT, sum: MONEY });
    expect(Object.fromEntries(totals.byMode.map((m) => [m.mode, { count: m.count, sum: m.sum }]))).toEqual(BY_MODE);
  });

  it('in the book\'s model: the summary\'s by-village lines are the village pages', () => {
    expect(book.summary.grandTotal).toBe(MONEY);
    expect(book.summary.givers).toBe(COUNT);
    expect(Object.fromEntries(book.summary.byMode.map((m) => [m.key, { count: m.count, sum: m.total }]))).toEqual(BY_MODE);
    expect({ count: book.uncle.count, sum: book.uncle.total }).toEqual(UNCLE);
    const pagesByVillage = Object.fromEntries(book.villages.map((v) => [v.village || L.noVillage, { count: v.count, sum: v.subtotal }]));
    expect(pagesByVillage).toEqual(BY_VILLAGE);
    const summaryVillages = book.summary.byVillage.filter((l) => !l.section);
    expect(Object.fromEntries(summaryVillages.map((l) => [l.label || L.noVillage, { count: l.count, sum: l.total }]))).toEqual(BY_VILLAGE);
    expect(book.summary.byVillage.find((l) => l.section === 'uncle')).toMatchObject({ count: UNCLE.count, total: UNCLE.sum });
    expect(book.summary.byVillage.reduce((s, l) => s + l.total, 0)).toBe(MONEY);
  });

  it('in the PDF: the summary\'s figures, and each village page\'s subtotal the same as its summary line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'moi-agrees-'));
    const file = path.join(dir, 'book.pdf');
    writeFileSync(file, await renderPdfNode(book, 'en'));
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
    const summary = pages.find((p) => p.includes(L.grandTotal))!;
    expect(amountOf(summary.match(new RegExp(`${esc(L.grandTotal)}\\s+(₹[\\d,]+)`))![1])).toBe(MONEY);
    expect(Number(summary.match(new RegExp(`${esc(L.giversCount)}\\s+(\\d+)`))![1])).toBe(COUNT);
    const line = (text: string, label: string) => {
      const m = text.match(new RegExp(`^\\s*${esc(label)}\\s+(\\d+)\\s+(₹[\\d,]+)\\s*$`, 'm'));
      return m ? { count: Number(m[1]), sum: amountOf(m[2]) } : null;
    };
    const byModeAt = summary.indexOf(L.byMode);
    const byVillageText = summary.slice(summary.indexOf(L.byVillage), byModeAt);
    const byModeText = summary.slice(byModeAt);
    for (const [mode, want] of Object.entries(BY_MODE)) expect(line(byModeText, L.modes[mode as keyof typeof L.modes]), mode).toEqual(want);
    expect(line(byVillageText, L.uncle)).toEqual(UNCLE);
    const villagePages = pages.filter((p) => p.includes(` — ${L.subtotal}`)).join('\n');
    for (const [village, want] of Object.entries(BY_VILLAGE)) {
      expect(line(byVillageText, village), `summary: ${village}`).toEqual(want);
      const no = book.villages.find((v) => (v.village || L.noVillage) === village)!.no;
      expect(villagePages, `title of ${village}`).toContain(`${no}. ${village} (${want.count})`);
      const sub = villagePages.match(new RegExp(`${esc(village)} — ${esc(L.subtotal)}\\s+(₹[\\d,]+)`));
      expect(sub && amountOf(sub[1]), `subtotal of ${village}`).toBe(want.sum);
    }
    // The uncle's section's total, and the last list page's total to date (the book's whole money).
    expect(amountOf(pages.join('\n').match(new RegExp(`${esc(L.listTotal)}: (₹[\\d,]+)`))![1])).toBe(MONEY);
  }, 60_000);

  it('in the Excel workbook (read back) and the CSV', async () => {
    const bytes = await renderXlsx(book, 'en');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = (i: number) => (wb.worksheets[i].getSheetValues().slice(2) as unknown[][]).map((r) => (r ?? []).slice(1));
    const summary = sheet(1);
    const group = (g: string) => Object.fromEntries(summary.filter((r) => r[0] === g).map((r) => [String(r[1]), { count: Number(r[2]), sum: Number(r[3]) }]));
    expect(summary.find((r) => r[0] === L.grandTotal)?.[3]).toBe(MONEY);
    expect(summary.find((r) => r[0] === L.giversCount)?.[2]).toBe(COUNT);
    expect(group(L.byMode)).toEqual(Object.fromEntries(Object.entries(BY_MODE).map(([m, v]) => [L.modes[m as keyof typeof L.modes], v])));
    expect(group(L.byVillage)).toEqual({ [L.uncle]: UNCLE, ...BY_VILLAGE });

    // Gifts, from the Gifts sheet and from the CSV: one row per live gift; money by mode and by village page.
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    const col = (k: 'amount' | 'mode' | 'bookVillage' | 'relation') => headers.indexOf(`${reportLabels.ta[k]} / ${L[k]}`);
    const csv = new TextDecoder().decode(renderCsv(book, 'en')).replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((l) => l.split(','));
    for (const [name, rows] of [['Excel', sheet(0)], ['CSV', csv]] as const) {
      expect(rows.length, name).toBe(COUNT);
      expect(rows.reduce((s, r) => s + Number(r[col('amount')] || 0), 0), name).toBe(MONEY);
      const tally = (keep: (r: readonly unknown[]) => boolean, key: (r: readonly unknown[]) => string) => {
        const out: Record<string, { count: number; sum: number }> = {};
        for (const r of rows.filter(keep)) {
          const k = key(r);
          out[k] ??= { count: 0, sum: 0 };
          out[k].count += 1;
          out[k].sum += Number(r[col('amount')] || 0);
        }
        return out;
      };
      const modeKey = (r: readonly unknown[]) => Object.entries(L.modes).find(([, w]) => w === r[col('mode')])![0];
      expect(tally(() => true, modeKey), `${name} by mode`).toEqual(BY_MODE);
      const onVillagePages = (r: readonly unknown[]) => r[col('relation')] !== L.relations.maternal_uncle && r[col('mode')] !== L.modes.item;
      expect(tally(onVillagePages, (r) => String(r[col('bookVillage')] ?? '') || L.noVillage), `${name} by village`).toEqual(BY_VILLAGE);
    }
  });

  // Issue 27 item 5: the host merges and renames villages on their phone, offline, and syncs. The
  // server's book (PDF, Excel, CSV, the summary's by-village lines), the phone's own book and the
  // export dialog's figures on the phone then file the gifts under the same villages with the same figures.
  it('after the host\'s merge and rename made on a phone: the server\'s book, the phone\'s book and the screen\'s figures agree', async () => {
    const app = t.app;
    const deviceId = randomUUID();
    const login = await loginCookie(app, ownerLogin.username, ownerLogin.password, deviceId);
    const phone = new MoiDb(`moi-agrees-owner-${Date.now()}`);
    await phone.open();
    await restoreDeviceIdentity(phone, { deviceId, code: login.device!.code });
    const engine = new SyncEngine({ db: phone, useLocks: false, listenToWindow: false, timers: false, transport: injectTransport(app, () => login.cookie, (s, c, m) => new Error(`${s} ${c} ${m}`)) as never });
    await engine.drain();
    // Offline, on the phone: the English spelling's village (Madurai = மதுரை) renamed மதுரை மாநகர், and மேலூர் merged into it.
    await setBookVillagesOn(phone, eventId, [{ from: 'Madurai', to: 'மதுரை மாநகர்' }]);
    await setBookVillagesOn(phone, eventId, [{ from: 'Madurai', to: 'மதுரை மாநகர்' }, { from: 'மேலூர்', to: 'மதுரை மாநகர்' }]);
    await engine.drain();
    expect(await outboxCounts(phone)).toMatchObject({ pending: 0, sending: 0, rejected: 0 });
    // Worked out from what was keyed: the Madurai gifts (1001 + 2001 + 1501) and Melur's cheque (3001); the maternal
    // uncle (மேலூர்) keeps his own section, and the gift with no village its page.
    const RULED: Record<string, { count: number; sum: number }> = { 'மதுரை மாநகர்': { count: 4, sum: 1001 + 2001 + 1501 + 3001 }, [L.noVillage]: { count: 1, sum: 201 } };
    const pagesOf = (b: MoiBook) => Object.fromEntries(b.villages.map((v) => [v.village || L.noVillage, { count: v.count, sum: v.subtotal }]));

    const server = buildBook((await loadBookInput((app as unknown as { db: Parameters<typeof loadBookInput>[0] }).db, eventId))!, { blankPages: 0 });
    expect(pagesOf(server), 'server book pages').toEqual(RULED);
    expect(Object.fromEntries(server.summary.byVillage.filter((l) => !l.section).map((l) => [l.label || L.noVillage, { count: l.count, sum: l.total }])), 'summary').toEqual(RULED);
    expect(server.summary.grandTotal).toBe(MONEY);

    // The phone's book (what its report worker builds from its own rows) and its export dialog's figures.
    const [event, counters, gifts] = [(await phone.events.get(eventId))!, await phone.counters.toArray(), await phone.gifts.where('eventId').equals(eventId).toArray()];
    expect(event.bookVillages).toEqual([{ from: 'Madurai', to: 'மதுரை மாநகர்' }, { from: 'மேலூர்', to: 'மதுரை மாநகர்' }]);
    expect(pagesOf(buildBook({ event, counters, gifts, audits: [] }, { blankPages: 0 })), 'phone book pages').toEqual(RULED);
    expect(Object.fromEntries(bookVillageFigures({ event, gifts }).map((f) => [f.village || L.noVillage, { count: f.count, sum: f.subtotal }])), 'screen figures').toEqual(RULED);

    // The PDF's village titles and subtotals, and the Excel and CSV rows' "Village in the book".
    const dir = mkdtempSync(path.join(tmpdir(), 'moi-agrees-'));
    const file = path.join(dir, 'ruled.pdf');
    writeFileSync(file, await renderPdfNode(server, 'en'));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const [village, want] of Object.entries(RULED)) {
      expect(text, `title of ${village}`).toContain(`${server.villages.find((v) => (v.village || L.noVillage) === village)!.no}. ${village} (${want.count})`);
      const sub = text.match(new RegExp(`${esc(village)} — ${esc(L.subtotal)}\\s+(₹[\\d,]+)`));
      expect(sub && amountOf(sub[1]), `subtotal of ${village}`).toBe(want.sum);
    }
    expect(text).not.toMatch(/\d+\. (Madurai|மதுரை|மேலூர்) \(/);
    const bytes = await renderXlsx(server, 'en');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    const col = (k: 'amount' | 'mode' | 'bookVillage' | 'relation') => headers.indexOf(`${reportLabels.ta[k]} / ${L[k]}`);
    const xlsxRows = (wb.worksheets[0].getSheetValues().slice(2) as unknown[][]).map((r) => (r ?? []).slice(1));
    const csvRows = new TextDecoder().decode(renderCsv(server, 'en')).replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((l) => l.split(','));
    for (const [name, rows] of [['Excel', xlsxRows], ['CSV', csvRows]] as const) {
      const out: Record<string, { count: number; sum: number }> = {};
      for (const r of rows.filter((x) => x[col('relation')] !== L.relations.maternal_uncle && x[col('mode')] !== L.modes.item)) {
        const k = String(r[col('bookVillage')] ?? '') || L.noVillage;
        out[k] ??= { count: 0, sum: 0 };
        out[k].count += 1;
        out[k].sum += Number(r[col('amount')] || 0);
      }
      expect(out, `${name} by village in the book`).toEqual(RULED);
    }
    phone.close();
    await phone.delete();
  }, 120_000);
});
