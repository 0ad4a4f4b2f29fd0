// Issue 29: the GST tax invoice (and credit note) as a PDF in Tamil or English, through the moi
// book's pdfmake and fonts (report/pdf.ts): supplier's name, address and GSTIN; the serial and date;
// the buyer (with GSTIN when registered); place of supply; SAC; description; taxable value; CGST+SGST
// or IGST; the total in figures and in words.
import { STATE_NAMES, type InvoiceData } from '../../contract/billing';
import { amountInWords } from '../../report/amount-in-words';
import { tx } from '../../report/pdf';
import { renderDocumentNode } from '../../report/node';

const L = {
  en: {
    invoice: 'Tax Invoice', credit: 'Credit Note', serial: 'Invoice No.', creditSerial: 'Credit Note No.', date: 'Date', supplier: 'Supplier', buyer: 'Billed to',
    gstin: 'GSTIN', unregistered: 'Unregistered', pos: 'Place of supply', sac: 'SAC', description: 'Description', taxable: 'Taxable value',
    cgst: 'CGST 9%', sgst: 'SGST 9%', igst: 'IGST 18%', total: 'Total', words: 'Total in words', against: 'Against invoice', payment: 'Payment reference',
    reverse: 'Tax payable on reverse charge: No', footer: 'This is a computer-generated invoice.',
  },
  ta: {
    invoice: 'வரி விலைப்பட்டியல் (Tax Invoice)', credit: 'வரவுக் குறிப்பு (Credit Note)', serial: 'விலைப்பட்டியல் எண்', creditSerial: 'வரவுக் குறிப்பு எண்', date: 'தேதி',
    supplier: 'வழங்குநர்', buyer: 'பெறுநர்', gstin: 'GSTIN', unregistered: 'பதிவு செய்யாதவர்', pos: 'வழங்கல் இடம்', sac: 'SAC', description: 'விவரம்',
    taxable: 'வரிக்குட்பட்ட மதிப்பு', cgst: 'CGST 9%', sgst: 'SGST 9%', igst: 'IGST 18%', total: 'மொத்தம்', words: 'மொத்தம் எழுத்தில்', against: 'எதிரான விலைப்பட்டியல்',
    payment: 'கட்டணக் குறிப்பு', reverse: 'தலைகீழ் கட்டண முறையில் வரி: இல்லை', footer: 'இது கணினியால் உருவாக்கப்பட்ட விலைப்பட்டியல்.',
  },
} as const;

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "Nine Hundred Ninety Nine Rupees and Ninety Paise Only" (paise said only when there are some). */
export function paiseInWords(paise: number, lang: 'en' | 'ta'): string {
  const r = Math.floor(paise / 100);
  const p = paise % 100;
  const base = amountInWords(r, lang);
  if (!p) return base;
  const words = amountInWords(p, lang);
  return lang === 'ta'
    ? `${base.replace(/ மட்டும்$/, '')} ${words.replace(/ ரூபாய் மட்டும்$/, '')} பைசா மட்டும்`
    : `${base.replace(/ Only$/, '')} and ${words.replace(/ Rupees Only$/, '')} Paise Only`;
}

export function invoiceDocument(d: InvoiceData, lang: 'en' | 'ta') {
  const t = L[lang];
  const credit = d.series === 'credit_note';
  const state = (code: string) => `${STATE_NAMES[code] ?? ''} (${code})`;
  const row = (label: string, value: string, bold = false) => [tx(label, { bold }), tx(value, { alignment: 'right', bold })];
  const lines = [
    row(t.taxable, rupees(d.tax.taxablePaise)),
    ...(d.tax.intraState ? [row(t.cgst, rupees(d.tax.cgstPaise)), row(t.sgst, rupees(d.tax.sgstPaise))] : [row(t.igst, rupees(d.tax.igstPaise))]),
    row(t.total, rupees(d.tax.totalPaise), true),
  ];
  return {
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 48],
    defaultStyle: { fontSize: 10 },
    content: [
      tx(credit ? t.credit : t.invoice, { fontSize: 16, bold: true, margin: [0, 0, 0, 12] }),
      {
        columns: [
          { width: '*', stack: [tx(t.supplier, { bold: true }), tx(d.supplier.name), tx(d.supplier.address), tx(`${t.gstin}: ${d.supplier.gstin || '—'}`)] },
          { width: 'auto', stack: [tx(`${credit ? t.creditSerial : t.serial}: ${d.serial}`, { bold: true }), tx(`${t.date}: ${d.issuedDate}`),
            ...(d.original ? [tx(`${t.against}: ${d.original.serial} (${d.original.issuedDate})`)] : [])] },
        ],
        margin: [0, 0, 0, 12],
      },
      { stack: [tx(t.buyer, { bold: true }), tx(d.buyer.name || '—'), ...(d.buyer.address ? [tx(d.buyer.address)] : []), tx(`${t.gstin}: ${d.buyer.gstin ?? t.unregistered}`),
        tx(`${t.pos}: ${state(d.placeOfSupply)}`)], margin: [0, 0, 0, 12] },
      {
        table: {
          widths: ['*', 'auto', 'auto'],
          body: [
            [tx(t.description, { bold: true }), tx(t.sac, { bold: true }), tx(t.taxable, { bold: true, alignment: 'right' })],
            [tx(d.description[lang]), tx(d.sac), tx(rupees(d.tax.taxablePaise), { alignment: 'right' })],
          ],
        },
        margin: [0, 0, 0, 12],
      },
      { table: { widths: ['*', 'auto'], body: lines }, layout: 'noBorders', margin: [200, 0, 0, 12] },
      tx(`${t.words}: ${paiseInWords(d.tax.totalPaise, lang)}`, { margin: [0, 0, 0, 8] }),
      tx(`${t.payment}: ${d.paymentId}`, { fontSize: 8 }),
      tx(t.reverse, { fontSize: 8 }),
      tx(t.footer, { fontSize: 8, margin: [0, 16, 0, 0] }),
    ],
  };
}

export const invoicePdf = (d: InvoiceData, lang: 'en' | 'ta') => renderDocumentNode(invoiceDocument(d, lang));
