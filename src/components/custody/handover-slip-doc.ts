// The cash handover slip for the counter's receipt printer (58 or 80 mm): what the on-screen slip
// (handover-slip.tsx) says, as printer blocks drawn with the browser's Tamil shaping.
import { formatDate, formatNumber, formatRupees } from '../../lib/format';
import type { Block, PaperWidth } from '../../lib/print/raster-doc';
import { denominationBlocks, SHEET_SIZES, signatureBlocks } from '../close-sheet/close-sheet-doc';
import type { HandoverSlipData } from './handover-slip';

type T = (key: string, opts?: Record<string, unknown>) => string;

export function handoverSlipDoc(data: HandoverSlipData, opts: { t: T; lang: string; paper: PaperWidth }): Block[] {
  const { t, paper } = opts;
  const s = SHEET_SIZES[paper];
  const h = data.handover;
  const at = formatDate(h.handedAt, 'dateTime', opts.lang);
  const denominations = denominationBlocks(h.counts ?? {}, t, s.body);
  const b: Block[] = [
    { kind: 'text', text: t('custody.slip.title'), size: s.title, bold: true, align: 'center' },
    { kind: 'text', text: data.eventTitle, size: s.body, bold: true, align: 'center' },
    { kind: 'rule', dashed: true },
    { kind: 'row', label: t('custody.slip.from'), value: data.from, size: s.body },
    { kind: 'row', label: t('custody.slip.to'), value: data.to, size: s.body },
    { kind: 'row', label: t('custody.slip.handedAt'), value: at, size: s.small },
    { kind: 'row', label: t('custody.slip.confirmedBy'), value: `${t(`custody.chain.method.${h.method}`)}${h.verified ? ' ✓' : ''}`, size: s.body },
    { kind: 'rule', dashed: true },
  ];
  if (denominations.length) {
    b.push({ kind: 'row', label: t('admin.counters.denomination'), value: t('admin.counters.value'), size: s.small, bold: true }, ...denominations, { kind: 'rule', dashed: true });
  }
  const items = `${formatNumber(h.summary.item.count)}${h.summary.item.descriptions.length ? ` · ${h.summary.item.descriptions.slice(0, 6).join(', ')}` : ''}`;
  b.push(
    { kind: 'row', label: t('custody.slip.cash'), value: formatRupees(h.cash), size: s.strong, bold: true },
    { kind: 'row', label: t('custody.slip.upi'), value: `${formatNumber(h.summary.upi.count)} · ${formatRupees(h.summary.upi.total)}`, size: s.body },
    { kind: 'row', label: t('custody.slip.cheque'), value: `${formatNumber(h.summary.cheque.count)} · ${formatRupees(h.summary.cheque.total)}`, size: s.body },
    { kind: 'row', label: t('custody.slip.items'), value: items, size: s.body },
  );
  for (const [k, name] of [['givenBy', data.givenByName], ['receivedBy', data.receivedByName]] as const) {
    b.push(...signatureBlocks(`${t(`custody.slip.${k}`)} — ${t('custody.slip.sign')}`, [`${t('custody.slip.name')}: ${name}`, `${t('custody.slip.time')}: ${at}`], s));
  }
  return b;
}
