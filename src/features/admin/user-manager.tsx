// Managed accounts of one role (event admins, event owners): list with search, create, edit name
// and mobile, disable / enable, reset password. These need the server: offline, the screen says
// so in the user's language and keeps what was typed in the open form.
import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFields, BadgeList, UsersTable, emptyAccount, useAccountRules, usernameTakenOnField } from '../../components/management/accounts';
import { RemoteStatus } from '../../components/management/api-error';
import { FormModal, useModalSubmit } from '../../components/management/form-modal';
import { accountCalls, createUser, listUsers } from '../../lib/admin-api';
import { useRemote } from '../../lib/use-remote';

type ManagedRole = 'event_admin' | 'event_owner';

function CreateUserModal({ role, opened, onClose, onDone }: { role: ManagedRole; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: emptyAccount, validate: useAccountRules() });
  const s = useModalSubmit({ onClose, onDone, onError: usernameTakenOnField(form) });
  const submit = form.onSubmit((v) => s.run(async () => {
    const u = await createUser({ role, username: v.username.trim(), name: v.name.trim(), mobile: v.mobile, password: v.password });
    form.reset();
    return t('admin.users.created', { username: u.username });
  }));
  return (
    <FormModal opened={opened} onClose={onClose} title={role === 'event_admin' ? t('admin.users.createAdmin') : t('admin.users.createOwner')}
      onSubmit={submit} busy={s.busy} failure={s.failure} submitLabel={t('admin.common.create')}>
      <AccountFields form={form} />
    </FormModal>
  );
}

export function UserManager({ role }: { role: ManagedRole }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q, 250);
  const remote = useRemote(() => listUsers({ role, q: dq || undefined }), [role, dq]);
  const [creating, setCreating] = useState(false);
  const users = remote.data ?? [];
  const roleKey = (r: string) => (r === 'owner' ? 'admin.users.roleOwner' : r === 'admin' ? 'admin.users.roleAdmin' : 'admin.users.roleStaff');
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput label={t('admin.users.searchLabel')} leftSection={<IconSearch size={16} />} value={q} onChange={(e) => setQ(e.currentTarget.value)} type="search" w={{ base: '100%', sm: 320 }} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {role === 'event_admin' ? t('admin.users.createAdmin') : t('admin.users.createOwner')}
        </Button>
      </Group>
      <RemoteStatus remote={remote} empty={users.length === 0} emptyTitle={t('admin.users.empty')} emptyHint={t('admin.users.emptyHint')} />
      {users.length > 0 ? (
        <UsersTable
          users={users}
          calls={accountCalls}
          testId="users-table"
          onChanged={remote.reload}
          columns={[{
            key: 'events', header: t('admin.users.linkedEvents'),
            cell: (u) => (
              <BadgeList items={u.events} empty={t('admin.users.noEvents')} render={(e) => (
                <Badge key={`${e.eventId}-${e.role}`} variant="light" size="sm" tt="none">{e.title} · {t(roleKey(e.role))}</Badge>
              )} />
            ),
          }]}
        />
      ) : null}
      <CreateUserModal role={role} opened={creating} onClose={() => setCreating(false)} onDone={() => void remote.reload()} />
    </Stack>
  );
}
