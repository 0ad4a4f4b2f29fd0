// One gift's receipt, laid out for a thermal roll (58 / 80 mm) or A6. Plain HTML and CSS so the
// printed copy looks like the screen; amounts in figures and in words in English and Tamil.
import { useTranslation } from 'react-i18next';
import { brandName, orgLogoPath, type Counter, type EventBrand, type Gift, type MoiEvent } from '../../../../contract/entities';
import { amountInWords } from '../../../../report/amount-in-words';
import { isMourning } from '../../../../contract/function-tone';
import { useState } from 'react';
import { QrSvg } from '../../../components/qr-svg';
import { API_BASE } from '../../../lib/api';
import { formatDate, formatRupees } from '../../../lib/format';
import { verifyLink } from '../../../lib/receipt-link';
import './receipt.css';

export type Paper = '58' | '80' | 'a6';

export type ReceiptData = {
  gift: Pick<Gift, 'receiptNo' | 'name' | 'initial' | 'village' | 'amount' | 'mode' | 'reference' | 'item' | 'enteredAt' | 'deletedAt' | 'kinName' | 'title'> & { receiptToken?: string | null; id?: string };
  event: Pick<MoiEvent, 'titleTa' | 'titleEn' | 'functionType' | 'date' | 'venue' | 'hostNames' | 'thankYouNote' | 'orgId' | 'brand'> | null;
  counter: Pick<Counter, 'code' | 'name'> | null;
  staffName: string;
};

export const receiptTime = (iso: string, locale: string) => formatDate(iso, 'dayTime', locale);

export function eventTitle(e: ReceiptData['event'], lang: string): string {
  if (!e) return '';
  return (lang === 'ta' ? e.titleTa || e.titleEn : e.titleEn || e.titleTa) ?? '';
}

/** The thanks the receipt ends with: the host's own note, else the customary words — quiet ones for a funeral. */
export function receiptThanks(t: (k: 'receipt.mourning.thanks' | 'receipt.defaultThanks') => unknown, event: ReceiptData['event']): string {
  return event?.thankYouNote || String(t(isMourning(event?.functionType) ? 'receipt.mourning.thanks' : 'receipt.defaultThanks'));
}

/** The hall's branding of a hall's event (issue 29); null for the provider's own events. */
export function receiptBrand(event: ReceiptData['event']): EventBrand | null {
  return event?.orgId && event.brand ? event.brand : null;
}

