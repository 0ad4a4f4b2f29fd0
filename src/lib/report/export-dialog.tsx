// "Export": the moi book (PDF), Excel or CSV of one event, a counter or a time range, made on this
// device in a worker with a progress bar and Cancel; shared with the Web Share API where the browser
// can share files, else downloaded. Shared by the owners' and admins' gift screens.
import { Alert, Button, Group, Modal, MultiSelect, NativeSelect, NumberInput, Progress, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { IconDownload, IconFileExport, IconShare } from '@tabler/icons-react';
import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Counter, MoiEvent } from '../../../contract/entities';
import { runReport, startReportWorker, type ReportFormat, type ReportStage } from '../../data/report/run-report';
import { deviceVillages, usePendingGiftCount } from '../../data/report/load-book-input';
import { useGiverOptions, useStoredEvent } from '../../data/report/giver-options';
import { usePolicyActor, useSignedInUser } from '../../data/gift-queries';
import { setBookOrder } from '../../data/gifts-repo';
import { policy } from '../../../contract/policy';
import { DateField } from '../../components/date-field';
import { BookVillagesFields } from './book-villages-fields';
import { formatNumber, formatRupees, localeOf } from '../format';
import classes from './export-dialog.module.css';

type Scope = 'all' | 'counter' | 'range';
type Made = { file: File; url: string; gifts: number; total: number };
type Message = { kind: 'error' | 'info'; text: string };

export function fileName(event: Pick<MoiEvent, 'titleEn' | 'titleTa' | 'date'>, format: ReportFormat, lang: string): string {
  const base = (event.titleEn || event.titleTa || 'moi').replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `moi-${base}-${event.date}-${lang}.${format}`;
}

/** A range end ("2026-11-20T10:30", device time) → ISO in UTC. */
const localToIso = (v: string) => new Date(v).toISOString();

type ProgressState = { stage: ReportStage; fraction: number };

/** The worker's progress, kept apart from the dialog's state: a message does not re-render the dialog. */
function progressStore() {
  let value: ProgressState = { stage: 'reading', fraction: 0 };
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    stage: () => value.stage,
    set: (v: ProgressState) => {
      value = v;
      for (const l of listeners) l();
    },
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

/**
 * The bar: React renders it again only when the stage (its label) changes, three times a report.
 * Each step of the worker moves the bar by itself: a transform and the aria value, set directly (no
 * render, no layout: the bar is scaled, not resized), so a step is not main-thread work worth the name.
 * Not animated: a moving stripe repaints the page many times a second on a slow phone.
 */
const ProgressBar = memo(function ProgressBar({ store }: { store: ReturnType<typeof progressStore> }) {
  const { t } = useTranslation();
  const stage = useSyncExternalStore(store.subscribe, store.stage);
  const label = t(`report.stage.${stage}`);
  const rootRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const show = () => {
      const percent = Math.round(store.get().fraction * 100);
      barRef.current?.style.setProperty('transform', `scaleX(${percent / 100})`);
      rootRef.current?.setAttribute('aria-valuenow', String(percent));
      rootRef.current?.setAttribute('aria-valuetext', `${percent}%`);
    };
    show();
    return store.subscribe(show);
  }, [store]);
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress.Root ref={rootRef} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} transitionDuration={0}>
        <Progress.Section ref={barRef} value={100} withAria={false} style={{ transformOrigin: 'left', willChange: 'transform' }} />
      </Progress.Root>
    </Stack>
  );
});

export function ExportButton({ event, counters, size }: { event: MoiEvent | undefined; counters: Counter[] | undefined; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" size={size} leftSection={<IconFileExport size={size === 'xs' ? 14 : 18} />} onClick={() => setOpened(true)} disabled={!event} data-testid="export-open">
        {t('report.export')}
      </Button>
      {event && opened ? <ExportDialog event={event} counters={counters ?? []} onClose={() => setOpened(false)} /> : null}
    </>
  );
}

