// Print (58 mm / 80 mm / A6 through window.print and print CSS) and share (WhatsApp, SMS, Web Share)
// for one receipt. Printing renders the receipt alone into a print root and sets @page to the paper.
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconMessage, IconPrinter, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReceiptView, receiptText, type Paper, type ReceiptData } from './receipt-view';
import { canWebShare, smsLink, waLink, webShare } from './share';
import { printAlone } from '../../../components/print/print-preview';
import { useCurrentUser } from '../../../lib/auth-store';
import { isDirect, usePrinterSettings } from '../../../lib/print/printer';

const PAPER_KEY = 'moi.receipt.paper';
const PAGE_SIZE: Record<Paper, string> = { '58': '58mm auto', '80': '80mm auto', a6: 'A6' };

export function usePaper(): [Paper, (p: Paper) => void] {
  const [paper, setPaper] = useState<Paper>(() => {
    try {
      const p = localStorage.getItem(PAPER_KEY);
      return p === '58' || p === '80' || p === 'a6' ? p : '58';
    } catch {
      return '58';
    }
  });
  const set = useCallback((p: Paper) => {
    setPaper(p);
    try {
      localStorage.setItem(PAPER_KEY, p);
    } catch {
      // kept for this page only
    }
  }, []);
  return [paper, set];
}

/** The hidden copy that print CSS shows alone; `@page` follows the chosen paper. */
export function PrintRoot({ data, paper }: { data: ReceiptData; paper: Paper }) {
  return createPortal(
    <div className="moi-print-root" data-testid="print-root">
      <style>{`@page { size: ${PAGE_SIZE[paper]}; margin: ${paper === 'a6' ? '0' : '0'}; }`}</style>
      <ReceiptView data={data} paper={paper} />
    </div>,
    document.body,
  );
}

/** Prints the receipt alone. */
export const printReceipt = (): void => printAlone();

/** Paper size; memoized (Mantine's SegmentedControl measures itself on every render). */
const PaperPicker = memo(function PaperPicker({ paper, onPaper }: { paper: Paper; onPaper: (p: Paper) => void }) {
  const { t } = useTranslation();
  const data = useMemo(() => [{ value: '58', label: t('receipt.paper58') }, { value: '80', label: t('receipt.paper80') }, { value: 'a6', label: t('receipt.paperA6') }], [t]);
  const onChange = useCallback((v: string) => onPaper(v as Paper), [onPaper]);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">{t('receipt.paper')}</Text>
      <SegmentedControl size="xs" value={paper} onChange={onChange} data={data} aria-label={t('receipt.paper')} />
    </Group>
  );
});

/**
 * `fromList`: opened from a gift list, where the receipt was handed over when the gift was saved,
 * so a print on the counter's printer is a duplicate (kept in the gift's history).
 */
export function ReceiptActions({ data, mobile, paper, onPaper, fromList }: { data: ReceiptData; mobile: string; paper: Paper; onPaper: (p: Paper) => void; fromList?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ta' ? 'ta' : 'en';
  const printer = usePrinterSettings();
  const user = useCurrentUser();
  const giftId = data.gift.id;
  const onPrint = () => {
    // with a receipt printer set up, to the printer; else (and on iOS) the browser's print dialog
    if (!giftId || !isDirect(printer.transport)) return printReceipt();
    const tt = t as unknown as (k: string, o?: Record<string, unknown>) => string;
    void import('../print/print-receipt').then((m) => m.printOrReprint(data, giftId, { t: tt, lang, by: user?.id ?? '', savedHere: fromList ? false : undefined }));
  };
  const text = receiptText(t as unknown as (k: string, o?: Record<string, unknown>) => string, data, lang);
  const [share, setShare] = useState(false);
  useEffect(() => setShare(canWebShare()), []);
  return (
    <Group gap="xs" wrap="wrap">
      <PaperPicker paper={paper} onPaper={onPaper} />
      <Button leftSection={<IconPrinter size={18} />} onClick={onPrint} variant="filled">{t('receipt.print')}</Button>
      {mobile && (
        <>
          <Button component="a" href={waLink(mobile, text)} target="_blank" rel="noopener" leftSection={<IconBrandWhatsapp size={18} />} color="green" variant="light">{t('receipt.whatsapp')}</Button>
          <Button component="a" href={smsLink(mobile, text)} leftSection={<IconMessage size={18} />} variant="light">{t('receipt.sms')}</Button>
        </>
      )}
      {share && <Button leftSection={<IconShare size={18} />} variant="light" onClick={() => void webShare(t('receipt.title'), text)}>{t('receipt.share')}</Button>}
    </Group>
  );
}