/** The hall's logo and name at the head of the receipt, in its colour (black at a funeral); the logo is left out when it cannot load (offline, first time). */
function BrandHead({ brand, lang, mourning }: { brand: EventBrand; lang: 'ta' | 'en'; mourning: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const name = brandName(brand, lang);
  return (
    <div className="r-brand" data-testid="receipt-brand">
      {brand.logoFileId && failed !== brand.logoFileId && (
        <img className="r-logo" src={`${API_BASE}${orgLogoPath(brand.logoFileId)}`} alt={name} onError={() => setFailed(brand.logoFileId)} />
      )}
      {name && <div className="r-brand-name" style={brand.colour && !mourning ? { color: brand.colour } : undefined}>{name}</div>}
    </div>
  );
}

export function giverLine(g: ReceiptData['gift']): string {
  return [g.initial?.trim(), g.name.trim()].filter(Boolean).join(' ');
}

/** Who the giver is beyond the name (issue 30): the spouse's or father's name and the occupation or title, as keyed. */
export function giverIdentity(g: Pick<Gift, 'kinName' | 'title'>): string {
  return [g.kinName?.trim(), g.title?.trim()].filter(Boolean).join(' · ');
}

export function ReceiptView({ data, paper }: { data: ReceiptData; paper: Paper }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ta' ? 'ta' : 'en';
  const { gift, event, counter, staffName } = data;
  const time = new Date(gift.enteredAt);
  const locale = lang === 'ta' ? 'ta-IN' : 'en-IN';
  const dateText = formatDate(event?.date || time, 'dateLong', locale);
  const isItem = gift.mode === 'item';
  const mourning = isMourning(event?.functionType);
  const brand = receiptBrand(event);
  return (
    <div className="moi-receipt" data-paper={paper} data-tone={mourning ? 'mourning' : 'celebration'} data-testid="receipt">
      {brand && <BrandHead brand={brand} lang={lang} mourning={mourning} />}
      {event && (
        <>
          {mourning && <div className="r-center r-memorial">{t('receipt.mourning.memorial')}</div>}
          <h2>{eventTitle(event, lang)}</h2>
          {event.titleTa && event.titleEn && <div className="r-center r-muted">{lang === 'ta' ? event.titleEn : event.titleTa}</div>}
          <div className="r-center">{t(`glossary.functionType.${event.functionType}`)} · {dateText}</div>
          {event.hostNames && <div className="r-center">{event.hostNames}</div>}
          {event.venue && <div className="r-center r-muted">{event.venue}</div>}
        </>
      )}
      <hr className="r-rule" />
      {gift.deletedAt && <div className="r-void">{t('receipt.deleted')}</div>}
      <div className="r-row"><span>{t('receipt.receiptNo')}</span><span data-testid="receipt-no">{gift.receiptNo}</span></div>
      <div className="r-row"><span>{t('receipt.time')}</span><span>{receiptTime(gift.enteredAt, locale)}</span></div>
      <hr className="r-rule" />
      <div className="r-center r-muted">{t('receipt.giver')}</div>
      <div className="r-giver">{giverLine(gift)}</div>
      {giverIdentity(gift) && <div className="r-center" data-testid="receipt-identity">{giverIdentity(gift)}</div>}
      {gift.village && <div className="r-center">{gift.village}</div>}
      {(!isItem || gift.amount > 0) && (
        <>
          <div className="r-amount" data-testid="receipt-amount">{formatRupees(gift.amount)}</div>
          <div className="r-words">{amountInWords(gift.amount, 'en')}</div>
          <div className="r-words">{amountInWords(gift.amount, 'ta')}</div>
        </>
      )}
      {isItem && <div className="r-row"><span>{t('receipt.item')}</span><span>{gift.item}</span></div>}
      <hr className="r-rule" />
      <div className="r-row"><span>{t('receipt.mode')}</span><span>{t(`glossary.paymentMode.${gift.mode}`)}</span></div>
      {gift.reference && <div className="r-row"><span>{t('receipt.reference')}</span><span>{gift.reference}</span></div>}
      {counter && <div className="r-row"><span>{t('receipt.counter')}</span><span>{counter.code}{counter.name && counter.name !== counter.code ? ` · ${counter.name}` : ''}</span></div>}
      <div className="r-row"><span>{t('receipt.staff')}</span><span>{staffName}</span></div>
      <div className="r-thanks">{receiptThanks(t, event)}</div>
      {brand?.footer && <div className="r-brand-footer" data-testid="receipt-brand-footer">{brand.footer}</div>}
      {gift.receiptToken && (
        <div className="r-verify" data-testid="receipt-verify">
          <QrSvg text={verifyLink(gift.receiptToken)} label={t('receipt.scanToVerify')} width="28mm" />
          <div className="r-muted">{t('receipt.scanToVerify')}</div>
          <ReceiptLink token={gift.receiptToken} />
        </div>
      )}
    </div>
  );
}

/**
 * The link under the QR, to be typed by someone who cannot scan it: in a monospace face whose 0, O,
 * 1, l and I all differ (slashed zero), the token shown in groups of four. The groups are spaced by
 * margins, not spaces, so a copied link still opens.
 */
function ReceiptLink({ token }: { token: string }) {
  const link = verifyLink(token);
  const groups = token.match(/.{1,4}/g) ?? [token];
  return (
    <div className="r-link" data-testid="receipt-link" translate="no">
      <span>{link.slice(0, link.length - token.length)}</span>
      {groups.map((g, i) => <span key={i} className="r-link-group">{g}</span>)}
    </div>
  );
}

/** The plain-text receipt for WhatsApp, SMS and the share sheet. */
export function receiptText(t: (k: string, o?: Record<string, unknown>) => string, data: ReceiptData, lang: 'en' | 'ta'): string {
  const { gift, event } = data;
  const brand = receiptBrand(event);
  return t('receipt.shareText', {
    title: eventTitle(event, lang),
    receiptNo: gift.receiptNo,
    giver: [giverLine(gift), gift.village].filter(Boolean).join(', '),
    amount: gift.mode === 'item' ? gift.item : formatRupees(gift.amount),
    mode: t(`glossary.paymentMode.${gift.mode}`),
    words: gift.mode === 'item' && !gift.amount ? '' : amountInWords(gift.amount, lang),
    time: receiptTime(gift.enteredAt, lang === 'ta' ? 'ta-IN' : 'en-IN'),
    // A hall's event (issue 29): the thanks signed with the hall's name.
    thanks: [receiptThanks(t, event), brand && brandName(brand, lang)].filter(Boolean).join(' — '),
  }).replace(/\n{2,}/g, '\n') + (gift.receiptToken ? `\n${t('receipt.verifyLine', { link: verifyLink(gift.receiptToken) })}` : '');
}
