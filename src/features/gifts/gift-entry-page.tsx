// /counter/gifts/entry — the counter's gift entry screen for a tablet: event and counter in the
// header (pick one when several are open, a clear empty state when none), staff on duty with
// "Switch staff", the entry form, the last receipt with print/share, and closing the counter.
import { giftKeyedBy } from '../../../contract/entities';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Grid, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconAbc, IconLock, IconPrinter, IconUserCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { useDeviceReady } from '../../data/device-identity';
import { useCountersFor, useEventRow, useStaffPins, useUsersMap } from '../../data/gift-queries';
import { loadEntryAids, type EntryAids } from '../../data/counter-aids-repo';
import { createGuestFeed } from './guest/guest-feed';
import { GuestDisplayCard, GuestPanel } from './guest/guest-display-card';
import { VillageShortcutsDialog } from './entry/village-shortcuts-dialog';
import { topAmounts, type NameSuggestion } from './entry/shortcuts';
import { QUICK_AMOUNTS } from './entry/validate';
import { CloseCounterDialog } from './close-counter/close-counter-dialog';
import { GiftEntryForm } from './entry/gift-entry-form';
import { createLastSaved, useLastSaved, useLastSavedDeferred, type LastSaved } from './entry/last-saved';
import { PrintRoot, ReceiptActions, printReceipt, usePaper } from './receipt/receipt-actions';
import { ReceiptView, eventTitle, type ReceiptData } from './receipt/receipt-view';
import { SwitchStaffDialog } from './shift/switch-staff-dialog';
import { useShift, type OnDuty } from './shift/use-shift';
import { useCurrentUser } from '../../lib/auth-store';
import { formatBytes, formatDate } from '../../lib/format';
import classes from './gift-entry-page.module.css';
import { ClockWarning } from '../../components/clock-warning';
import { StorageWarning } from '../../components/storage-warning';
import { StorageRestored } from '../../components/storage-restored';
import { dismissLifelineNotice, useLifelineNotice } from '../../data/lifeline';
import { useStorageInfo } from '../../data/lifecycle';
import { useClockOffset } from '../../data/clock';
import { DirectPrintProvider } from '../../lib/print/direct-print';
import { isDirect, printerSettings, printsOnSave, startPrintQueue } from '../../lib/print/printer';
import { PrinterStatus } from './print/printer-status';
import type { LocalGift } from '../../data/db';
import { CounterCloseSheetButton } from './counter-close-sheet';

const PICK_KEY = 'moi.entry.counter';
const PANEL_KEY = 'moi.entry.guestPanel';
const NO_AIDS: EntryAids = { villages: [], amounts: [], givers: [] };
const NO_SHORTCUTS: Readonly<Record<string, string>> = {};

/**
 * "Saved: A-T7-0042" — on the save's critical path, so it alone re-renders at once, as plain
 * elements; the print button is the same element from save to save, so React skips it.
 */
const SavedBanner = memo(function SavedBanner({ store, printOnPrinter }: { store: LastSaved; printOnPrinter: (g: LocalGift) => void }) {
  const { t } = useTranslation();
  const last = useLastSaved(store);
  // Print pressed right after a save: the receipt to print may not have rendered yet, so bring it up to date first.
  // With a receipt printer set up, it goes to the printer (a duplicate when it was printed on save).
  const printButton = useMemo(() => {
    const print = () => {
      const g = store.get();
      if (g && isDirect(printerSettings().transport)) return printOnPrinter(g);
      store.flush();
      printReceipt();
    };
    return <Button size="compact-md" variant="white" leftSection={<IconPrinter size={16} />} onClick={print}>{t('receipt.print')}</Button>;
  }, [t, store, printOnPrinter]);
  if (!last) return null;
  return (
    <div role="status" className={classes.banner} data-testid="saved-banner">
      <span className={classes.bannerText} data-testid="saved-receipt-no" data-receipt={last.receiptNo}>{t('gifts.saved', { receiptNo: last.receiptNo })}</span>
      {printButton}
    </div>
  );
});

/** A staff member's name for the receipt ('' when the device does not know them). */
const staffNameOf = (nameOf: (id: string) => string, id: string) => {
  const n = nameOf(id);
  return n === id ? '' : n;
};

/**
 * The full receipt preview and its print copy: rendered at low priority, after the form is ready.
 * Event, counter and staff come from the page (no reads of their own), so the receipt shows in the
 * first render after the save.
 */
