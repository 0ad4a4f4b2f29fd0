// /qr — the giver's own entry (issue 30 item 4), opened from the QR on the host's invitation (?o, ?p,
// ?n: whose ledger, which person, their name) or the one at the queue (?e). The guest fills their
// details on their own phone and the page shows a QR carrying them (contract/giver-qr.ts): nothing is
// sent or kept anywhere — the counter's tablet reads the code, the staff confirm the cash and save.
// The page says so, in Tamil and English, before anything is filled.
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { encodeGiverQr, type GiverQr } from '../../../contract/giver-qr';
import { QrSvg } from '../../components/qr-svg';
import { setLanguage } from '../../lib/i18n';
import { giverQr as enText } from '../../locales/en/giver-qr';
import { giverQr as taText } from '../../locales/ta/giver-qr';
import classes from './giver-qr.module.css';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const param = (p: URLSearchParams, k: string) => (p.get(k) ?? '').slice(0, 120);

export default function GiverQrPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const from = useMemo(() => {
    const id = (k: string) => (ID.test(param(params, k)) ? param(params, k) : null);
    return { ownerId: id('o'), personId: id('p'), eventId: id('e') };
  }, [params]);
  const [name, setName] = useState(() => param(params, 'n'));
  const [initial, setInitial] = useState(() => param(params, 'i'));
  const [kin, setKin] = useState('');
  const [village, setVillage] = useState(() => param(params, 'v'));
  const [mobile, setMobile] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<GiverQr | null>(null);
  const other = i18n.language === 'ta' ? 'en' : 'ta';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('giverQr.needName'));
    if (mobile && !/^\d{10}$/.test(mobile)) return setError(t('giverQr.needMobile'));
    const a = amount ? Number(amount) : null;
    if (a !== null && !(Number.isInteger(a) && a > 0 && a <= 10_000_000)) return setError(t('giverQr.needAmount'));
    setError(null);
    setShown({ name: name.trim(), initial: initial.trim(), kin: kin.trim(), village: village.trim(), mobile, amount: a, ...from });
  };

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <span className={classes.brand}>{t('common.appName')}</span>
        <button type="button" className={classes.lang} lang={other} onClick={() => void setLanguage(other).catch(() => undefined)}>{t('giverQr.switchTo')}</button>
      </header>
      <main className={classes.main}>
        <h1 className={classes.title}>{t('giverQr.title')}</h1>
        {shown ? (
          <div className={classes.card}>
            <div className={classes.qr}>
              <p className={classes.intro}>{t('giverQr.show')}</p>
              <QrSvg text={encodeGiverQr(shown)} label={t('giverQr.qrLabel')} width="100%" />
              <div className={classes.who} data-testid="giver-qr-who">{[shown.initial, shown.name].filter(Boolean).join(' ')}{shown.village ? ` · ${shown.village}` : ''}</div>
            </div>
            <button type="button" className={classes.secondary} onClick={() => setShown(null)}>{t('giverQr.edit')}</button>
          </div>
        ) : (
          <form className={classes.form} onSubmit={submit} noValidate>
            <p className={classes.intro}>{t('giverQr.intro')}</p>
            {error ? <p className={classes.error} role="alert">{error}</p> : null}
            <div className={classes.field}><label htmlFor="g-name">{t('giverQr.name')}</label><input id="g-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoComplete="name" required /></div>
            <div className={classes.field}><label htmlFor="g-initial">{t('giverQr.initial')}</label><input id="g-initial" value={initial} onChange={(e) => setInitial(e.target.value)} maxLength={40} /></div>
            <div className={classes.field}>
              <label htmlFor="g-kin">{t('giverQr.kin')}</label>
              <input id="g-kin" value={kin} onChange={(e) => setKin(e.target.value)} maxLength={120} />
              <span className={classes.hint}>{t('giverQr.kinHint')}</span>
            </div>
            <div className={classes.field}><label htmlFor="g-village">{t('giverQr.village')}</label><input id="g-village" value={village} onChange={(e) => setVillage(e.target.value)} maxLength={120} /></div>
            <div className={classes.field}><label htmlFor="g-mobile">{t('giverQr.mobile')}</label><input id="g-mobile" value={mobile} inputMode="numeric" maxLength={10} onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))} autoComplete="tel-national" /></div>
            <div className={classes.field}>
              <label htmlFor="g-amount">{t('giverQr.amount')}</label>
              <input id="g-amount" value={amount} inputMode="numeric" maxLength={8} onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))} />
              <span className={classes.hint}>{t('giverQr.amountHint')}</span>
            </div>
            <button type="submit" className={classes.primary}>{t('giverQr.make')}</button>
            {/* What is kept, in both languages whatever the page's language: the guest reads it before filling anything. */}
            <div className={classes.consent} data-testid="giver-qr-consent">
              <p lang="ta">{taText.consent}</p>
              <p lang="en">{enText.consent}</p>
            </div>
          </form>
        )}
      </main>
    </div>
  );
}
