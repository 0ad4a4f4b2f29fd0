// The close sheet for the counter's receipt printer (58 or 80 mm): what the on-screen sheet
// (close-sheet.tsx) says, as printer blocks drawn with the browser's Tamil shaping. The
// denomination table's three columns become "₹500 note × 20 … ₹10,000" rows on a narrow roll.
import type { CashTally } from '../../../contract/entities';
import { formatDate, formatNumber, formatRupees } from '../../lib/format';
import type { Block, PaperWidth } from '../../lib/print/raster-doc';
import type { CloseSheetData } from './close-sheet';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Type sizes in dots (8 a millimetre), as the receipt's: Tamil under about 22 dots breaks up at 203 dpi. */
export const SHEET_SIZES: Record<PaperWidth, { title: number; body: number; small: number; strong: number }> = {
  '58': { title: 28, body: 24, small: 22, strong: 26 },
  '80': { title: 34, body: 27, small: 24, strong: 30 },
};

export const signedRupees = (n: number): string => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatRupees(Math.abs(n))}`;

/** Denomination rows, notes before coins, largest first; counts of zero left out. */
export function denominationBlocks(counts: Record<string, number>, t: T, size: number): Block[] {
  return Object.entries(counts)
    .map(([key, count]) => ({ key, count, kind: key[0] === 'n' ? 'note' : 'coin', value: Number(key.slice(1)) }))
    .filter((r) => r.count > 0)
    .sort((a, b) => (a.kind === b.kind ? b.value - a.value : a.kind === 'note' ? -1 : 1))
    .map((r) => ({ kind: 'row', label: `${t(r.kind === 'note' ? 'admin.counters.note' : 'admin.counters.coin', { value: r.value })} × ${formatNumber(r.count)}`, value: formatRupees(r.count * r.value), size }));
}

/** A signature line with its caption, and the lines for name and date under it. */
export function signatureBlocks(caption: string, fields: string[], s: { body: number; small: number }): Block[] {
  return [
    { kind: 'space', height: 56 },
    { kind: 'rule' },
    { kind: 'text', text: caption, size: s.small, bold: true },
    ...fields.map((f): Block => ({ kind: 'text', text: f, size: s.small })),
  ];
}

export function closeSheetDoc(data: CloseSheetData, opts: { t: T; lang: string; paper: PaperWidth }): Block[] {
  const { t, paper } = opts;
  const s = SHEET_SIZES[paper];
  const tally: CashTally = data.tally;
  const b: Block[] = [
    { kind: 'text', text: t('report.closeSheet.title'), size: s.title, bold: true, align: 'center' },
    { kind: 'text', text: data.eventTitle, size: s.body, bold: true, align: 'center' },
    { kind: 'text', text: `${t('report.closeSheet.counter', { code: data.code })}${data.name ? ` · ${data.name}` : ''}`, size: s.body, align: 'center' },
    { kind: 'rule', dashed: true },
    { kind: 'row', label: t('admin.counters.denomination'), value: t('admin.counters.value'), size: s.small, bold: true },
    ...denominationBlocks(tally.counts, t, s.body),
    { kind: 'row', label: t('report.closeSheet.total'), value: formatRupees(tally.countedTotal), size: s.strong, bold: true },
    { kind: 'rule', dashed: true },
  ];
  if (data.takings) {
    const k = data.takings;
    b.push({ kind: 'text', text: t('report.closeSheet.takings'), size: s.small, bold: true });
    for (const m of ['cash', 'upi', 'cheque'] as const) b.push({ kind: 'row', label: t(`glossary.paymentMode.${m}`), value: formatRupees(k[m]), size: s.body });
    b.push({ kind: 'row', label: t('report.closeSheet.moneyTotal'), value: formatRupees(k.sum), size: s.body, bold: true });
    b.push({ kind: 'row', label: t('glossary.paymentMode.item'), value: `${formatNumber(k.items)}${k.items && k.item ? ` · ${t('report.closeSheet.estimate', { amount: formatRupees(k.item) })}` : ''}`, size: s.body });
    b.push({ kind: 'rule', dashed: true });
  }
  b.push(
    { kind: 'row', label: t('admin.counters.expected'), value: formatRupees(tally.expectedCash), size: s.body },
    { kind: 'row', label: t('admin.counters.counted'), value: formatRupees(tally.countedTotal), size: s.body },
    { kind: 'row', label: t('admin.counters.difference'), value: signedRupees(tally.difference), size: s.strong, bold: true },
    { kind: 'row', label: t('admin.counters.reason'), value: tally.reason || '—', size: s.body },
    { kind: 'row', label: t('admin.counters.closedBy'), value: data.closedByName, size: s.body },
    { kind: 'row', label: t('admin.counters.closedAt'), value: formatDate(tally.closedAt, 'dateTime', opts.lang), size: s.small },
  );
  if (data.afterClose && data.afterClose.count > 0) {
    b.push({ kind: 'row', label: t('report.closeSheet.afterClose'), value: `${formatNumber(data.afterClose.count)} · ${formatRupees(data.afterClose.cash)}`, size: s.body });
  }
  b.push(...signatureBlocks(t('report.closeSheet.staffSign'), [`${t('report.closeSheet.name')}: ${data.closedByName}`, `${t('report.closeSheet.date')}:`], s));
  b.push(...signatureBlocks(t('report.closeSheet.nomineeSign'), [`${t('report.closeSheet.name')}:`, `${t('report.closeSheet.date')}:`], s));
  return b;
}
