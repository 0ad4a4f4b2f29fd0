// /event/counter — an event admin runs the counters of an event: create with a short code, assign
// staff, set their 4-digit shift PINs, open with a float, close with a blind count, hand the cash on
// and name the host's nominees (custody-section.tsx, issue 18). Opening and closing go
// through the device's outbox (they work offline); creating counters, assigning staff and PINs
// need the server and say so when offline.
import { Alert, Badge, Button, Card, Group, Modal, MultiSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit, IconLock, IconLockOpen, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterView } from '../../../contract/admin';
import { RemoteAlert } from '../../components/management/api-error';
import { CloseSheetButton } from '../../components/close-sheet/close-sheet';
import { DirectPrintProvider } from '../../lib/print/direct-print';
import { EventFormModal } from '../../components/management/event-form';
import { EventSelect, eventTitle } from '../../components/management/event-select';
import { eventMoveLabel, eventStatusColor, nextEventStatus } from '../../components/management/event-status';
import { FormModal, submitWith, useModalSubmit, useNotifyAction } from '../../components/management/form-modal';
import { AdminPage, EmptyState } from '../../components/management/page';
import { SyncButton } from '../../components/management/sync-button';
import {
  afterCloseByCounter, refreshFromServer, useCountersLive, useEventBreakdownLive, useEventsLive, useFlaggedGiftsLive, useUsersMapLive,
} from '../../data/admin-queries';
import type { LocalCounter } from '../../data/db';
import { openCounter } from '../../data/gifts-repo';
import { assignStaff, createCounter, eventCalls, listCounters, listStaff, openCounterOnline, setEventStatus, setStaffPin } from '../../lib/admin-api';
import type { EventStatus } from '../../../contract/admin';
import { appLanguage, formatDate, formatNumber, formatRupees } from '../../lib/format';
import { requireSignedInUser, useCurrentUser } from '../../lib/auth-store';
import { useEventParam } from '../../lib/use-event-param';
import { useRemote } from '../../lib/use-remote';
import { PinModal } from './pin-modal';
import { PlanWarning } from './plan-warning';
import { NeedsReview } from './needs-review';
import { BlindCloseModal, CounterCustodyCard, EventCustodySection, OpenCounterModal } from './custody-section';
import type { OpeningFloat } from '../../../contract/entities';

function CreateCounterModal({ eventId, opened, onClose, onDone }: { eventId: string; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { code: '', name: '' },
    validate: { code: (v) => (/^[A-Z0-9]{1,3}$/.test(v.trim().toUpperCase()) ? null : t('admin.counters.codeInvalid')) },
  });
  // A code already used at this event is said on the code field.
  const s = useModalSubmit({ onClose, onDone, onError: (err, text) => err.code === 'conflict' && (form.setFieldError('code', text), true) });
  const submit = form.onSubmit((v) => s.run(async () => {
    const c = await createCounter(eventId, { code: v.code.trim().toUpperCase(), name: v.name.trim() });
    form.reset();
    return t('admin.counters.created', { code: c.code });
  }));
  return (
    <FormModal opened={opened} onClose={onClose} title={t('admin.counters.createTitle')} onSubmit={submit} busy={s.busy} failure={s.failure} submitLabel={t('admin.common.create')}>
      <TextInput label={t('admin.counters.code')} description={t('admin.counters.codeHint')} required maxLength={3} autoComplete="off" data-autofocus
        {...form.getInputProps('code')} onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())} />
      <TextInput label={t('admin.counters.name')} placeholder={t('admin.counters.namePlaceholder')} {...form.getInputProps('name')} />
    </FormModal>
  );
}