export function ExportDialog({ event, counters, onClose }: { event: MoiEvent; counters: Counter[]; onClose: () => void }) {
  const pendingGifts = usePendingGiftCount(event.id);
  const { t, i18n } = useTranslation();
  const [scope, setScope] = useState<Scope>('all');
  const [counterId, setCounterId] = useState(counters[0]?.id ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [lang, setLang] = useState<'ta' | 'en'>(i18n.language === 'en' ? 'en' : 'ta');
  const [blankPages, setBlankPages] = useState<number>(10);
  const [busy, setBusy] = useState(false);
  const [progress] = useState(progressStore);
  const [made, setMade] = useState<Made | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);
  // A worker started while the dialog is open, so that pressing "Make the file" only posts the request.
  const spareRef = useRef<Worker | null>(null);

  useEffect(() => {
    if (typeof Worker === 'undefined') return undefined;
    const timer = setTimeout(() => {
      spareRef.current = startReportWorker();
    }, 300);
    return () => {
      clearTimeout(timer);
      spareRef.current?.terminate();
      spareRef.current = null;
      cancelRef.current?.();
    };
  }, []);
  useEffect(() => () => {
    if (made) URL.revokeObjectURL(made.url);
  }, [made]);

  const rangeMissing = scope === 'range' && (!from || !to);

  // Main-thread budget (a phone, 4x slower than this machine): the press posts the request to the
  // worker and nothing more; the dialog's own changes (progress bar, Cancel, the ready file) render as
  // transitions, in slices between other tasks, instead of inside the press or the worker's reply.
  const start = () => {
    if (rangeMissing || cancelRef.current) return; // a second press before the dialog shows the first
    progress.set({ stage: 'reading', fraction: 0 });
    const worker = spareRef.current ?? startReportWorker();
    spareRef.current = null;
    const job = runReport({
      // The host's order (villages and givers first) is read from the event by the worker, as stored.
      eventId: event.id, format, lang, blankPages, fileName: fileName(event, format, lang),
      counterId: scope === 'counter' ? counterId : undefined,
      from: scope === 'range' ? localToIso(from) : undefined,
      to: scope === 'range' ? localToIso(to) : undefined,
    }, (stage, fraction) => progress.set({ stage, fraction }), worker);
    cancelRef.current = job.cancel;
    startTransition(() => {
      setMessage(null);
      setMade(null);
      setBusy(true);
    });
    void job.done.then((r): { made: Made | null; message: Message | null } => ({
      // The worker's File: its bytes are not copied on this thread.
      made: { file: r.file, url: URL.createObjectURL(r.file), gifts: r.gifts, total: r.total }, message: null,
    }), (err: unknown): { made: null; message: Message } => ({
      made: null,
      message: err instanceof DOMException && err.name === 'AbortError'
        ? { kind: 'info', text: t('report.cancelled') }
        : { kind: 'error', text: t('report.failed', { message: (err as Error).message }) },
    })).then((end) => {
      cancelRef.current = null;
      startTransition(() => {
        setMade(end.made);
        setMessage(end.message);
        setBusy(false);
      });
    });
  };

  const canShareFile = (f: File) => typeof navigator !== 'undefined' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [f] });
  const share = async (m: Made) => {
    try {
      await navigator.share({ files: [m.file], title: m.file.name });
    } catch {
      // the user closed the share sheet: the file is still there to download
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('report.title')} size="lg" closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t('report.intro')}</Text>
        {pendingGifts > 0 ? <Alert color="orange" data-testid="export-pending">{t('report.notOnServer', { count: pendingGifts })}</Alert> : null}
        {/* While a file is made the choices are inert (no focus, no clicks) without re-rendering them,
            and dimmed. Not a disabled fieldset: disabling restyles every radio and input, and each
            starts colour transitions (five properties, three events each, all through React) on
            the press and again at the end: main-thread work exactly when the page must stay light. */}
        <div inert={busy} data-testid="export-options" style={{ opacity: busy ? 0.6 : 1 }}>
          <ExportOptions event={event} counters={counters} scope={scope} setScope={setScope} counterId={counterId} setCounterId={setCounterId}
            from={from} setFrom={setFrom} to={to} setTo={setTo} format={format} setFormat={setFormat} lang={lang} setLang={setLang}
            blankPages={blankPages} setBlankPages={setBlankPages} rangeMissing={rangeMissing} />
        </div>
        {busy ? <ProgressBar store={progress} /> : null}
        {message ? <Alert color={message.kind === 'error' ? 'red' : 'gray'}>{message.text}</Alert> : null}
        {made ? (
          <Alert color="teal" data-testid="export-ready">
            <Stack gap="xs">
              <Text size="sm">{t('report.ready', { name: made.file.name, count: formatNumber(made.gifts), total: formatRupees(made.total) })}</Text>
              <Group gap="sm">
                {canShareFile(made.file) ? <Button leftSection={<IconShare size={16} />} onClick={() => void share(made)}>{t('report.share')}</Button> : null}
                <Button component="a" href={made.url} download={made.file.name} variant={canShareFile(made.file) ? 'light' : 'filled'} leftSection={<IconDownload size={16} />}>
                  {t('report.download')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}

        <Group justify="flex-end">
          {/* Why the button waits, said quietly (the fields turn red only once the user has left them empty). */}
          {!busy && rangeMissing ? <Text size="sm" c="dimmed" id="range-hint">{t('report.rangeRequired')}</Text> : null}
          {busy ? (
            <Button variant="default" onClick={() => cancelRef.current?.()}>{t('report.cancel')}</Button>
          ) : (
            <Button onClick={start} disabled={rangeMissing} aria-describedby={rangeMissing ? 'range-hint' : undefined}>{made ? t('report.again') : t('report.make')}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

type Setter<T> = (v: T) => void;
type OptionsProps = {
  event: MoiEvent; counters: Counter[]; scope: Scope; setScope: Setter<Scope>; counterId: string; setCounterId: Setter<string>;
  from: string; setFrom: Setter<string>; to: string; setTo: Setter<string>; format: ReportFormat; setFormat: Setter<ReportFormat>;
  lang: 'ta' | 'en'; setLang: Setter<'ta' | 'en'>; blankPages: number; setBlankPages: Setter<number>; rangeMissing: boolean;
};

/** The dialog's choices (memoised: starting, progress and cancel do not re-render them). */
const ExportOptions = memo(function ExportOptions({
  event, counters, scope, setScope, counterId, setCounterId, from, setFrom, to, setTo, format, setFormat, lang, setLang, blankPages, setBlankPages, rangeMissing,
}: OptionsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
        <Radio.Group label={t('report.scope')} value={scope} onChange={(v) => setScope(v as Scope)}>
          <Group gap="md" mt={4}>
            <Radio value="all" label={t('report.scopeAll')} />
            <Radio value="counter" label={t('report.scopeCounter')} disabled={counters.length === 0} />
            <Radio value="range" label={t('report.scopeRange')} />
          </Group>
        </Radio.Group>
        {scope === 'counter' ? (
          <NativeSelect label={t('report.counter')} value={counterId} onChange={(e) => setCounterId(e.currentTarget.value)}
            data={counters.map((c) => ({ value: c.id, label: `${c.code}${c.name ? ` · ${c.name}` : ''}` }))} />
        ) : null}
        {scope === 'range' ? (
          <Stack gap="sm">
            <RangeEnd dateLabel={t('report.from')} timeLabel={t('report.fromTime')} value={from} onChange={setFrom} missing={rangeMissing && !from} />
            <RangeEnd dateLabel={t('report.to')} timeLabel={t('report.toTime')} value={to} onChange={setTo} missing={rangeMissing && !to} />
          </Stack>
        ) : null}
        <Radio.Group label={t('report.format')} value={format} onChange={(v) => setFormat(v as ReportFormat)}>
          <Group gap="md" mt={4}>
            <Radio value="pdf" label={t('report.pdf')} />
            <Radio value="xlsx" label={t('report.xlsx')} />
            <Radio value="csv" label={t('report.csv')} />
          </Group>
        </Radio.Group>
        <Radio.Group label={t('report.lang')} value={lang} onChange={(v) => setLang(v as 'ta' | 'en')}>
          <Group gap="md" mt={4}>
            <Radio value="ta" label={t('report.ta')} />
            <Radio value="en" label={t('report.en')} />
          </Group>
        </Radio.Group>
        {format !== 'csv' ? <BookOrderFields event={event} /> : null}
        <BookVillagesFields event={event} counters={counters} />
        {format === 'pdf' ? (
          <NumberInput label={t('report.blankPages')} value={blankPages} min={0} max={200} allowDecimal={false} maw={240}
            onChange={(v) => setBlankPages(typeof v === 'number' ? v : 0)} />
        ) : null}

    </Stack>
  );
});

const amPm = new Map<string, { am: string; pm: string }>();
/** AM / PM as Intl writes them for this language ("AM" in Tamil, "am" in Indian English; formatDate upper-cases its own, "PM"). */
function amPmLabels(lang: string) {
  const locale = localeOf(lang);
  let labels = amPm.get(locale);
  if (!labels) {
    const f = new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true });
    const period = (h: number) => f.formatToParts(new Date(2000, 0, 1, h)).find((p) => p.type === 'dayPeriod')?.value ?? (h < 12 ? 'AM' : 'PM');
    amPm.set(locale, (labels = { am: period(9), pm: period(21) }));
  }
  return labels;
}

/**
 * One end of the time range: the app's date field and a time field (hours, minutes, AM/PM, typed or
 * picked), both in the app's language. The value is as the native datetime-local box gave it,
 * "YYYY-MM-DDTHH:mm" on this device's clock, or '' until both the day and the time are in.
 */
function RangeEnd({ dateLabel, timeLabel, value, onChange, missing }: { dateLabel: string; timeLabel: string; value: string; onChange: Setter<string>; missing: boolean }) {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState(value.slice(0, 10));
  const [time, setTime] = useState(value.slice(11, 16));
  const update = (d: string, tm: string) => {
    setDate(d);
    setTime(tm);
    onChange(d && tm ? `${d}T${tm.slice(0, 5)}` : '');
  };
  // Red only after the user has been in this end and left part of it empty, not the moment the
  // range is chosen (the button's hint says what is needed meanwhile).
  const [touched, setTouched] = useState(false);
  const error = missing && touched ? t('report.rangeRequired') : undefined;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" onBlur={() => setTouched(true)}>
      <DateField label={dateLabel} value={date} onChange={(d) => update(d, time)} error={!date ? error : undefined} />
      <TimePicker label={timeLabel} value={time} onChange={(tm) => update(date, tm)} format="12h" amPmLabels={amPmLabels(i18n.language)} classNames={{ field: classes.timeField }}
        minutesInputLabel={t('report.timeMinutes', { field: timeLabel })} amPmInputLabel={t('report.timeAmPm', { field: timeLabel })}
        error={date && !time ? error : undefined} />
    </SimpleGrid>
  );
}

