// /r/<token>: the public check of one receipt (issue 15), opened from the QR code or the link on a
// receipt, with no sign-in. It shows only what GET /moi/public/receipts/:token answers; a token the
// server does not know yet is explained (the counter's tablet may not have synced), never an error.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { brandName, orgLogoPath } from '../../../contract/entities';
import { isMourning } from '../../../contract/function-tone';
import { publicReceiptSchema, type PublicReceipt } from '../../../contract/receipts';
import { API_BASE } from '../../lib/api';
import { formatDate, formatRupees, localeOf } from '../../lib/format';
import { setLanguage } from '../../lib/i18n';
import classes from './verify.module.css';

type State = { kind: 'loading' } | { kind: 'offline' } | { kind: 'busy' } | { kind: 'malformed' } | { kind: 'done'; r: PublicReceipt };

/** A link that cannot be a receipt's (cut short when copied, mistyped): no tablet will ever sync it. */
class MalformedLink extends Error {}
/** The server asks callers to wait (429: this address, or everyone, checked many receipts this minute). */
class Busy extends Error {}

async function fetchReceipt(token: string): Promise<PublicReceipt> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(token)) throw new MalformedLink();
  const res = await fetch(`${API_BASE}/moi/public/receipts/${encodeURIComponent(token)}`, { credentials: 'omit', cache: 'no-store' });
  if (res.status === 400) throw new MalformedLink();
  if (res.status === 404) return { status: 'unknown' };
  if (res.status === 429) throw new Busy();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return publicReceiptSchema.parse(await res.json());
}

export default function ReceiptVerifyPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const lang = i18n.language === 'ta' ? 'ta' : 'en';
  const load = useCallback(() => {
    setState({ kind: 'loading' });
    fetchReceipt(token).then((r) => setState({ kind: 'done', r }), (e: unknown) => setState({ kind: e instanceof MalformedLink ? 'malformed' : e instanceof Busy ? 'busy' : 'offline' }));
  }, [token]);
  useEffect(load, [load]);
  useEffect(() => {
    document.title = `${t('verify.title')} · ${t('common.appName')}`;
  }, [t]);

  const other = lang === 'ta' ? 'en' : 'ta';
  const r = state.kind === 'done' ? state.r : null;
  const status = r?.status;
  // A hall's event shows the hall's logo and name (in its colour, as on its receipts; not at a
  // funeral, whose check is in neutral colours, issue 30); the provider's own events show none.
  const valid = r && r.status !== 'unknown' ? r : null;
  const mourning = isMourning(valid?.functionType);
  const hall = valid?.hall ?? null;
  const hallName = hall ? brandName(hall, lang) : '';
  return (
    <div className={classes.page} data-tone={mourning ? 'mourning' : undefined}>
      <header className={classes.header}>
        <span className={classes.brand}>{t('common.appName')}</span>
        <button type="button" className={classes.lang} lang={other} aria-label={t('verify.switchToLabel')} onClick={() => void setLanguage(other).catch(() => undefined)}>
          {t('verify.switchTo')}
        </button>
      </header>
      <main className={classes.main}>
        {hallName ? (
          <p className={classes.hall} data-testid="verify-hall" style={hall?.colour && !mourning ? { color: hall.colour } : undefined}>
            {hall?.logoFileId ? <img className={classes.logo} src={`${API_BASE}${orgLogoPath(hall.logoFileId)}`} alt="" /> : null}
            {hallName}
          </p>
        ) : null}
        <h1 className={classes.title}>{t('verify.title')}</h1>
        {state.kind === 'loading' && <p role="status">{t('verify.loading')}</p>}
        {(state.kind === 'offline' || state.kind === 'busy') && (
          <div className={classes.card} data-status={state.kind} role="alert">
            <p>{t(state.kind === 'busy' ? 'verify.busy' : 'verify.offline')}</p>
            <button type="button" className={classes.retry} onClick={load}>{t('verify.retry')}</button>
          </div>
        )}
        {state.kind === 'malformed' && (
          <section className={classes.card} data-status="malformed" data-testid="verify-result" aria-labelledby="verify-status">
            <h2 id="verify-status" className={classes.status}>
              <span className={classes.mark} aria-hidden="true">✕</span>
              {t('verify.malformed')}
            </h2>
            <p className={classes.body}>{t('verify.malformedBody')}</p>
          </section>
        )}
        {r && (
          <section className={classes.card} data-status={status} data-testid="verify-result" aria-labelledby="verify-status">
            <h2 id="verify-status" className={classes.status}>
              <span className={classes.mark} aria-hidden="true">{status === 'valid' ? '✓' : status === 'cancelled' ? '✕' : '…'}</span>
              {t(`verify.${status!}`)}
            </h2>
            <p className={classes.body}>{t(`verify.${status!}Body`)}</p>
            {r.status !== 'unknown' && (
              <dl className={classes.facts}>
                <dt>{t('verify.event')}</dt>
                <dd>{(lang === 'ta' ? r.eventTitleTa || r.eventTitleEn : r.eventTitleEn || r.eventTitleTa) ?? ''} · {formatDate(r.eventDate, 'dateLong', localeOf(lang))}</dd>
                <dt>{t('verify.giver')}</dt>
                <dd data-testid="verify-giver">{r.giver}</dd>
                {(r.mode !== 'item' || r.amount > 0) && (<><dt>{t('verify.amount')}</dt><dd className={classes.amount} data-testid="verify-amount">{formatRupees(r.amount)}</dd></>)}
                {r.mode === 'item' && (<><dt>{t('verify.item')}</dt><dd>{r.item}</dd></>)}
                <dt>{t('verify.time')}</dt>
                <dd>{formatDate(r.enteredAt, 'dayTime', localeOf(lang))}</dd>
                <dt>{t('verify.counter')}</dt>
                <dd>{r.counter}</dd>
                <dt>{t('verify.receiptNo')}</dt>
                <dd>{r.receiptNo}</dd>
              </dl>
            )}
            {r.status !== 'unknown' && <p className={classes.note}>{t('verify.masked')}</p>}
            {r.status === 'unknown' && <button type="button" className={classes.retry} onClick={load}>{t('verify.retry')}</button>}
          </section>
        )}
        <p className={classes.note}>{t('verify.intro')}</p>
      </main>
    </div>
  );
}