function AssignStaffModal({ counter, view, eventId, onClose, onDone }: { counter: LocalCounter; view: CounterView | undefined; eventId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = useRemote(() => listStaff({ eventId }), [eventId]);
  const [ids, setIds] = useState<string[]>(view ? view.staff.map((s) => s.userId) : counter.staffIds);
  const s = useModalSubmit({ onClose, onDone });
  const save = () => s.run(async () => {
    await assignStaff(counter.id, ids);
    return t('admin.counters.assigned', { code: counter.code });
  });
  return (
    <FormModal onClose={onClose} title={t('admin.counters.assignTitle', { code: counter.code })} onSubmit={submitWith(save)} busy={s.busy} failure={s.failure} submitLabel={t('admin.common.save')}>
      <RemoteAlert error={staff.error} onRetry={() => void staff.reload()} />
      <MultiSelect
        label={t('admin.counters.assignLabel')}
        data={(staff.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})`, disabled: u.disabled }))}
        value={ids}
        onChange={setIds}
        searchable
        nothingFoundMessage={t('admin.staff.empty')}
        data-autofocus
      />
    </FormModal>
  );
}

/** Asks before an event is closed: its counters then cannot be opened. */
function CloseEventModal({ title, onClose, onConfirm }: { title: string; onClose: () => void; onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title={t('admin.eventForm.closeConfirmTitle', { title })} centered>
      <Stack>
        <Text size="sm">{t('admin.eventForm.closeConfirmBody')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>{t('admin.common.cancel')}</Button>
          <Button color="red" loading={busy} onClick={() => { setBusy(true); void onConfirm().finally(() => { setBusy(false); onClose(); }); }}>
            {t('admin.eventForm.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function EventCountersPage() {
  const { t, i18n } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const event = events?.find((e) => e.id === eventId);
  const counters = useCountersLive(eventId);
  const breakdown = useEventBreakdownLive(eventId);
  const users = useUsersMapLive();
  const views = useRemote(() => (eventId ? listCounters({ eventId }) : Promise.resolve([])), [eventId]);
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState<LocalCounter | null>(null);
  const [pinFor, setPinFor] = useState<LocalCounter | null>(null);
  const [closing, setClosing] = useState<LocalCounter | null>(null);
  const [editingEvent, setEditingEvent] = useState(false);
  const [closingEvent, setClosingEvent] = useState(false);
  const me = useCurrentUser();
  // The server lets an event's own admins (and the app admin) change its details, not its owners or admins.
  const mayEditEvent = !!event && !!me && (me.role === 'app_admin' || event.adminIds.includes(me.id));

  const viewOf = new Map((views.data ?? []).map((v) => [v.id, v]));
  const pinView = pinFor ? viewOf.get(pinFor.id) : undefined;
  const totalsOf = new Map((breakdown?.byCounter ?? []).map((c) => [c.counterId, c]));
  // Gifts that arrived after their counter closed: shown apart from the closed count.
  const late = afterCloseByCounter(useFlaggedGiftsLive(eventId) ?? []);
  const localIds = new Set((counters ?? []).map((c) => c.id));
  const afterServerChange = async () => {
    await views.reload();
    await refreshFromServer().catch(() => undefined);
  };
  const act = useNotifyAction();
  const [opening, setOpening] = useState<LocalCounter | null>(null);
  const open = (c: LocalCounter, openingFloat: OpeningFloat | null) => act(async () => {
    if (localIds.has(c.id)) await openCounter(c.id, requireSignedInUser().id, openingFloat);
    else {
      await openCounterOnline(c.id, openingFloat);
      await afterServerChange();
    }
    return t('admin.counters.opened', { code: c.code });
  });
  // Event status needs the server (not queued): the notification says so when offline.
  const moveEvent = (status: EventStatus) => act(async () => {
    if (!event) return t('admin.common.loading');
    await setEventStatus(event.id, status);
    await refreshFromServer().catch(() => undefined);
    return t('admin.eventForm.statusChanged', { status: t(`events.status.${status}`) });
  });
  const nextStatus = event ? nextEventStatus[event.status] : null;
  // A counter the server knows but the device has not pulled yet still shows (from the REST view).
  const serverOnly: LocalCounter[] = (views.data ?? []).filter((v) => !localIds.has(v.id)).map((v) => ({ ...v, _pending: 0 }));
  const all = [...(counters ?? []), ...serverOnly].sort((a, b) => a.code.localeCompare(b.code));

  return (
    <DirectPrintProvider>
    <AdminPage title={t('pages.eventCounters.title')} intro={t('admin.counters.eventIntro')} actions={<SyncButton onSync={afterServerChange} />}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
            <Group gap="xs">
              {event ? (
                <Badge size="lg" color={eventStatusColor[event.status]} variant="light" data-testid="event-status">{t(`events.status.${event.status}`)}</Badge>
              ) : null}
              {mayEditEvent && event && nextStatus ? (
                <Button
                  variant="light"
                  color={nextStatus === 'closed' ? 'red' : 'teal'}
                  leftSection={nextStatus === 'closed' ? <IconLock size={16} /> : <IconLockOpen size={16} />}
                  onClick={() => (nextStatus === 'closed' ? setClosingEvent(true) : void moveEvent(nextStatus))}
                >
                  {t(eventMoveLabel(event.status, nextStatus))}
                </Button>
              ) : null}
              {mayEditEvent ? (
                <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditingEvent(true)}>{t('admin.eventForm.editAction')}</Button>
              ) : null}
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={!eventId}>{t('admin.counters.create')}</Button>
            </Group>
          </Group>
          {event ? (
            <Text size="sm" c="dimmed" data-testid="event-details">
              {[t(`glossary.functionType.${event.functionType}`), formatDate(event.date, 'date', appLanguage()), event.venue, event.hostNames, event.upiId ? `UPI ${event.upiId}` : ''].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
          {event?.status === 'closed' ? <Alert color="gray">{t('admin.counters.eventClosedNote')}</Alert> : null}
          {event ? <PlanWarning eventId={event.id} status={event.status} /> : null}
          <RemoteAlert error={views.error} onRetry={() => void views.reload()} />
          {counters && all.length === 0 ? (
            <EmptyState title={t('admin.counters.empty')} hint={t('admin.counters.emptyHint')} />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
              {all.map((c) => {
                const v = viewOf.get(c.id);
                const tt = totalsOf.get(c.id);
                const staff = v ? v.staff : c.staffIds.map((id) => ({ userId: id, name: users.get(id)?.name ?? id.slice(0, 8), hasPin: false, username: '', disabled: false }));
                return (
                  <Card key={c.id} withBorder radius="md" data-testid={`counter-card-${c.code}`}>
                    <Stack gap="xs">
                      <Group justify="space-between" wrap="nowrap">
                        <Title order={3} size="h4">{c.code}{c.name ? ` · ${c.name}` : ''}</Title>
                        <Group gap={4}>
                          {c._pending ? <Badge color="orange" variant="dot" size="sm">{t('admin.counters.pendingSync')}</Badge> : null}
                          <Badge color={c.status === 'open' ? 'teal' : 'gray'} variant="light" data-testid="counter-status">{t(`admin.counters.${c.status}`)}</Badge>
                        </Group>
                      </Group>
                      <Text size="sm">
                        {formatNumber(tt?.count ?? 0)} {t('events.totals.count')} · {formatRupees(tt?.sum ?? 0)} · {t('events.totals.cash')} {formatRupees(tt?.cash ?? 0)}
                      </Text>
                      {late.get(c.id) ? (
                        <Text size="sm" c="yellow.9" data-testid="after-close">{t('admin.counters.afterClose', { count: late.get(c.id)!.count, cash: formatRupees(late.get(c.id)!.cash) })}</Text>
                      ) : null}
                      <Stack gap={2}>
                        <Text size="xs" c="dimmed">{t('admin.counters.staff')}</Text>
                        {staff.length === 0 ? <Text size="sm" c="dimmed">{t('admin.counters.noStaff')}</Text> : (
                          <Group gap={4}>
                            {staff.map((s) => (
                              <Badge key={s.userId} variant="light" color={v ? (s.hasPin ? 'teal' : 'orange') : 'gray'} tt="none">
                                {s.name}{v ? ` · ${s.hasPin ? t('admin.counters.hasPin') : t('admin.counters.noPin')}` : ''}
                              </Badge>
                            ))}
                          </Group>
                        )}
                      </Stack>
                      <Group gap="xs" mt="xs">
                        <Button size="xs" variant="light" leftSection={<IconUsers size={14} />} onClick={() => setAssigning(c)}>{t('admin.counters.assign')}</Button>
                        <Button size="xs" variant="light" disabled={!v || v.staff.length === 0} onClick={() => setPinFor(c)}>{t('admin.counters.pin')}</Button>
                        {c.status === 'closed' && c.tally ? (
                          // The printable close sheet (A4 or 80 mm) for the owner's or admin's own records, not only on the counter's tablet.
                          <CloseSheetButton data={{
                            eventTitle: event ? eventTitle(event, i18n.language, '') : '', code: c.code, name: c.name, tally: c.tally,
                            closedByName: users.get(c.tally.closedBy)?.name || c.tally.closedBy, afterClose: late.get(c.id), takings: totalsOf.get(c.id),
                          }} />
                        ) : null}
                        {c.status === 'closed' && c.tally ? null : c.status === 'closed' ? (
                          <Button size="xs" color="teal" leftSection={<IconLockOpen size={14} />} disabled={event?.status === 'closed'} onClick={() => setOpening(c)}>
                            {t('admin.counters.openAction')}
                          </Button>
                        ) : (
                          <Button size="xs" color="red" variant="light" leftSection={<IconLock size={14} />} onClick={() => setClosing(c)}>
                            {t('admin.counters.closeAction')}
                          </Button>
                        )}
                      </Group>
                      {c.openingFloat?.amount && !c.tally ? <Text size="sm" data-testid="counter-float">{t('custody.float.total', { amount: formatRupees(c.openingFloat.amount) })}</Text> : null}
                      {c.tally && localIds.has(c.id) && event ? <CounterCustodyCard counter={c} eventTitle={eventTitle(event, i18n.language, '')} /> : null}
                    </Stack>
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
          {eventId && event ? <EventCustodySection eventId={eventId} eventTitle={eventTitle(event, i18n.language, '')} /> : null}
          {eventId ? <NeedsReview eventId={eventId} counters={all} users={users} /> : null}
        </>
      )}
      {eventId ? <CreateCounterModal eventId={eventId} opened={creating} onClose={() => setCreating(false)} onDone={() => void afterServerChange()} /> : null}
      {assigning && eventId ? <AssignStaffModal counter={assigning} view={viewOf.get(assigning.id)} eventId={eventId} onClose={() => setAssigning(null)} onDone={() => void afterServerChange()} /> : null}
      {pinFor && pinView ? (
        <PinModal
          choices={pinView.staff.map((st) => ({ value: st.userId, label: `${st.name} · ${st.hasPin ? t('admin.counters.hasPin') : t('admin.counters.noPin')}` }))}
          selectLabel={t('admin.counters.staff')}
          title={(id) => t('admin.counters.pinTitle', { name: pinView.staff.find((st) => st.userId === id)?.name ?? '', code: pinFor.code })}
          save={async (userId, pin) => {
            await setStaffPin(userId, pinFor.id, pin);
            return t('admin.counters.pinSet', { name: pinView.staff.find((st) => st.userId === userId)?.name ?? '' });
          }}
          onClose={() => setPinFor(null)}
          onDone={() => void afterServerChange()}
        />
      ) : null}
      {editingEvent && event ? (
        <EventFormModal key={event.id} event={event} calls={eventCalls} opened canAssign={false} onClose={() => setEditingEvent(false)} onSaved={() => void refreshFromServer().catch(() => undefined)} />
      ) : null}
      {closing ? <BlindCloseModal counter={(counters ?? []).find((x) => x.id === closing.id) ?? closing} onClose={() => setClosing(null)} /> : null}
      {opening ? <OpenCounterModal counter={opening} onClose={() => setOpening(null)} onOpen={(f) => open(opening, f).then(() => undefined)} /> : null}
      {closingEvent && event ? (
        <CloseEventModal title={eventTitle(event, i18n.language, '')} onClose={() => setClosingEvent(false)} onConfirm={() => moveEvent('closed')} />
      ) : null}
    </AdminPage>
    </DirectPrintProvider>
  );
}
