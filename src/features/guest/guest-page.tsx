// /guest — the guest display (issue 18): a TV browser or a second tablet facing the giver. It pairs
// with a counter by the code the counter shows, then holds one stream (GET /moi/public/guest/stream)
// and shows the entry being saved, nothing else. A dropped network reconnects by itself (the
// browser's EventSource); a revoked or expired pairing goes back to the code form.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GUEST_EVENT_END, GUEST_EVENT_ENTRY, GUEST_EVENT_HELLO, guestEntrySchema, type GuestEntry, type GuestPaired } from '../../../contract/guest-display';
import { GuestEntryCard } from '../../components/guest-entry-card';
import { guestScreenPairing, guestStreamUrl, leaveGuestScreen, pairGuestScreen } from '../../lib/guest-api';
import { setLanguage } from '../../lib/i18n';
import { speakTamil, spokenTamil, tamilVoice } from '../../lib/speech';
import classes from './guest.module.css';

type Conn = 'connecting' | 'live' | 'reconnecting';
type Phase = { kind: 'loading' } | { kind: 'unpaired'; message?: string } | { kind: 'paired'; paired: GuestPaired };

export default function GuestPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ta' ? 'ta' : 'en';
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [entry, setEntry] = useState<GuestEntry | null>(null);
  const [conn, setConn] = useState<Conn>('connecting');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [speak, setSpeak] = useState(false);
  const [hasVoice, setHasVoice] = useState(() => !!tamilVoice());
  const speakRef = useRef(speak);
  speakRef.current = speak;

  useEffect(() => {
    document.title = `${t('guest.title')} · ${t('common.appName')}`;
  }, [t]);
  useEffect(() => {
    if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const update = () => setHasVoice(!!tamilVoice());
    window.speechSynthesis.addEventListener('voiceschanged', update);
    return () => window.speechSynthesis.removeEventListener('voiceschanged', update);
  }, []);

  const check = useCallback(async () => {
    const p = await guestScreenPairing();
    if (p === 'offline') setPhase({ kind: 'unpaired', message: t('guest.offline') });
    else if (p === null) setPhase({ kind: 'unpaired' });
    else setPhase({ kind: 'paired', paired: p });
  }, [t]);
  useEffect(() => { void check(); }, [check]);

  // The stream, while paired.
  const paired = phase.kind === 'paired';
  useEffect(() => {
    if (!paired) return;
    setConn('connecting');
    const es = new EventSource(guestStreamUrl(), { withCredentials: true });
    let last = -1;
    es.addEventListener(GUEST_EVENT_HELLO, () => setConn('live'));
    es.addEventListener(GUEST_EVENT_ENTRY, (ev) => {
      const parsed = guestEntrySchema.safeParse(JSON.parse((ev as MessageEvent<string>).data));
      if (!parsed.success || parsed.data.seq <= last) return;
      last = parsed.data.seq;
      setEntry(parsed.data);
      if (parsed.data.state === 'saved' && speakRef.current) speakTamil(spokenTamil(parsed.data));
    });
    es.addEventListener(GUEST_EVENT_END, () => {
      es.close();
      setEntry(null);
      setPhase({ kind: 'unpaired', message: t('guest.ended') });
    });
    es.onerror = () => {
      if (es.readyState === EventSource.CLOSED) {
        // The server refused the stream (pairing gone) or is away: ask which, and retry while away.
        es.close();
        void guestScreenPairing().then((p) => {
          if (p === null) {
            setEntry(null);
            setPhase({ kind: 'unpaired', message: t('guest.ended') });
          } else {
            setConn('reconnecting');
            setTimeout(() => setPhase((cur) => (cur.kind === 'paired' ? { ...cur } : cur)), 2000);
          }
        });
      } else setConn('reconnecting');
    };
    return () => es.close();
  }, [paired, phase, t]);

  const onPair = async (e: FormEvent) => {
    e.preventDefault();
    const c = code.replace(/\D/g, '');
    if (c.length !== 6) {
      setPhase({ kind: 'unpaired', message: t('guest.badCode') });
      return;
    }
    setBusy(true);
    const r = await pairGuestScreen(c);
    setBusy(false);
    if (typeof r === 'object') {
      setCode('');
      setEntry(null);
      setPhase({ kind: 'paired', paired: r });
    } else {
      setPhase({ kind: 'unpaired', message: t(r === 'not_found' ? 'guest.notFound' : r === 'too_many' ? 'guest.tooMany' : r === 'bad_code' ? 'guest.badCode' : 'guest.offline') });
    }
  };

  const unpair = async () => {
    await leaveGuestScreen();
    setEntry(null);
    setPhase({ kind: 'unpaired' });
  };

  const other = lang === 'ta' ? 'en' : 'ta';
  const p = phase.kind === 'paired' ? phase.paired : null;
  const title = p ? (lang === 'ta' ? p.eventTitleTa || p.eventTitleEn : p.eventTitleEn || p.eventTitleTa) : null;
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <span className={classes.brand}>{t('common.appName')}</span>
        {p && <span className={classes.where} data-testid="guest-where">{[title, t('guest.counter', { code: p.counterCode })].filter(Boolean).join(' · ')}</span>}
        <div className={classes.tools}>
          {p && (
            <label className={classes.speak} title={hasVoice ? t('guest.speakHint') : t('guest.noVoice')}>
              <input type="checkbox" checked={speak} disabled={!hasVoice} onChange={(e) => setSpeak(e.currentTarget.checked)} />
              {t('guest.speak')}
            </label>
          )}
          {p && <button type="button" className={classes.btn} onClick={() => void unpair()}>{t('guest.unpair')}</button>}
          <button type="button" className={classes.btn} lang={other} onClick={() => void setLanguage(other).catch(() => undefined)}>
            {other === 'ta' ? 'தமிழ்' : 'English'}
          </button>
        </div>
      </header>
      <main className={classes.main}>
        {phase.kind === 'loading' && <p role="status">…</p>}
        {phase.kind === 'unpaired' && (
          <form className={classes.form} onSubmit={(e) => void onPair(e)} noValidate>
            <h1 className={classes.title}>{t('guest.title')}</h1>
            <p>{t('guest.pairIntro')}</p>
            <div className={classes.field}>
              <label htmlFor="guest-code">{t('guest.codeLabel')}</label>
              <input
                id="guest-code"
                className={classes.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value.replace(/[^\d ]/g, ''))}
                aria-describedby={phase.message ? 'guest-error' : undefined}
                autoFocus
              />
            </div>
            <button type="submit" className={classes.primary} disabled={busy}>{busy ? t('guest.pairing') : t('guest.pair')}</button>
            {phase.message && <p id="guest-error" className={classes.error} role="alert">{phase.message}</p>}
          </form>
        )}
        {p && (
          <>
            {conn === 'reconnecting' && <p className={classes.notice} role="status" data-testid="guest-reconnecting">{t('guest.reconnecting')}</p>}
            <GuestEntryCard entry={entry} waitingText={t('guest.waiting')} />
            <p className={classes.note}>{t('guest.checkNote')}</p>
          </>
        )}
      </main>
    </div>
  );
}
