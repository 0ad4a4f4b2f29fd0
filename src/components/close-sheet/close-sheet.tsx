// The counter close sheet, printable per counter on A4 or an 80 mm roll: the denomination count,
// expected and counted cash, the difference and its reason, gifts that arrived after the close, and
// signature lines for the counter staff and the host's nominee. Printed by the browser (window.print
// with print CSS), which shapes Tamil correctly, from the device's copy (works offline), or on the
// counter's receipt printer where one is chosen (close-sheet-doc.ts).
import { useTranslation } from 'react-i18next';
import { PrintPreviewButton, type Paper } from '../print/print-preview';
import type { CashTally } from '../../../contract/entities';
import { appLanguage, formatDate, formatNumber, formatRupees } from '../../lib/format';
import { closeSheetDoc } from './close-sheet-doc';
import './close-sheet.css';

export type CloseSheetPaper = Paper;
export type CloseSheetData = {
  eventTitle: string;
  code: string;
  name: string;
  tally: CashTally;
  closedByName: string;
  afterClose?: { count: number; cash: number };
  /** What the counter took, by mode (its live gifts): cash, UPI and cheque money; items counted, their estimate apart. */
  takings?: { cash: number; upi: number; cheque: number; sum: number; items: number; item: number };
};

function signed(n: number): string {
  return `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatRupees(Math.abs(n))}`;
}

export function CloseSheet({ data, paper }: { data: CloseSheetData; paper: CloseSheetPaper }) {
  const { t } = useTranslation();
  const { tally } = data;
  const rows = Object.entries(tally.counts)
    .map(([key, count]) => ({ key, count, kind: key[0] === 'n' ? 'note' : 'coin', value: Number(key.slice(1)) }))
    .filter((r) => r.count > 0)
    .sort((a, b) => (a.kind === b.kind ? b.value - a.value : a.kind === 'note' ? -1 : 1));
  const lang = appLanguage();
  return (
    <div className="moi-close-sheet" data-paper={paper} data-testid="close-sheet">
      <h2>{t('report.closeSheet.title')}</h2>
      <p className="cs-sub">
        <b>{data.eventTitle}</b>
        <br />
        {t('report.closeSheet.counter', { code: data.code })}{data.name ? ` · ${data.name}` : ''}
      </p>
      <table>
        <thead>
          <tr><th>{t('admin.counters.denomination')}</th><th className="cs-num">{t('admin.counters.count')}</th><th className="cs-num">{t('admin.counters.value')}</th></tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{t(r.kind === 'note' ? 'admin.counters.note' : 'admin.counters.coin', { value: r.value })}</td>
              <td className="cs-num">{formatNumber(r.count)}</td>
              <td className="cs-num">{formatRupees(r.count * r.value)}</td>
            </tr>
          ))}
          <tr className="cs-strong"><td colSpan={2}>{t('report.closeSheet.total')}</td><td className="cs-num">{formatRupees(tally.countedTotal)}</td></tr>
        </tbody>
      </table>
      {data.takings ? (
        <table data-testid="close-sheet-takings">
          <thead>
            <tr><th>{t('report.closeSheet.takings')}</th><th className="cs-num">{t('report.closeSheet.amount')}</th></tr>
          </thead>
          <tbody>
            {(['cash', 'upi', 'cheque'] as const).map((m) => (
              <tr key={m}><td>{t(`glossary.paymentMode.${m}`)}</td><td className="cs-num">{formatRupees(data.takings![m])}</td></tr>
            ))}
            <tr className="cs-strong"><td>{t('report.closeSheet.moneyTotal')}</td><td className="cs-num">{formatRupees(data.takings.sum)}</td></tr>
            <tr>
              <td>{t('glossary.paymentMode.item')}</td>
              <td className="cs-num">{formatNumber(data.takings.items)}{data.takings.items && data.takings.item ? ` · ${t('report.closeSheet.estimate', { amount: formatRupees(data.takings.item) })}` : ''}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
      <table>
        <tbody>
          <tr><td>{t('admin.counters.expected')}</td><td className="cs-num">{formatRupees(tally.expectedCash)}</td></tr>
          <tr><td>{t('admin.counters.counted')}</td><td className="cs-num">{formatRupees(tally.countedTotal)}</td></tr>
          <tr className="cs-strong"><td>{t('admin.counters.difference')}</td><td className="cs-num" data-testid="close-sheet-difference">{signed(tally.difference)}</td></tr>
          <tr><td>{t('admin.counters.reason')}</td><td>{tally.reason || '—'}</td></tr>
          <tr><td>{t('admin.counters.closedBy')}</td><td>{data.closedByName}</td></tr>
          <tr><td>{t('admin.counters.closedAt')}</td><td>{formatDate(tally.closedAt, 'dateTime', lang)}</td></tr>
          {data.afterClose && data.afterClose.count > 0 ? (
            <tr><td>{t('report.closeSheet.afterClose')}</td><td className="cs-num">{formatNumber(data.afterClose.count)} · {formatRupees(data.afterClose.cash)}</td></tr>
          ) : null}
        </tbody>
      </table>
      <div className="cs-signs">
        {(['staffSign', 'nomineeSign'] as const).map((k) => (
          <div key={k}>
            <div className="cs-line">{t(`report.closeSheet.${k}`)}</div>
            <div className="cs-field">{t('report.closeSheet.name')}: {k === 'staffSign' ? data.closedByName : ''}</div>
            <div className="cs-field">{t('report.closeSheet.date')}:</div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** "Print close sheet": a preview with the paper choice; the printout is the sheet alone. */
export function CloseSheetButton({ data }: { data: CloseSheetData }) {
  const { t } = useTranslation();
  const labels = {
    open: t('report.closeSheet.open'), title: t('report.closeSheet.title'), paper: t('report.closeSheet.paper'),
    a4: t('report.closeSheet.a4'), roll80: t('report.closeSheet.roll80'), print: t('report.closeSheet.print'),
  };
  return (
    <PrintPreviewButton labels={labels} id="close-sheet" testId="close-sheet-print" render={(paper) => <CloseSheet data={data} paper={paper} />}
      doc={(paper) => closeSheetDoc(data, { t: t as unknown as (k: string, o?: Record<string, unknown>) => string, lang: appLanguage(), paper })} />
  );
}
