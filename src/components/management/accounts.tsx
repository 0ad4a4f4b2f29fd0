// Managed accounts, shared by the app admin's event admins / owners (/admin/Eventadmin,
// /admin/eventownerpage) and the event admin's counter staff (/eventadmin/counter/staff): the
// account fields and their rules, the users table with its row menu (edit, reset password,
// disable / enable, plus the page's own items), and the edit and reset-password dialogs. All of it
// needs the server; offline the dialogs say so and keep what was typed.
import { Badge, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UpdateUserBody } from '../../../contract/admin';
import { weakPasswordReason } from '../../../contract/password-rules';
import { AdminTable, RowMenu, type Column, type RowMenuItem } from './admin-table';
import { FormModal, submitWith, useModalSubmit, useNotifyAction } from './form-modal';

const MOBILE = /^\d{10}$/;

/** The account calls the screen makes (lib/admin-api.ts): this kit shows and asks, the page's feature calls. */
export type AccountCalls = {
  update: (id: string, body: UpdateUserBody) => Promise<unknown>;
  resetPassword: (id: string, password: string) => Promise<unknown>;
  setDisabled: (id: string, disabled: boolean) => Promise<unknown>;
};

export type AccountValues = { username: string; name: string; mobile: string; password: string };
export const emptyAccount: AccountValues = { username: '', name: '', mobile: '', password: '' };

/** Validation of the account fields, in the user's language. */
export function useAccountRules() {
  const { t } = useTranslation();
  return {
    username: (v: string) => (/^[a-zA-Z0-9_.-]{3,60}$/.test(v.trim()) ? null : t('admin.users.usernameInvalid')),
    name: (v: string) => (v.trim() ? null : t('admin.common.required')),
    mobile: (v: string) => (!v || MOBILE.test(v) ? null : t('admin.users.mobileInvalid')),
    password: (v: string) => (v.length < 8 ? t('admin.common.passwordHint') : weakPasswordReason(v) ? t('admin.apiError.weak_password') : null),
  };
}

/** A taken username is said on the username field; anything else in the dialog. */
export const usernameTakenOnField = <V extends AccountValues>(form: UseFormReturnType<V>) => (err: { code: string }, text: string) => {
  if (err.code !== 'username_taken') return false;
  form.setFieldError('username', text);
  return true;
};

/** Username, full name, mobile and password of a new account. */
export function AccountFields<V extends AccountValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const p = (k: keyof AccountValues) => form.getInputProps(k as Parameters<typeof form.getInputProps>[0]);
  return (
    <>
      <TextInput label={t('admin.common.username')} required autoComplete="off" data-autofocus {...p('username')} />
      <TextInput label={t('admin.common.name')} required {...p('name')} />
      <TextInput label={t('admin.common.mobile')} description={t('admin.common.mobileHint')} inputMode="numeric" maxLength={10} {...p('mobile')} />
      <PasswordInput label={t('admin.common.password')} description={t('admin.common.passwordHint')} required autoComplete="new-password" {...p('password')} />
    </>
  );
}

export function EditAccountModal({ user, onClose, onDone, save }: { user: AdminUser; onClose: () => void; onDone: () => void; save: AccountCalls['update'] }) {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const form = useForm({ initialValues: { name: user.name, mobile: user.mobile ?? '' }, validate: { name: rules.name, mobile: rules.mobile } });
  const s = useModalSubmit({ onClose, onDone });
  const submit = form.onSubmit((v) => s.run(async () => {
    await save(user.id, { name: v.name.trim(), mobile: v.mobile });
    return t('admin.users.updated');
  }));
  return (
    <FormModal onClose={onClose} title={t('admin.users.editTitle', { name: user.name })} onSubmit={submit} busy={s.busy} failure={s.failure} submitLabel={t('admin.common.save')}>
      <TextInput label={t('admin.common.username')} value={user.username} disabled readOnly />
      <TextInput label={t('admin.common.name')} required data-autofocus {...form.getInputProps('name')} />
      <TextInput label={t('admin.common.mobile')} description={t('admin.common.mobileHint')} inputMode="numeric" maxLength={10} {...form.getInputProps('mobile')} />
    </FormModal>
  );
}