const LastReceipt = memo(function LastReceipt({ store, event, counter, onDuty, nameOf }: {
  store: LastSaved; event: ReceiptData['event']; counter: ReceiptData['counter']; onDuty: OnDuty; nameOf: (id: string) => string;
}) {
  const shownLast = useLastSavedDeferred(store);
  const [paper, setPaper] = usePaper();
  const lastData = useMemo<ReceiptData | null>(() => (shownLast
    ? { gift: shownLast, event, counter, staffName: giftKeyedBy(shownLast) === onDuty.userId ? onDuty.name : staffNameOf(nameOf, giftKeyedBy(shownLast)) }
    : null), [shownLast, event, counter, onDuty, nameOf]);
  if (!shownLast || !lastData) return null;
  return (
    <Card withBorder padding="sm" data-testid="last-receipt">
      <Stack gap="xs">
        <ReceiptActions data={lastData} mobile={shownLast.mobile} paper={paper} onPaper={setPaper} />
        <div style={{ background: '#f1f3f5', padding: 8, borderRadius: 8, overflowX: 'auto' }}>
          <ReceiptView data={lastData} paper={paper} />
        </div>
        <PrintRoot data={lastData} paper={paper} />
      </Stack>
    </Card>
  );
});

/**
 * The storage warning with its own estimate: it is read again after every 20th save, and only this
 * re-renders then (held by the page, each such read re-rendered the whole entry screen mid-save).
 */
function EntryStorageWarning() {
  const { i18n } = useTranslation();
  const storage = useStorageInfo();
  return <StorageWarning info={storage} formatBytes={(n) => formatBytes(n, i18n.language)} />;
}

