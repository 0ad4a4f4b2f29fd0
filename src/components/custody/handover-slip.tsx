// The printed handover slip (A4 or an 80 mm roll): event, from and to, when, the cash with its
// denomination count, the UPI/cheque/item summary, how the receiver confirmed, and signature lines
// for both. Printed by the browser from the device's copy (works offline), as the close sheet is, or
// on the counter's receipt printer where one is chosen (handover-slip-doc.ts).
import { useTranslation } from 'react-i18next';
import { PrintPreviewButton, type Paper } from '../print/print-preview';
import type { Handover } from '../../../contract/custody';
import { appLanguage, formatDate, formatNumber, formatRupees } from '../../lib/format';
import { handoverSlipDoc } from './handover-slip-doc';
import '../close-sheet/close-sheet.css';
import './handover-slip.css';

export type SlipPaper = Paper;
export type HandoverSlipData = { eventTitle: string; from: string; to: string; givenByName: string; receivedByName: string; handover: Handover };

export function HandoverSlip({ data, paper }: { data: HandoverSlipData; paper: SlipPaper }) {
  const { t } = useTranslation();
  const lang = appLanguage();
  const h = data.handover;
  const rows = Object.entries(h.counts ?? {})
    .map(([key, count]) => ({ key, count, kind: key[0] === 'n' ? 'note' : 'coin', value: Number(key.slice(1)) }))
    .filter((r) => r.count > 0)
    .sort((a, b) => (a.kind === b.kind ? b.value - a.value : a.kind === 'note' ? -1 : 1));
  const at = formatDate(h.handedAt, 'dateTime', lang);
  return (
    <div className="moi-close-sheet" data-paper={paper} data-testid="handover-slip">
      <h2>{t('custody.slip.title')}</h2>
      <p className="cs-sub"><b>{data.eventTitle}</b></p>
      <table>
        <tbody>
          <tr><td>{t('custody.slip.from')}</td><td>{data.from}</td></tr>
          <tr><td>{t('custody.slip.to')}</td><td>{data.to}</td></tr>
          <tr><td>{t('custody.slip.handedAt')}</td><td>{at}</td></tr>
          <tr><td>{t('custody.slip.confirmedBy')}</td><td>{t(`custody.chain.method.${h.method}`)}{h.verified ? ' ✓' : ''}</td></tr>
        </tbody>
      </table>
      {rows.length > 0 && (
        <table>
          <thead><tr><th>{t('admin.counters.denomination')}</th><th className="cs-num">{t('admin.counters.count')}</th><th className="cs-num">{t('admin.counters.value')}</th></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <td>{t(r.kind === 'note' ? 'admin.counters.note' : 'admin.counters.coin', { value: r.value })}</td>
                <td className="cs-num">{formatNumber(r.count)}</td>
                <td className="cs-num">{formatRupees(r.count * r.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table>
        <tbody>
          <tr className="cs-strong"><td>{t('custody.slip.cash')}</td><td className="cs-num" data-testid="slip-cash">{formatRupees(h.cash)}</td></tr>
          <tr><td>{t('custody.slip.upi')}</td><td className="cs-num">{formatNumber(h.summary.upi.count)} · {formatRupees(h.summary.upi.total)}</td></tr>
          <tr><td>{t('custody.slip.cheque')}</td><td className="cs-num">{formatNumber(h.summary.cheque.count)} · {formatRupees(h.summary.cheque.total)}</td></tr>
          <tr><td>{t('custody.slip.items')}</td><td className="cs-num cs-wrap">{formatNumber(h.summary.item.count)}{h.summary.item.descriptions.length ? ` · ${h.summary.item.descriptions.slice(0, 6).join(', ')}` : ''}</td></tr>
        </tbody>
      </table>
      <div className="cs-signs">
        {([['givenBy', data.givenByName], ['receivedBy', data.receivedByName]] as const).map(([k, name]) => (
          <div key={k}>
            <div className="cs-line">{t(`custody.slip.${k}`)} — {t('custody.slip.sign')}</div>
            <div className="cs-field">{t('custody.slip.name')}: {name}</div>
            <div className="cs-field">{t('custody.slip.time')}: {at}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** "Print handover slip": a preview with the paper choice; the printout is the slip alone (a receipt or close sheet on the page is hidden meanwhile). */
export function HandoverSlipButton({ data }: { data: HandoverSlipData }) {
  const { t } = useTranslation();
  const labels = {
    open: t('custody.slip.open'), title: t('custody.slip.title'), paper: t('custody.slip.paper'),
    a4: t('custody.slip.a4'), roll80: t('custody.slip.roll80'), print: t('custody.slip.print'),
  };
  return (
    <PrintPreviewButton labels={labels} id="handover-slip" testId="handover-slip-print" rootClass="moi-slip-root" only="moi-printing-slip"
      render={(paper) => <HandoverSlip data={data} paper={paper} />} doc={(paper) => handoverSlipDoc(data, { t: t as unknown as (k: string, o?: Record<string, unknown>) => string, lang: appLanguage(), paper })} />
  );
}