export function ResetPasswordModal({ user, onClose, reset }: { user: AdminUser; onClose: () => void; reset: AccountCalls['resetPassword'] }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const s = useModalSubmit({ onClose });
  const save = () => {
    if (password.length < 8) return s.setFailure(t('admin.common.passwordHint'));
    if (weakPasswordReason(password)) return s.setFailure(t('admin.apiError.weak_password'));
    return s.run(async () => {
      await reset(user.id, password);
      return t('admin.users.resetDone');
    });
  };
  return (
    <FormModal onClose={onClose} title={t('admin.users.resetTitle', { name: user.name })} onSubmit={submitWith(save)} busy={s.busy} submitLabel={t('admin.users.resetPassword')}>
      <PasswordInput label={t('admin.users.newPassword')} description={t('admin.common.passwordHint')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={s.failure} autoComplete="new-password" data-autofocus />
    </FormModal>
  );
}

/**
 * Accounts in a table: name (and mobile), username, the page's own columns, status; a row menu
 * with edit, the page's own items, reset password and disable / enable. The edit and reset
 * dialogs open from here; `onChanged` reloads the page's list after a change.
 */
export function UsersTable<U extends AdminUser>({ users, calls, columns = [], menuItems, onChanged, testId, minWidth }: {
  users: readonly U[];
  calls: AccountCalls;
  columns?: Column<U>[];
  menuItems?: (u: U) => RowMenuItem[];
  onChanged: () => Promise<void> | void;
  testId: string;
  minWidth?: number;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<U | null>(null);
  const [resetting, setResetting] = useState<U | null>(null);
  const act = useNotifyAction();
  const toggle = (u: U) => act(async () => {
    await calls.setDisabled(u.id, !u.disabled);
    return t(u.disabled ? 'admin.users.enabledDone' : 'admin.users.disabledDone', { name: u.name });
  }, onChanged);
  const cols: Column<U>[] = [
    {
      key: 'menu', label: t('admin.common.actions'), width: 48,
      cell: (u) => (
        <RowMenu
          label={`${t('admin.common.actions')}: ${u.name}`}
          items={[
            { label: t('admin.common.edit'), onClick: () => setEditing(u) },
            ...(menuItems?.(u) ?? []),
            { label: t('admin.users.resetPassword'), onClick: () => setResetting(u) },
            { label: u.disabled ? t('admin.common.enable') : t('admin.common.disable'), color: u.disabled ? undefined : 'red', onClick: () => void toggle(u) },
          ]}
        />
      ),
    },
    {
      key: 'name', header: t('admin.common.name'),
      cell: (u) => (
        <Stack gap={0}>
          <Text fw={600}>{u.name}</Text>
          {u.mobile ? <Text size="xs" c="dimmed">{u.mobile}</Text> : null}
        </Stack>
      ),
    },
    { key: 'username', header: t('admin.common.username'), cell: (u) => u.username },
    ...columns,
    { key: 'status', header: t('admin.common.status'), cell: (u) => <Badge color={u.disabled ? 'red' : 'teal'} variant="light">{u.disabled ? t('admin.common.disabled') : t('admin.common.active')}</Badge> },
  ];
  return (
    <>
      <AdminTable rows={users} columns={cols} rowKey={(u) => u.id} testId={testId} minWidth={minWidth} />
      {editing ? <EditAccountModal user={editing} onClose={() => setEditing(null)} onDone={() => void onChanged()} save={calls.update} /> : null}
      {resetting ? <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} reset={calls.resetPassword} /> : null}
    </>
  );
}

/** Badges in a cell, or a dimmed line when there are none. */
export function BadgeList<I>({ items, empty, render }: { items: readonly I[]; empty: string; render: (i: I) => ReactNode }) {
  if (items.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  return <Group gap={4}>{items.map(render)}</Group>;
}
