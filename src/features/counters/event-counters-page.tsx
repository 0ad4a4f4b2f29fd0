// /event/counter — an event admin runs the counters of an event: create with a short code, assign
// staff, set their 4-digit shift PINs, open, and close with the cash tally. Opening and closing go
// through the device's outbox (they work offline); creating counters, assigning staff and PINs
// need the server and say so when offline.
import { Alert, Badge, Button, Card, Group, Modal, MultiSelect, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock, IconLockOpen, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterView } from '../../../contract/admin';
import { CashTallyForm, type TallyResult } from '../../components/cash-tally-form';
import { RemoteAlert, apiErrorText } from '../../components/admin-kit/api-error';
import { EventSelect } from '../../components/admin-kit/event-select';
import { AdminPage, EmptyState } from '../../components/admin-kit/page';
import { SyncButton } from '../../components/admin-kit/sync-button';
import {
  refreshFromServer, useCounterCashLive, useCountersLive, useEventBreakdownLive, useEventsLive, useUsersMapLive,
} from '../../data/admin-queries';
import type { LocalCounter } from '../../data/db';
import { closeCounter, openCounter } from '../../data/gifts-repo';
import { assignStaff, createCounter, listCounters, listStaff, openCounterOnline, setStaffPin } from '../../lib/admin-api';
import { formatNumber, formatRupees } from '../../lib/format';
import { readSignedInUser } from '../../lib/signed-in-user';
import { useEventParam } from '../../lib/use-event-param';
import { toApiError, useRemote } from '../../lib/use-remote';