export default function GiftEntryPage() {
  const { t, i18n } = useTranslation();
  const clockOffset = useClockOffset();
  const restoredNotice = useLifelineNotice();
  const user = useCurrentUser();
  const counters = useCountersFor(user ?? null);
  const open = useMemo(() => (counters ?? []).filter((c) => c.status === 'open'), [counters]);
  const [picked, setPicked] = useState<string | null>(() => {
    try {
      return localStorage.getItem(PICK_KEY);
    } catch {
      return null;
    }
  });
  const [closedHere, setClosedHere] = useState<string | null>(null);
  // With no open counter, a counter closed with its count still shows (read-only): its cash is handed over from here (issue 18).
  const counter = open.find((c) => c.id === picked) ?? (closedHere ? counters?.find((c) => c.id === closedHere) : undefined) ?? open[0]
    ?? counters?.find((c) => c.id === picked && c.tally) ?? counters?.find((c) => c.status === 'closed' && c.tally) ?? null;
  const event = useEventRow(counter?.eventId);
  const pins = useStaffPins(counter?.id);
  const users = useUsersMap();
  const nameOf = useCallback((id: string | null) => (id ? users.get(id)?.name ?? pins?.find((p) => p.userId === id)?.name ?? id : ''), [users, pins]);
  const signedIn = useMemo(() => (user ? { userId: user.id, name: user.name } : null), [user?.id, user?.name]); // eslint-disable-line react-hooks/exhaustive-deps
  const { onDuty, switchTo } = useShift(counter?.id ?? null, signedIn);
  const [switchOpen, setSwitchOpen] = useState(false);
  const [closeOpen, setCloseOpen] = useState(false);
  // A save updates this store (banner and receipt subscribe), never this page's state.
  const [lastStore] = useState(createLastSaved);
  const [aids, setAids] = useState<EntryAids>(NO_AIDS);
  // What the giver sees (issue 18): fed by the form, read by the guest card, panel and second screen.
  const [feed] = useState(createGuestFeed);
  useEffect(() => () => feed.dispose(), [feed]);
  const [panel, setPanelState] = useState(() => {
    try {
      return localStorage.getItem(PANEL_KEY) === '1';
    } catch {
      return false;
    }
  });
  const setPanel = useCallback((on: boolean) => {
    setPanelState(on);
    try {
      localStorage.setItem(PANEL_KEY, on ? '1' : '0');
    } catch {
      // this page only
    }
  }, []);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const lang = i18n.language === 'ta' ? 'ta' : 'en';
  // No receipt number before this device's code and numbers are known (device-identity.ts).
  const deviceReady = useDeviceReady();

  // No pull-to-refresh on the counter's screen: a tablet's downward swipe must not reload the app
  // mid-entry (the half-typed giver would come back as a draft, but the staff loses the moment).
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      root.style.overscrollBehaviorY = before;
    };
  }, []);

  useEffect(() => {
    let live = true;
    if (counter?.eventId) void loadEntryAids(counter.eventId, counter.id).then((a) => live && setAids(a));
    return () => {
      live = false;
    };
  }, [counter?.eventId, counter?.id]);
  const villages = aids.villages;
  const quickAmounts = useMemo(() => topAmounts(aids.amounts, QUICK_AMOUNTS, 4), [aids.amounts]);
  const givers = useMemo<NameSuggestion[]>(() => aids.givers.map((g) => ({ ...g, source: 'event' })), [aids.givers]);

  const pick = (id: string) => {
    setPicked(id);
    lastStore.set(null);
    try {
      localStorage.setItem(PICK_KEY, id);
    } catch {
      // remembered for this page only
    }
  };

  // What a receipt printed from here needs, as of the latest render (read by the save's callback).
  const receiptCtx = useRef({ event, counter, onDuty, nameOf, t, lang, userId: user?.id });
  receiptCtx.current = { event, counter, onDuty, nameOf, t, lang, userId: user?.id };
  useEffect(() => startPrintQueue(), []);
  const printOnPrinter = useCallback((g: LocalGift, firstPrint = false) => {
    const c = receiptCtx.current;
    const keyedBy = giftKeyedBy(g);
    const data: ReceiptData = {
      gift: g, event: c.event ?? null, counter: c.counter ? { code: c.counter.code, name: c.counter.name } : null,
      staffName: c.onDuty && keyedBy === c.onDuty.userId ? c.onDuty.name : staffNameOf(c.nameOf, keyedBy),
    };
    const t = c.t as unknown as (k: string, o?: Record<string, unknown>) => string;
    const lang: 'en' | 'ta' = c.lang === 'ta' ? 'ta' : 'en';
    void import('./print/print-receipt').then(async (m) => {
      if (firstPrint) await m.printReceipt(data, g.id, { t, lang });
      else await m.printOrReprint(data, g.id, { t, lang, by: c.userId ?? g.enteredBy, pinAuthorId: c.onDuty && c.onDuty.userId !== c.userId ? c.onDuty.userId : null });
    });
  }, []);
  const onSaved = useCallback((g: Parameters<LastSaved['set']>[0]) => {
    lastStore.set(g);
    if (g) feed.saved(g);
    // printed on save: drawn once the next giver's form is on screen, never before
    if (g && printsOnSave()) void import('./print/print-receipt').then((m) => m.afterPaint(() => printOnPrinter(g, true)));
  }, [lastStore, feed, printOnPrinter]);
  const onValues = useCallback((v: Parameters<typeof feed.typed>[0]) => feed.typed(v), [feed]);

  if (counters === undefined || deviceReady === undefined) {
    return (
      <PageShell title={t('pages.giftEntry.title')}>
        <Group justify="center" p="xl"><Loader /><Text>{t('gifts.entry.loading')}</Text></Group>
      </PageShell>
    );
  }
  if (!counter || !onDuty) {
    return (
      <PageShell title={t('pages.giftEntry.title')} emptyTitle={t('gifts.entry.noCounters')} emptyText={t('gifts.entry.noCountersHint')} />
    );
  }

  const closed = counter.status === 'closed';
  return (
    <DirectPrintProvider>
    <PageShell title={t('pages.giftEntry.title')}>
      <Card withBorder padding="sm" data-testid="entry-header">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Text size="xs" c="dimmed">{t('gifts.entry.event')}</Text>
            <Title order={3} style={{ overflowWrap: 'anywhere' }}>{eventTitle(event ?? null, lang) || '—'}</Title>
            <Group gap="xs">
              <Badge size="lg" color={closed ? 'gray' : 'teal'} variant="filled">{t('gifts.entry.counter')} {counter.code}</Badge>
              {counter.name && counter.name !== counter.code && <Text size="sm">{counter.name}</Text>}
              <Badge size="lg" variant="light" tt="none" leftSection={<IconUserCircle size={14} />} data-testid="on-duty">{onDuty.name}</Badge>
            </Group>
          </Stack>
          <Group gap="xs">
            {open.length > 1 && (
              // The box shows "Counter A" (its long name is on the line above; a phone's box would cut it);
              // the list shows each counter's name under its code.
              <Select
                label={t('gifts.entry.pickCounter')}
                value={counter.id}
                onChange={(v) => v && pick(v)}
                allowDeselect={false}
                data={open.map((c) => ({ value: c.id, label: `${t('gifts.entry.counter')} ${c.code}` }))}
                renderOption={({ option }) => {
                  const c = open.find((x) => x.id === option.value);
                  return <div><Text size="sm">{option.label}</Text>{c?.name && c.name !== c.code ? <Text size="xs" c="dimmed">{c.name}</Text> : null}</div>;
                }}
              />
            )}
            <Button variant="light" leftSection={<IconUsers size={18} />} onClick={() => setSwitchOpen(true)} disabled={closed}>{t('gifts.shift.button')}</Button>
            <Button variant="light" color="gray" leftSection={<IconAbc size={18} />} onClick={() => setShortcutsOpen(true)} disabled={closed}>{t('guest.shortcutsButton')}</Button>
            {closed && counter.tally
              ? <Button variant="light" leftSection={<IconLock size={18} />} onClick={() => setCloseOpen(true)} data-testid="custody-open">{t('custody.chain.title')}</Button>
              : <Button variant="outline" color="red" leftSection={<IconLock size={18} />} onClick={() => setCloseOpen(true)} disabled={closed}>{t('gifts.close.button')}</Button>}
          </Group>
        </Group>
      </Card>
      {closed && (
        <Alert color="gray" icon={<IconLock />} title={t('gifts.entry.counterClosed')}>
          {counter.tally && counter.closedAt ? t('gifts.close.closedBy', { by: counter.closedBy === onDuty.userId ? onDuty.name : nameOf(counter.closedBy), at: formatDate(counter.closedAt, 'dateTime', lang) }) : null}
          {counter.tally ? (
            <Group mt="xs">
              <CounterCloseSheetButton counterId={counter.id} data={{
                eventTitle: eventTitle(event ?? null, lang), code: counter.code, name: counter.name, tally: counter.tally,
                closedByName: counter.tally.closedBy === onDuty.userId ? onDuty.name : nameOf(counter.tally.closedBy),
              }} />
            </Group>
          ) : null}
        </Alert>
      )}
      {deviceReady === false && (
        <Alert color="blue" icon={<Loader size="sm" />} title={t('gifts.entry.preparing')} data-testid="entry-preparing">
          {t('gifts.entry.preparingHint')}
        </Alert>
      )}
      <StorageRestored notice={restoredNotice} onDismiss={dismissLifelineNotice} />
      <ClockWarning offsetMs={clockOffset} />
      <EntryStorageWarning />
      <PrinterStatus />
      <SavedBanner store={lastStore} printOnPrinter={printOnPrinter} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder padding="md">
            <GiftEntryForm
              event={event ?? null} counter={counter} onDuty={onDuty} signedInId={user?.id ?? onDuty.userId} villages={villages} onSaved={onSaved}
              disabled={closed || !deviceReady} shortcuts={event?.villageShortcuts ?? NO_SHORTCUTS} quickAmounts={quickAmounts} givers={givers} onValues={onValues}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            {panel && <GuestPanel feed={feed} />}
            <GuestDisplayCard feed={feed} counterId={counter.id} panel={panel} onPanel={setPanel} disabled={closed} />
            <LastReceipt store={lastStore} event={event ?? null} counter={counter} onDuty={onDuty} nameOf={nameOf} />
          </Stack>
        </Grid.Col>
      </Grid>
      <SwitchStaffDialog
        opened={switchOpen}
        onClose={() => setSwitchOpen(false)}
        pins={pins ?? []}
        current={onDuty}
        signedIn={signedIn}
        onSwitched={switchTo}
      />
      <VillageShortcutsDialog opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} eventId={counter.eventId} shortcuts={event?.villageShortcuts ?? NO_SHORTCUTS} />
      <CloseCounterDialog counter={counter} by={onDuty.userId} signedIn={signedIn ? { id: signedIn.userId, name: signedIn.name } : null} eventTitle={eventTitle(event ?? null, lang)}
        isAdmin={!!user && !!event && (user.role === 'app_admin' || event.adminIds.includes(user.id))}
        opened={closeOpen} onClose={() => setCloseOpen(false)} onClosed={(c) => setClosedHere(c.id)} />
    </PageShell>
    </DirectPrintProvider>
  );
}
