// The gift receipt as printer blocks: the same content as the on-screen receipt (receipt-view.tsx),
// sized for 203 dpi (58 mm: 384 dots, 80 mm: 576), plus the "DUPLICATE / நகல்" banner on a reprint.
import { isMourning } from '../../../../contract/function-tone';
import { amountInWords } from '../../../../report/amount-in-words';
import { formatDate, formatRupees } from '../../../lib/format';
import { verifyLink } from '../../../lib/receipt-link';
import type { Block, PaperWidth } from '../../../lib/print/raster-doc';
import { brandName } from '../../../../contract/entities';
import { eventTitle, giverIdentity, giverLine, receiptBrand, receiptThanks, receiptTime, type ReceiptData } from '../receipt/receipt-view';

type T = (key: string, opts?: Record<string, unknown>) => string;

/**
 * Type sizes in dots (8 a millimetre). Chosen by looking at printed rasters: Tamil under about 22
 * dots loses the loops of ள/ழ and the vowel signs at 203 dpi; bold thickens strokes the printer
 * would otherwise break up.
 */
export const RECEIPT_SIZES: Record<PaperWidth, { title: number; body: number; small: number; giver: number; amount: number; banner: number; qr: number }> = {
  '58': { title: 30, body: 24, small: 22, giver: 32, amount: 48, banner: 28, qr: 5 },
  '80': { title: 36, body: 27, small: 24, giver: 38, amount: 56, banner: 32, qr: 6 },
};

export function receiptDoc(data: ReceiptData, opts: { t: T; lang: 'en' | 'ta'; paper: PaperWidth; duplicate?: boolean; duplicateText?: string }): Block[] {
  const { t, lang, paper } = opts;
  const s = RECEIPT_SIZES[paper];
  const { gift, event, counter, staffName } = data;
  const locale = lang === 'ta' ? 'ta-IN' : 'en-IN';
  const b: Block[] = [];
  if (opts.duplicate) b.push({ kind: 'banner', text: opts.duplicateText ?? t('print.duplicate'), size: s.banner });
  // A hall's event (issue 29): the hall's name heads the roll, its footer ends it (a thermal printer
  // prints no colour; the logo is on the screen's receipt and the book's cover).
  const brand = receiptBrand(event);
  if (brand && brandName(brand, lang)) b.push({ kind: 'text', text: brandName(brand, lang), size: s.body, bold: true, align: 'center' });
  if (event) {
    if (isMourning(event.functionType)) b.push({ kind: 'text', text: t('receipt.mourning.memorial'), size: s.small, bold: true, align: 'center' });
    b.push({ kind: 'text', text: eventTitle(event, lang), size: s.title, bold: true, align: 'center' });
    if (event.titleTa && event.titleEn) b.push({ kind: 'text', text: lang === 'ta' ? event.titleEn : event.titleTa, size: s.small, align: 'center' });
    b.push({ kind: 'text', text: `${t(`glossary.functionType.${event.functionType}`)} · ${formatDate(event.date || gift.enteredAt, 'dateLong', locale)}`, size: s.small, align: 'center' });
    if (event.hostNames) b.push({ kind: 'text', text: event.hostNames, size: s.small, align: 'center' });
    if (event.venue) b.push({ kind: 'text', text: event.venue, size: s.small, align: 'center' });
  }
  b.push({ kind: 'rule', dashed: true });
  if (gift.deletedAt) b.push({ kind: 'banner', text: t('receipt.deleted'), size: s.banner });
  b.push({ kind: 'row', label: t('receipt.receiptNo'), value: gift.receiptNo, size: s.body, bold: true });
  b.push({ kind: 'row', label: t('receipt.time'), value: receiptTime(gift.enteredAt, locale), size: s.small });
  b.push({ kind: 'rule', dashed: true });
  b.push({ kind: 'text', text: t('receipt.giver'), size: s.small, align: 'center' });
  b.push({ kind: 'text', text: giverLine(gift), size: s.giver, bold: true, align: 'center' });
  if (giverIdentity(gift)) b.push({ kind: 'text', text: giverIdentity(gift), size: s.body, align: 'center' });
  if (gift.village) b.push({ kind: 'text', text: gift.village, size: s.body, align: 'center' });
  const isItem = gift.mode === 'item';
  if (!isItem || gift.amount > 0) {
    b.push({ kind: 'text', text: formatRupees(gift.amount), size: s.amount, bold: true, align: 'center' });
    b.push({ kind: 'text', text: amountInWords(gift.amount, 'en'), size: s.small, align: 'center' });
    b.push({ kind: 'text', text: amountInWords(gift.amount, 'ta'), size: s.small, align: 'center' });
  }
  if (isItem) b.push({ kind: 'row', label: t('receipt.item'), value: gift.item ?? '', size: s.body, bold: true });
  b.push({ kind: 'rule', dashed: true });
  b.push({ kind: 'row', label: t('receipt.mode'), value: t(`glossary.paymentMode.${gift.mode}`), size: s.body });
  if (gift.reference) b.push({ kind: 'row', label: t('receipt.reference'), value: gift.reference, size: s.body });
  if (counter) b.push({ kind: 'row', label: t('receipt.counter'), value: `${counter.code}${counter.name && counter.name !== counter.code ? ` · ${counter.name}` : ''}`, size: s.body });
  if (staffName) b.push({ kind: 'row', label: t('receipt.staff'), value: staffName, size: s.body });
  b.push({ kind: 'space', height: 6 });
  b.push({ kind: 'text', text: receiptThanks(t, event), size: s.body, bold: true, align: 'center' });
  if (brand?.footer) b.push({ kind: 'text', text: brand.footer, size: s.small, align: 'center' });
  if (gift.receiptToken) {
    const link = verifyLink(gift.receiptToken);
    b.push({ kind: 'qr', text: link, scale: s.qr });
    b.push({ kind: 'text', text: t('receipt.scanToVerify'), size: s.small, align: 'center' });
    // the address, then the token on a line of its own (a token cut in two is easy to mistype)
    const mono = paper === '58' ? 18 : 20;
    b.push({ kind: 'text', text: link.slice(0, link.length - gift.receiptToken.length), size: mono, mono: true, align: 'center' });
    b.push({ kind: 'text', text: gift.receiptToken, size: mono, mono: true, align: 'center' });
  }
  return b;
}