/**
 * The host's order for the book (chosen villages, then chosen givers, first): stored on the event
 * through the event.bookOrder mutation, so every device and the server-made book print the same.
 * Its owners and admins set it; others see it read-only.
 */
const BookOrderFields = memo(function BookOrderFields({ event }: { event: MoiEvent }) {
  const { t } = useTranslation();
  const stored = useStoredEvent(event.id) ?? event;
  const villageOrder = stored.bookVillageOrder ?? [];
  const firstGiftIds = stored.bookFirstGiftIds ?? [];
  const user = useSignedInUser();
  const actor = usePolicyActor(user);
  const canOrder = !!actor && policy['event.bookOrder'](actor, event).ok;
  const [orderError, setOrderError] = useState(false);
  const saveOrder = (villagesNext: string[], giftsNext: string[]) => {
    setOrderError(false);
    setBookOrder(event.id, villagesNext, giftsNext).catch(() => setOrderError(true));
  };
  const [villages, setVillages] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void deviceVillages().then((v) => { if (live) setVillages(v); }, () => undefined);
    return () => { live = false; };
  }, []);
  const givers = useGiverOptions(event.id, firstGiftIds);
  return (
    <>
            <MultiSelect label={t('report.villageOrder')} description={t(canOrder ? 'report.villageOrderHint' : 'report.orderReadOnly')} data={[...new Set([...villageOrder, ...villages])]} value={villageOrder}
              onChange={(v) => saveOrder(v, firstGiftIds)} searchable clearable disabled={!canOrder} data-testid="village-order" />
            <MultiSelect label={t('report.firstGivers')} description={t(canOrder ? 'report.firstGiversHint' : 'report.orderReadOnly')} data={givers.options} value={firstGiftIds}
              onDropdownOpen={givers.loadAll} onChange={(v) => saveOrder(villageOrder, v)} searchable clearable limit={40} disabled={!canOrder}
              nothingFoundMessage={givers.loading ? t('report.stage.reading') : t('report.noGiver')} data-testid="first-givers" />
            {orderError ? <Alert color="red">{t('report.orderFailed')}</Alert> : null}
    </>
  );
});
