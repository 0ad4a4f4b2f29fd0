// The printed handover slip (A4 or an 80 mm roll): event, from and to, when, the cash with its
// denomination count, the UPI/cheque/item summary, how the receiver confirmed, and signature lines
// for both. Printed by the browser from the device's copy (works offline), as the close sheet is.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Handover } from '../../../contract/custody';
import { appLanguage, formatDate, formatNumber, formatRupees } from '../../lib/format';
import '../close-sheet/close-sheet.css';
import './handover-slip.css';

export type SlipPaper = 'a4' | '80';
export type HandoverSlipData = { eventTitle: string; from: string; to: string; givenByName: string; receivedByName: string; handover: Handover };

const PAGE: Record<SlipPaper, string> = { a4: 'A4 portrait; margin: 15mm', '80': '80mm auto; margin: 0' };

/** Prints the slip alone: other print roots on the page (a receipt, a close sheet) are hidden meanwhile. */
function printSlip(): void {
  document.body.classList.add('moi-printing', 'moi-printing-slip');
  const done = () => {
    document.body.classList.remove('moi-printing', 'moi-printing-slip');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  try {
    window.print();
  } finally {
    setTimeout(done, 1000);
  }
}

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
          <tr><td>{t('custody.slip.items')}</td><td className="cs-num">{formatNumber(h.summary.item.count)}{h.summary.item.descriptions.length ? ` · ${h.summary.item.descriptions.slice(0, 6).join(', ')}` : ''}</td></tr>
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

/** "Print handover slip": a preview with the paper choice; the printout is the slip alone. */
export function HandoverSlipButton({ data }: { data: HandoverSlipData }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [paper, setPaper] = useState<SlipPaper>('a4');
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconPrinter size={14} />} onClick={() => setOpened(true)}>{t('custody.slip.open')}</Button>
      {opened ? (
        <Modal opened onClose={() => setOpened(false)} title={t('custody.slip.title')} size="xl">
          <Stack>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" id="handover-slip-paper">{t('custody.slip.paper')}</Text>
              <SegmentedControl size="xs" value={paper} onChange={(v) => setPaper(v as SlipPaper)} aria-labelledby="handover-slip-paper"
                data={[{ value: 'a4', label: t('custody.slip.a4') }, { value: '80', label: t('custody.slip.roll80') }]} />
              <Button leftSection={<IconPrinter size={16} />} onClick={printSlip}>{t('custody.slip.print')}</Button>
            </Group>
            <div className="moi-close-sheet-preview"><HandoverSlip data={data} paper={paper} /></div>
          </Stack>
          {createPortal(
            <div className="moi-print-root moi-slip-root" data-testid="handover-slip-print">
              <style>{`@page { size: ${PAGE[paper]}; }`}</style>
              <HandoverSlip data={data} paper={paper} />
            </div>,
            document.body,
          )}
        </Modal>
      ) : null}
    </>
  );
}
