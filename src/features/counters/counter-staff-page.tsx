// /eventadmin/counter/staff — counter staff of an event: create accounts (with their counters and
// a shift PIN at once), edit, disable / enable, reset password, set a PIN per counter. All of it
// needs the server; offline the page says so and keeps what was typed.
import { Badge, Button, Group, MultiSelect, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../contract/admin';
import { AccountFields, BadgeList, UsersTable, emptyAccount, useAccountRules, usernameTakenOnField } from '../../components/management/accounts';
import { RemoteStatus } from '../../components/management/api-error';
import { EventSelect } from '../../components/management/event-select';
import { FormModal, useModalSubmit } from '../../components/management/form-modal';
import { AdminPage, EmptyState } from '../../components/management/page';
import { refreshFromServer, useCountersLive, useEventsLive } from '../../data/admin-queries';
import { accountCalls, createStaff, listStaff, setStaffPin } from '../../lib/admin-api';
import { useEventParam } from '../../lib/use-event-param';
import { useRemote } from '../../lib/use-remote';
import { PinModal } from './pin-modal';
import { PIN_DIGITS } from '../../../contract/admin';

type CounterOption = { id: string; code: string; name: string };

function CreateStaffModal({ eventId, counters, opened, onClose, onDone }: { eventId: string; counters: CounterOption[]; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { ...emptyAccount, counterIds: [] as string[], pin: '' },
    validate: { ...useAccountRules(), pin: (v) => (!v || new RegExp(`^\\d{${PIN_DIGITS}}$`).test(v) ? null : t('admin.counters.pinInvalid')) },
  });
  const s = useModalSubmit({ onClose, onDone, onError: usernameTakenOnField(form) });
  const submit = form.onSubmit((v) => s.run(async () => {
    const u = await createStaff({
      username: v.username.trim(), name: v.name.trim(), mobile: v.mobile, password: v.password, eventId,
      counterIds: v.counterIds.length ? v.counterIds : undefined, pin: v.pin && v.counterIds.length ? v.pin : undefined,
    });
    form.reset();
    return t('admin.users.created', { username: u.username });
  }));
  return (
    <FormModal opened={opened} onClose={onClose} title={t('admin.staff.createTitle')} onSubmit={submit} busy={s.busy} failure={s.failure} submitLabel={t('admin.common.create')}>
      <AccountFields form={form} />
      <MultiSelect label={t('admin.staff.counters')} description={t('admin.staff.countersHint')} data={counters.map((c) => ({ value: c.id, label: c.name ? `${c.code} · ${c.name}` : c.code }))} searchable {...form.getInputProps('counterIds')} />
      <PasswordInput label={t('admin.staff.pinOptional')} inputMode="numeric" maxLength={PIN_DIGITS} autoComplete="off" {...form.getInputProps('pin')}
        onChange={(e) => form.setFieldValue('pin', e.currentTarget.value.replace(/\D/g, '').slice(0, PIN_DIGITS))} />
    </FormModal>
  );
}

export default function CounterStaffPage() {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const staff = useRemote(() => (eventId ? listStaff({ eventId }) : Promise.resolve([])), [eventId]);
  const [creating, setCreating] = useState(false);
  const [pinFor, setPinFor] = useState<AdminUser | null>(null);
  const reload = async () => {
    await staff.reload();
    await refreshFromServer().catch(() => undefined);
  };
  const list = (staff.data ?? []).map((u) => ({ ...u, counters: u.counters.filter((c) => c.eventId === eventId) }));
  const pinLabel = (c: { hasPin: boolean }) => (c.hasPin ? t('admin.counters.hasPin') : t('admin.counters.noPin'));

  return (
    <AdminPage title={t('pages.counterStaff.title')} intro={t('admin.staff.intro')}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={!eventId}>{t('admin.staff.create')}</Button>
          </Group>
          <RemoteStatus remote={staff} empty={list.length === 0} emptyTitle={t('admin.staff.empty')} emptyHint={t('admin.staff.emptyHint')} />
          {list.length > 0 ? (
            <UsersTable
              users={list}
              calls={accountCalls}
              testId="staff-table"
              minWidth={600}
              onChanged={reload}
              menuItems={(u) => [{ label: t('admin.counters.pin'), disabled: u.counters.length === 0, onClick: () => setPinFor(u) }]}
              columns={[{
                key: 'counters', header: t('admin.staff.counters'),
                cell: (u) => (
                  <BadgeList items={u.counters} empty={t('admin.staff.noCounters')} render={(c) => (
                    <Badge key={c.counterId} variant="light" color={c.hasPin ? 'teal' : 'orange'} tt="none">{c.code} · {pinLabel(c)}</Badge>
                  )} />
                ),
              }]}
            />
          ) : null}
        </>
      )}
      {eventId ? (
        <CreateStaffModal eventId={eventId} counters={(counters ?? []).map((c) => ({ id: c.id, code: c.code, name: c.name }))} opened={creating} onClose={() => setCreating(false)} onDone={() => void reload()} />
      ) : null}
      {pinFor ? (
        <PinModal
          choices={pinFor.counters.map((c) => ({ value: c.counterId, label: `${c.code} · ${pinLabel(c)}` }))}
          selectLabel={t('admin.staff.counters')}
          title={(id) => t('admin.counters.pinTitle', { name: pinFor.name, code: pinFor.counters.find((c) => c.counterId === id)?.code ?? '' })}
          save={async (counterId, pin) => {
            await setStaffPin(pinFor.id, counterId, pin);
            return t('admin.counters.pinSet', { name: pinFor.name });
          }}
          onClose={() => setPinFor(null)}
          onDone={() => void reload()}
        />
      ) : null}
    </AdminPage>
  );
}