function CreateCounterModal({ eventId, opened, onClose, onDone }: { eventId: string; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '', name: '' },
    validate: { code: (v) => (/^[A-Z0-9]{1,3}$/.test(v.trim().toUpperCase()) ? null : t('admin.counters.codeInvalid')) },
  });
  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setFailure(null);
    try {
      const c = await createCounter(eventId, { code: v.code.trim().toUpperCase(), name: v.name.trim() });
      notifications.show({ color: 'teal', message: t('admin.counters.created', { code: c.code }) });
      form.reset();
      onDone();
      onClose();
    } catch (e) {
      const err = toApiError(e);
      if (err.code === 'conflict') form.setFieldError('code', apiErrorText(t, err));
      else setFailure(apiErrorText(t, err));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('admin.counters.createTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('admin.counters.code')} description={t('admin.counters.codeHint')} required maxLength={3} autoComplete="off" data-autofocus
            {...form.getInputProps('code')} onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())} />
          <TextInput label={t('admin.counters.name')} placeholder={t('admin.counters.namePlaceholder')} {...form.getInputProps('name')} />
          {failure ? <Text c="red" size="sm" role="alert">{failure}</Text> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
            <Button type="submit" loading={busy}>{t('admin.common.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AssignStaffModal({ counter, view, eventId, onClose, onDone }: { counter: LocalCounter; view: CounterView | undefined; eventId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = useRemote(() => listStaff({ eventId }), [eventId]);
  const [ids, setIds] = useState<string[]>(view ? view.staff.map((s) => s.userId) : counter.staffIds);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await assignStaff(counter.id, ids);
      notifications.show({ color: 'teal', message: t('admin.counters.assigned', { code: counter.code }) });
      onDone();
      onClose();
    } catch (e) {
      setFailure(apiErrorText(t, toApiError(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('admin.counters.assignTitle', { code: counter.code })} centered>
      <Stack gap="sm">
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
        {failure ? <Text c="red" size="sm" role="alert">{failure}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
          <Button loading={busy} onClick={() => void save()}>{t('admin.common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PinModal({ counter, view, onClose, onDone }: { counter: LocalCounter; view: CounterView; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | null>(view.staff[0]?.userId ?? null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = view.staff.find((s) => s.userId === userId)?.name ?? '';
  const save = async () => {
    if (!userId) return;
    if (!/^\d{4}$/.test(pin)) {
      setError(t('admin.counters.pinInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await setStaffPin(userId, counter.id, pin);
      notifications.show({ color: 'teal', message: t('admin.counters.pinSet', { name }) });
      setPin('');
      onDone();
      onClose();
    } catch (e) {
      setError(apiErrorText(t, toApiError(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('admin.counters.pinTitle', { name, code: counter.code })} centered>
      <Stack gap="sm">
        <Select label={t('admin.counters.staff')} data={view.staff.map((s) => ({ value: s.userId, label: `${s.name} · ${s.hasPin ? t('admin.counters.hasPin') : t('admin.counters.noPin')}` }))} value={userId} onChange={setUserId} allowDeselect={false} />
        <PasswordInput label={t('admin.counters.pinLabel')} inputMode="numeric" maxLength={4} autoComplete="off" value={pin} onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))} error={error} data-autofocus
          onKeyDown={(e) => { if (e.key === 'Enter') void save(); }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
          <Button loading={busy} onClick={() => void save()} disabled={!userId}>{t('admin.common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CloseCounterModal({ counter, onClose }: { counter: LocalCounter; onClose: () => void }) {
  const { t } = useTranslation();
  const expected = useCounterCashLive(counter.id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (r: TallyResult) => {
    setBusy(true);
    setFailure(null);
    try {
      await closeCounter(counter.id, { ...r, closedBy: readSignedInUser()?.id ?? 'unknown', closedAt: new Date().toISOString() });
      notifications.show({ color: 'teal', message: t('admin.counters.closedDone', { code: counter.code }) });
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('admin.counters.closeTitle', { code: counter.code })} size="lg" centered>
      {expected === undefined ? <Text c="dimmed">{t('admin.common.loading')}</Text> : (
        <Stack>
          <CashTallyForm expectedCash={expected} submitLabel={t('admin.counters.closeSubmit')} onSubmit={submit} onCancel={onClose} busy={busy} />
          {failure ? <Text c="red" size="sm" role="alert">{failure}</Text> : null}
        </Stack>
      )}
    </Modal>
  );
}

export default function EventCountersPage() {
  const { t } = useTranslation();
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

  const viewOf = new Map((views.data ?? []).map((v) => [v.id, v]));
  const totalsOf = new Map((breakdown?.byCounter ?? []).map((c) => [c.counterId, c]));
  const localIds = new Set((counters ?? []).map((c) => c.id));
  const afterServerChange = async () => {
    await views.reload();
    await refreshFromServer().catch(() => undefined);
  };
  const open = async (c: LocalCounter) => {
    try {
      if (localIds.has(c.id)) await openCounter(c.id, readSignedInUser()?.id ?? 'unknown');
      else {
        await openCounterOnline(c.id);
        await afterServerChange();
      }
      notifications.show({ color: 'teal', message: t('admin.counters.opened', { code: c.code }) });
    } catch (e) {
      notifications.show({ color: 'red', message: apiErrorText(t, toApiError(e)) });
    }
  };
  // A counter the server knows but the device has not pulled yet still shows (from the REST view).
  const serverOnly: LocalCounter[] = (views.data ?? []).filter((v) => !localIds.has(v.id)).map((v) => ({ ...v, _pending: 0 }));
  const all = [...(counters ?? []), ...serverOnly].sort((a, b) => a.code.localeCompare(b.code));

  return (
    <AdminPage title={t('admin.counters.eventTitle')} intro={t('admin.counters.eventIntro')} actions={<SyncButton onSync={afterServerChange} />}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={!eventId}>{t('admin.counters.create')}</Button>
          </Group>
          {event?.status === 'closed' ? <Alert color="gray">{t('admin.counters.eventClosedNote')}</Alert> : null}
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
                        {c.status === 'closed' ? (
                          <Button size="xs" color="teal" leftSection={<IconLockOpen size={14} />} disabled={event?.status === 'closed'} onClick={() => void open(c)}>
                            {t('admin.counters.openAction')}
                          </Button>
                        ) : (
                          <Button size="xs" color="red" variant="light" leftSection={<IconLock size={14} />} onClick={() => setClosing(c)}>
                            {t('admin.counters.closeAction')}
                          </Button>
                        )}
                      </Group>
                    </Stack>
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
        </>
      )}
      {eventId ? <CreateCounterModal eventId={eventId} opened={creating} onClose={() => setCreating(false)} onDone={() => void afterServerChange()} /> : null}
      {assigning && eventId ? <AssignStaffModal counter={assigning} view={viewOf.get(assigning.id)} eventId={eventId} onClose={() => setAssigning(null)} onDone={() => void afterServerChange()} /> : null}
      {pinFor && viewOf.get(pinFor.id) ? <PinModal counter={pinFor} view={viewOf.get(pinFor.id)!} onClose={() => setPinFor(null)} onDone={() => void afterServerChange()} /> : null}
      {closing ? <CloseCounterModal counter={closing} onClose={() => setClosing(null)} /> : null}
    </AdminPage>
  );
}
