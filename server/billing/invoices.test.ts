// R9 (domain/invariants.ts): invoice serials consecutive per financial year, no gap, no duplicate;
// the tax split; the PDF in Tamil and English (read back with pdftotext).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear, invoiceSerial, taxSplit, type InvoiceData } from '../../contract/billing';
import { createTestApp, type TestApp } from '../test-utils';
import type { Db } from '../db/client';
import { invoices } from '../db/schema';
import { retryAborted } from '../errors';
import { issueCreditNote, issueInvoice } from './invoices';
import { invoicePdf, paiseInWords } from './invoice-pdf';

let t: TestApp;
const cfg = () => t.app.config.billing;
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

beforeAll(async () => { t = await createTestApp({ SUPPLIER_NAME: 'Moi Services', SUPPLIER_ADDRESS: '1 Temple St, Madurai', SUPPLIER_GSTIN: '33ABCDE1234F1Z5' }); }, 60_000);
afterAll(async () => { await t?.close(); });

const issue = (paymentId: string, nowMs: number) => retryAborted(() => t.app.db.transaction((tx) => issueInvoice(tx as unknown as Db, cfg(), { paymentId, plan: 'smart_track', amountPaise: 99_900, orgId: null, eventId: null, contact: 'Selvi' }, nowMs)));
const serials = async () => (await t.app.db.select({ serial: invoices.serial, series: invoices.series }).from(invoices)).filter((r) => r.series === 'invoice').map((r) => r.serial).sort();

describe(`GST invoices (${kind})`, () => {
  it('the financial year turns at midnight of 31 March in India, and serials restart at 1', async () => {
    expect(financialYear('2027-03-31')).toBe('26-27');
    expect(financialYear('2027-04-01')).toBe('27-28');
    expect(invoiceSerial('invoice', '26-27', 1)).toBe('MOI/26-27/00001');
    expect(invoiceSerial('invoice', '26-27', 1).length).toBeLessThanOrEqual(16);
    const before = Date.parse('2027-03-31T18:29:00Z'); // 23:59 on 31 March in India
    const after = Date.parse('2027-03-31T18:31:00Z'); // 00:01 on 1 April in India
    await issue('pay_m1', before);
    await issue('pay_m2', before);
    await issue('pay_a1', after);
    await issue('pay_a2', after);
    expect(await serials()).toEqual(['MOI/26-27/00001', 'MOI/26-27/00002', 'MOI/27-28/00001', 'MOI/27-28/00002']);
    // The same payment again (a replayed webhook): the same invoice, no new serial.
    await issue('pay_a2', after);
    expect((await serials()).length).toBe(4);
  });

  it('concurrent payments: consecutive serials, no gap, no duplicate', async () => {
    const at = Date.parse('2027-06-10T06:00:00Z');
    const n = 24;
    await Promise.all(Array.from({ length: n }, (_, i) => issue(`pay_c${i}`, at)));
    const mine = (await serials()).filter((s) => s.startsWith('MOI/27-28/')).map((s) => Number(s.slice(-5))).sort((a, b) => a - b);
    expect(mine).toEqual(Array.from({ length: n + 2 }, (_, i) => i + 1));
  }, 60_000);

  it('splits tax by place of supply and adds up to the total', () => {
    const intra = taxSplit(99_900, '33', '33');
    expect(intra).toMatchObject({ taxablePaise: 84_661, cgstPaise: 7_619, sgstPaise: 7_620, igstPaise: 0, intraState: true });
    const inter = taxSplit(150_000, '33', '29');
    expect(inter).toMatchObject({ taxablePaise: 127_119, cgstPaise: 0, sgstPaise: 0, igstPaise: 22_881, intraState: false });
    for (const s of [intra, inter]) expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(s.totalPaise);
    expect(paiseInWords(99_900, 'en')).toBe('Nine Hundred Ninety Nine Rupees Only');
    expect(paiseInWords(84_661, 'en')).toBe('Eight Hundred Forty Six Rupees and Sixty One Paise Only');
  });

  it('a credit note for a refund refers to its invoice; the PDF says it all in Tamil and English', async () => {
    const at = Date.parse('2027-06-11T06:00:00Z');
    await issue('pay_r', at);
    const cn = await t.app.db.transaction((tx) => issueCreditNote(tx as unknown as Db, { refundId: 'rfnd_1', paymentId: 'pay_r', amountPaise: 99_900 }, at));
    const rows = await t.app.db.select().from(invoices);
    const note = rows.find((r) => r.id === cn)!;
    const d = note.data as InvoiceData;
    expect(note.serial).toBe('MCN/27-28/00001');
    expect(d.original?.serial).toBe(rows.find((r) => r.paymentId === 'pay_r')!.serial);
    const dir = mkdtempSync(path.join(tmpdir(), 'moi-inv-'));
    const inv = rows.find((r) => r.paymentId === 'pay_r')!.data as InvoiceData;
    const text = async (data: InvoiceData, lang: 'en' | 'ta') => {
      const f = path.join(dir, `${data.serial.replace(/\//g, '-')}-${lang}.pdf`);
      writeFileSync(f, await invoicePdf(data, lang));
      return execFileSync('pdftotext', ['-layout', f, '-']).toString();
    };
    const en = await text(inv, 'en');
    for (const s of ['Tax Invoice', inv.serial, 'Moi Services', '33ABCDE1234F1Z5', 'SAC', '998599', 'CGST 9%', 'SGST 9%', '₹846.61', '₹999.00', 'Nine Hundred Ninety Nine Rupees Only', 'Tamil Nadu (33)']) expect(en).toContain(s);
    const ta = await text(inv, 'ta');
    for (const s of ['விலைப்பட்டியல்', 'மொத்தம்', 'ரூபாய் மட்டும்', inv.serial]) expect(ta).toContain(s);
    const cnText = await text(d, 'en');
    expect(cnText).toContain('Credit Note');
    expect(cnText).toContain(`Against invoice: ${inv.serial}`);
  }, 60_000);
});
