// /eventadmin/counter/staff — counter staff of an event: create accounts (with their counters and
// a shift PIN at once), edit, disable / enable, reset password, set a PIN per counter. All of it
// needs the server; offline the page says so and keeps what was typed.
import { ActionIcon, Badge, Button, Card, Group, Menu, Modal, MultiSelect, PasswordInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../contract/admin';
import { RemoteAlert, apiErrorText } from '../../components/admin-kit/api-error';
import { EventSelect } from '../../components/admin-kit/event-select';
import { AdminPage, EmptyState } from '../../components/admin-kit/page';
import { refreshFromServer, useCountersLive, useEventsLive } from '../../data/admin-queries';
import { createStaff, listStaff, resetPassword, setDisabled, setStaffPin, updateUser } from '../../lib/admin-api';
import { useEventParam } from '../../lib/use-event-param';
import { toApiError, useRemote } from '../../lib/use-remote';

const MOBILE = /^\d{10}$/;
type CounterOption = { id: string; code: string; name: string };

function CreateStaffModal({ eventId, counters, opened, onClose, onDone }: { eventId: string; counters: CounterOption[]; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', name: '', mobile: '', password: '', counterIds: [] as string[], pin: '' },
    validate: {
      username: (v) => (/^[a-zA-Z0-9_.-]{3,60}$/.test(v.trim()) ? null : t('admin.users.usernameInvalid')),
      name: (v) => (v.trim() ? null : t('admin.common.required')),
      mobile: (v) => (!v || MOBILE.test(v) ? null : t('admin.users.mobileInvalid')),
      password: (v) => (v.length >= 8 ? null : t('admin.common.passwordHint')),
      pin: (v) => (!v || /^\d{4}$/.test(v) ? null : t('admin.counters.pinInvalid')),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setFailure(null);
    try {
      const u = await createStaff({
        username: v.username.trim(), name: v.name.trim(), mobile: v.mobile, password: v.password, eventId,
        counterIds: v.counterIds.length ? v.counterIds : undefined, pin: v.pin && v.counterIds.length ? v.pin : undefined,
      });
      notifications.show({ color: 'teal', message: t('admin.users.created', { username: u.username }) });
      form.reset();
      onDone();
      onClose();
    } catch (e) {
      const err = toApiError(e);
      if (err.code === 'username_taken') form.setFieldError('username', apiErrorText(t, err));
      else setFailure(apiErrorText(t, err));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('admin.staff.createTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('admin.common.username')} required autoComplete="off" data-autofocus {...form.getInputProps('username')} />
          <TextInput label={t('admin.common.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('admin.common.mobile')} description={t('admin.common.mobileHint')} inputMode="numeric" maxLength={10} {...form.getInputProps('mobile')} />
          <PasswordInput label={t('admin.common.password')} description={t('admin.common.passwordHint')} required autoComplete="new-password" {...form.getInputProps('password')} />
          <MultiSelect label={t('admin.staff.counters')} description={t('admin.staff.countersHint')} data={counters.map((c) => ({ value: c.id, label: c.name ? `${c.code} · ${c.name}` : c.code }))} searchable {...form.getInputProps('counterIds')} />
          <PasswordInput label={t('admin.staff.pinOptional')} inputMode="numeric" maxLength={4} autoComplete="off" {...form.getInputProps('pin')}
            onChange={(e) => form.setFieldValue('pin', e.currentTarget.value.replace(/\D/g, '').slice(0, 4))} />
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

function EditStaffModal({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: user.name, mobile: user.mobile ?? '' },
    validate: {
      name: (v) => (v.trim() ? null : t('admin.common.required')),
      mobile: (v) => (!v || MOBILE.test(v) ? null : t('admin.users.mobileInvalid')),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      await updateUser(user.id, { name: v.name.trim(), mobile: v.mobile });
      notifications.show({ color: 'teal', message: t('admin.users.updated') });
      onDone();
      onClose();
    } catch (e) {
      setFailure(apiErrorText(t, toApiError(e)));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('admin.users.editTitle', { name: user.name })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('admin.common.name')} required data-autofocus {...form.getInputProps('name')} />
          <TextInput label={t('admin.common.mobile')} description={t('admin.common.mobileHint')} inputMode="numeric" maxLength={10} {...form.getInputProps('mobile')} />
          {failure ? <Text c="red" size="sm" role="alert">{failure}</Text> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
            <Button type="submit" loading={busy}>{t('admin.common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One field modal: the new password, or a PIN for one of the staff member's counters. */
function SecretModal({ user, kind, onClose, onDone }: { user: AdminUser; kind: 'password' | 'pin'; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [counterId, setCounterId] = useState<string | null>(user.counters[0]?.counterId ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = user.counters.find((c) => c.counterId === counterId)?.code ?? '';
  const save = async () => {
    if (kind === 'password' && value.length < 8) return setError(t('admin.common.passwordHint'));
    if (kind === 'pin' && !/^\d{4}$/.test(value)) return setError(t('admin.counters.pinInvalid'));
    setBusy(true);
    setError(null);
    try {
      if (kind === 'password') {
        await resetPassword(user.id, value);
        notifications.show({ color: 'teal', message: t('admin.users.resetDone') });
      } else if (counterId) {
        await setStaffPin(user.id, counterId, value);
        notifications.show({ color: 'teal', message: t('admin.counters.pinSet', { name: user.name }) });
      }
      onDone();
      onClose();
    } catch (e) {
      setError(apiErrorText(t, toApiError(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} centered title={kind === 'password' ? t('admin.users.resetTitle', { name: user.name }) : t('admin.counters.pinTitle', { name: user.name, code })}>
      <Stack gap="sm">
        {kind === 'pin' ? (
          <Select label={t('admin.staff.counters')} data={user.counters.map((c) => ({ value: c.counterId, label: `${c.code} · ${c.hasPin ? t('admin.counters.hasPin') : t('admin.counters.noPin')}` }))} value={counterId} onChange={setCounterId} allowDeselect={false} />
        ) : null}
        <PasswordInput
          label={kind === 'password' ? t('admin.users.newPassword') : t('admin.counters.pinLabel')}
          inputMode={kind === 'pin' ? 'numeric' : undefined}
          maxLength={kind === 'pin' ? 4 : undefined}
          autoComplete="new-password"
          value={value}
          onChange={(e) => setValue(kind === 'pin' ? e.currentTarget.value.replace(/\D/g, '').slice(0, 4) : e.currentTarget.value)}
          error={error}
          data-autofocus
          onKeyDown={(e) => { if (e.key === 'Enter') void save(); }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
          <Button loading={busy} onClick={() => void save()}>{t('admin.common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function CounterStaffPage() {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  const counters = useCountersLive(eventId);
  const staff = useRemote(() => (eventId ? listStaff({ eventId }) : Promise.resolve([])), [eventId]);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [secret, setSecret] = useState<{ user: AdminUser; kind: 'password' | 'pin' } | null>(null);
  const reload = async () => {
    await staff.reload();
    await refreshFromServer().catch(() => undefined);
  };
  const toggle = async (u: AdminUser) => {
    try {
      await setDisabled(u.id, !u.disabled);
      notifications.show({ color: 'teal', message: t(u.disabled ? 'admin.users.enabledDone' : 'admin.users.disabledDone', { name: u.name }) });
      await staff.reload();
    } catch (e) {
      notifications.show({ color: 'red', message: apiErrorText(t, toApiError(e)) });
    }
  };
  const list = (staff.data ?? []).map((u) => ({ ...u, counters: u.counters.filter((c) => c.eventId === eventId) }));

  return (
    <AdminPage title={t('admin.staff.title')} intro={t('admin.staff.intro')}>
      {events && events.length === 0 ? (
        <EmptyState title={t('events.gifts.noEvent')} hint={t('events.gifts.noEventHint')} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <EventSelect events={events ?? []} value={eventId} onChange={setEventId} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={!eventId}>{t('admin.staff.create')}</Button>
          </Group>
          <RemoteAlert error={staff.error} onRetry={() => void staff.reload()} cachedNote={!!staff.data} />
          {staff.loading && !staff.data ? <Text c="dimmed">{t('admin.common.loading')}</Text> : null}
          {staff.data && list.length === 0 ? <EmptyState title={t('admin.staff.empty')} hint={t('admin.staff.emptyHint')} /> : null}
          {list.length > 0 ? (
            <Card withBorder radius="md" p={0}>
              <Table.ScrollContainer minWidth={600}>
                <Table striped verticalSpacing="sm" data-testid="staff-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th aria-label={t('admin.common.actions')} />
                      <Table.Th>{t('admin.common.name')}</Table.Th>
                      <Table.Th>{t('admin.common.username')}</Table.Th>
                      <Table.Th>{t('admin.staff.counters')}</Table.Th>
                      <Table.Th>{t('admin.common.status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((u) => (
                      <Table.Tr key={u.id}>
                        <Table.Td w={48}>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon variant="subtle" aria-label={`${t('admin.common.actions')}: ${u.name}`}><IconDots size={18} /></ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item onClick={() => setEditing(u)}>{t('admin.common.edit')}</Menu.Item>
                              <Menu.Item disabled={u.counters.length === 0} onClick={() => setSecret({ user: u, kind: 'pin' })}>{t('admin.counters.pin')}</Menu.Item>
                              <Menu.Item onClick={() => setSecret({ user: u, kind: 'password' })}>{t('admin.users.resetPassword')}</Menu.Item>
                              <Menu.Item color={u.disabled ? undefined : 'red'} onClick={() => void toggle(u)}>{u.disabled ? t('admin.common.enable') : t('admin.common.disable')}</Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Table.Td>
                        <Table.Td>
                          <Text fw={600}>{u.name}</Text>
                          {u.mobile ? <Text size="xs" c="dimmed">{u.mobile}</Text> : null}
                        </Table.Td>
                        <Table.Td>{u.username}</Table.Td>
                        <Table.Td>
                          {u.counters.length === 0 ? <Text size="sm" c="dimmed">{t('admin.staff.noCounters')}</Text> : (
                            <Group gap={4}>
                              {u.counters.map((c) => (
                                <Badge key={c.counterId} variant="light" color={c.hasPin ? 'teal' : 'orange'} tt="none">
                                  {c.code} · {c.hasPin ? t('admin.counters.hasPin') : t('admin.counters.noPin')}
                                </Badge>
                              ))}
                            </Group>
                          )}
                        </Table.Td>
                        <Table.Td><Badge color={u.disabled ? 'red' : 'teal'} variant="light">{u.disabled ? t('admin.common.disabled') : t('admin.common.active')}</Badge></Table.Td>

                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          ) : null}
        </>
      )}
      {eventId ? (
        <CreateStaffModal eventId={eventId} counters={(counters ?? []).map((c) => ({ id: c.id, code: c.code, name: c.name }))} opened={creating} onClose={() => setCreating(false)} onDone={() => void reload()} />
      ) : null}
      {editing ? <EditStaffModal user={editing} onClose={() => setEditing(null)} onDone={() => void reload()} /> : null}
      {secret ? <SecretModal user={secret.user} kind={secret.kind} onClose={() => setSecret(null)} onDone={() => void reload()} /> : null}
    </AdminPage>
  );
}
