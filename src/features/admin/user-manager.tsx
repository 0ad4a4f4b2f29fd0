// Managed accounts of one role (event admins, event owners): list with search, create, edit name
// and mobile, disable / enable, reset password. These need the server: offline, the screen says
// so in the user's language and keeps what was typed in the open form.
import { ActionIcon, Badge, Button, Card, Group, Menu, Modal, PasswordInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../contract/admin';
import { RemoteAlert, apiErrorText } from '../../components/admin-kit/api-error';
import { EmptyState } from '../../components/admin-kit/page';
import { createUser, listUsers, resetPassword, setDisabled, updateUser } from '../../lib/admin-api';
import { useRemote, toApiError } from '../../lib/use-remote';

type ManagedRole = 'event_admin' | 'event_owner';
const MOBILE = /^\d{10}$/;

function useErrorText() {
  const { t } = useTranslation();
  return (e: unknown) => apiErrorText(t, toApiError(e));
}

function CreateUserModal({ role, opened, onClose, onDone }: { role: ManagedRole; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const errText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', name: '', mobile: '', password: '' },
    validate: {
      username: (v) => (/^[a-zA-Z0-9_.-]{3,60}$/.test(v.trim()) ? null : t('admin.users.usernameInvalid')),
      name: (v) => (v.trim() ? null : t('admin.common.required')),
      mobile: (v) => (!v || MOBILE.test(v) ? null : t('admin.users.mobileInvalid')),
      password: (v) => (v.length >= 8 ? null : t('admin.common.passwordHint')),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setFailure(null);
    try {
      const u = await createUser({ role, username: v.username.trim(), name: v.name.trim(), mobile: v.mobile, password: v.password });
      notifications.show({ color: 'teal', message: t('admin.users.created', { username: u.username }) });
      form.reset();
      onDone();
      onClose();
    } catch (e) {
      const err = toApiError(e);
      if (err.code === 'username_taken') form.setFieldError('username', errText(err));
      else setFailure(errText(err));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={role === 'event_admin' ? t('admin.users.createAdmin') : t('admin.users.createOwner')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('admin.common.username')} required autoComplete="off" data-autofocus {...form.getInputProps('username')} />
          <TextInput label={t('admin.common.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('admin.common.mobile')} description={t('admin.common.mobileHint')} inputMode="numeric" maxLength={10} {...form.getInputProps('mobile')} />
          <PasswordInput label={t('admin.common.password')} description={t('admin.common.passwordHint')} required autoComplete="new-password" {...form.getInputProps('password')} />
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

function EditUserModal({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const errText = useErrorText();
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
    setFailure(null);
    try {
      await updateUser(user.id, { name: v.name.trim(), mobile: v.mobile });
      notifications.show({ color: 'teal', message: t('admin.users.updated') });
      onDone();
      onClose();
    } catch (e) {
      setFailure(errText(e));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('admin.users.editTitle', { name: user.name })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('admin.common.username')} value={user.username} disabled readOnly />
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

function ResetPasswordModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const errText = useErrorText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (password.length < 8) {
      setError(t('admin.common.passwordHint'));
      return;
    }
    setBusy(true);
    try {
      await resetPassword(user.id, password);
      notifications.show({ color: 'teal', message: t('admin.users.resetDone') });
      onClose();
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('admin.users.resetTitle', { name: user.name })} centered>
      <Stack gap="sm">
        <PasswordInput label={t('admin.users.newPassword')} description={t('admin.common.passwordHint')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={error} autoComplete="new-password" data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
          <Button loading={busy} onClick={() => void submit()}>{t('admin.users.resetPassword')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function UserManager({ role }: { role: ManagedRole }) {
  const { t } = useTranslation();
  const errText = useErrorText();
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q, 250);
  const remote = useRemote(() => listUsers({ role, q: dq || undefined }), [role, dq]);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);

  const toggle = async (u: AdminUser) => {
    try {
      await setDisabled(u.id, !u.disabled);
      notifications.show({ color: 'teal', message: t(u.disabled ? 'admin.users.enabledDone' : 'admin.users.disabledDone', { name: u.name }) });
      await remote.reload();
    } catch (e) {
      notifications.show({ color: 'red', message: errText(e) });
    }
  };

  const users = remote.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput label={t('admin.users.searchLabel')} leftSection={<IconSearch size={16} />} value={q} onChange={(e) => setQ(e.currentTarget.value)} type="search" w={{ base: '100%', sm: 320 }} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {role === 'event_admin' ? t('admin.users.createAdmin') : t('admin.users.createOwner')}
        </Button>
      </Group>
      <RemoteAlert error={remote.error} onRetry={() => void remote.reload()} cachedNote={!!remote.data} />
      {remote.loading && !remote.data ? (
        <Text c="dimmed">{t('admin.common.loading')}</Text>
      ) : users.length === 0 && !remote.error ? (
        <EmptyState title={t('admin.users.empty')} hint={t('admin.users.emptyHint')} />
      ) : users.length > 0 ? (
        <Card withBorder radius="md" p={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" striped highlightOnHover data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-label={t('admin.common.actions')} />
                  <Table.Th>{t('admin.common.name')}</Table.Th>
                  <Table.Th>{t('admin.common.username')}</Table.Th>
                  <Table.Th>{t('admin.common.mobile')}</Table.Th>
                  <Table.Th>{t('admin.users.linkedEvents')}</Table.Th>
                  <Table.Th>{t('admin.common.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td w={48}>
                      <Menu position="bottom-start" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`${t('admin.common.actions')}: ${u.name}`}><IconDots size={18} /></ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(u)}>{t('admin.common.edit')}</Menu.Item>
                          <Menu.Item onClick={() => setResetting(u)}>{t('admin.users.resetPassword')}</Menu.Item>
                          <Menu.Item color={u.disabled ? undefined : 'red'} onClick={() => void toggle(u)}>
                            {u.disabled ? t('admin.common.enable') : t('admin.common.disable')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                    <Table.Td fw={600}>{u.name}</Table.Td>
                    <Table.Td>{u.username}</Table.Td>
                    <Table.Td>{u.mobile || '—'}</Table.Td>
                    <Table.Td>
                      {u.events.length === 0 ? <Text size="sm" c="dimmed">{t('admin.users.noEvents')}</Text> : (
                        <Group gap={4}>
                          {u.events.map((e) => (
                            <Badge key={`${e.eventId}-${e.role}`} variant="light" size="sm" tt="none">
                              {e.title} · {t(`admin.users.role${e.role === 'owner' ? 'Owner' : e.role === 'admin' ? 'Admin' : 'Staff'}`)}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={u.disabled ? 'red' : 'teal'} variant="light">{u.disabled ? t('admin.common.disabled') : t('admin.common.active')}</Badge>
                    </Table.Td>

                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : null}
      <CreateUserModal role={role} opened={creating} onClose={() => setCreating(false)} onDone={() => void remote.reload()} />
      {editing ? <EditUserModal user={editing} onClose={() => setEditing(null)} onDone={() => void remote.reload()} /> : null}
      {resetting ? <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} /> : null}
    </Stack>
  );
}
