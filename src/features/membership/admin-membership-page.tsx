// /admin/membership — plan memberships (Smart Track ₹999 per event, Partner Track ₹1,500 per
// month) and the sign-up requests taken at counters, which can be converted into memberships.
import { Badge, Button, Group, Menu, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { membershipPlans, type MembershipRow, type SignupRow } from '../../../contract/admin';
import { AdminTable } from '../../components/management/admin-table';
import { DateField } from '../../components/date-field';
import { RemoteAlert, RemoteStatus } from '../../components/management/api-error';
import { FormModal, useModalSubmit, useNotifyAction } from '../../components/management/form-modal';
import { AdminPage } from '../../components/management/page';
import { createMembership, listMemberships, listSignups, listUsers, setSignupStatus, updateMembership } from '../../lib/admin-api';
import { formatRupees, appLanguage, formatDate } from '../../lib/format';
import { localDay } from '../../lib/typed-date';
import { useRemote } from '../../lib/use-remote';

const statusColor = { active: 'teal', expired: 'gray', cancelled: 'red', new: 'blue', contacted: 'yellow', converted: 'teal', rejected: 'gray' } as const;

function CreateMembershipModal({ signup, onClose, onDone }: { signup: SignupRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const holders = useRemote(() => listUsers({ role: 'event_owner' }), []);
  const form = useForm({
    initialValues: { plan: signup?.plan ?? 'smart_track', holderId: '', validFrom: localDay(), validTo: '' },
    validate: {
      holderId: (v) => (v ? null : t('admin.common.required')),
      validFrom: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : t('admin.eventForm.dateHint')),
    },
  });
  const s = useModalSubmit({ onClose, onDone });
  const submit = form.onSubmit((v) => s.run(async () => {
    await createMembership({ plan: v.plan as 'smart_track', holderId: v.holderId, validFrom: v.validFrom, validTo: v.validTo || null, signupId: signup?.id });
    return t('admin.membership.created');
  }));
  return (
    <FormModal onClose={onClose} title={signup ? `${t('admin.membership.convert')}: ${signup.name}` : t('admin.membership.createTitle')}
      onSubmit={submit} busy={s.busy} failure={s.failure} submitLabel={t('admin.common.create')}>
      <RemoteAlert error={holders.error} onRetry={() => void holders.reload()} />
      <Select label={t('admin.membership.plan')} data={membershipPlans.map((p) => ({ value: p.plan, label: `${t(`admin.membership.${p.plan}`)} · ${t(p.per === 'event' ? 'admin.membership.perEvent' : 'admin.membership.perMonth', { price: formatRupees(p.price) })}` }))} allowDeselect={false} {...form.getInputProps('plan')} />
      <Select label={t('admin.membership.holder')} placeholder={t('admin.membership.pickHolder')} searchable data={(holders.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))} {...form.getInputProps('holderId')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField label={t('admin.membership.validFrom')} required {...form.getInputProps('validFrom')} />
        <DateField label={t('admin.membership.validTo')} description={t('admin.membership.validToHint')} clearable {...form.getInputProps('validTo')} />
      </SimpleGrid>
    </FormModal>
  );
}

function MembershipsTab() {
  const { t } = useTranslation();
  const list = useRemote(() => listMemberships(), []);
  const [creating, setCreating] = useState(false);
  const act = useNotifyAction();
  const cancel = (m: MembershipRow) => act(async () => {
    await updateMembership(m.id, { status: 'cancelled' });
    return t('admin.membership.updated');
  }, list.reload);
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="flex-end"><Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>{t('admin.membership.create')}</Button></Group>
      <RemoteStatus remote={list} empty={rows.length === 0} emptyTitle={t('admin.membership.empty')} emptyHint={t('admin.membership.emptyHint')} />
      {rows.length > 0 ? (
        <AdminTable
          rows={rows}
          rowKey={(m) => m.id}
          testId="memberships-table"
          columns={[
            { key: 'holder', header: t('admin.membership.holder'), cell: (m) => <><Text fw={600}>{m.holderName}</Text><Text size="xs" c="dimmed">{m.holderUsername}</Text></> },
            { key: 'plan', header: t('admin.membership.plan'), cell: (m) => `${t(`admin.membership.${m.plan}`)} · ${formatRupees(m.price)}` },
            { key: 'from', header: t('admin.membership.validFrom'), cell: (m) => m.validFrom },
            { key: 'to', header: t('admin.membership.validTo'), cell: (m) => m.validTo ?? '—' },
            { key: 'status', header: t('admin.membership.status'), cell: (m) => <Badge variant="light" color={statusColor[m.status]}>{t(`admin.membership.${m.status}`)}</Badge> },
            {
              key: 'actions', label: t('admin.common.actions'),
              cell: (m) => (m.status === 'active' ? <Button size="xs" variant="subtle" color="red" onClick={() => void cancel(m)}>{t('admin.membership.cancel')}</Button> : null),
            },
          ]}
        />
      ) : null}
      {creating ? <CreateMembershipModal signup={null} onClose={() => setCreating(false)} onDone={() => void list.reload()} /> : null}
    </Stack>
  );
}

function SignupsTab() {
  const { t } = useTranslation();
  const list = useRemote(() => listSignups(), []);
  const [converting, setConverting] = useState<SignupRow | null>(null);
  const act = useNotifyAction();
  const setStatus = (s: SignupRow, status: SignupRow['status']) => act(async () => {
    await setSignupStatus(s.id, status);
    return t('admin.membership.signupUpdated');
  }, list.reload);
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      <RemoteStatus remote={list} empty={rows.length === 0} emptyTitle={t('admin.membership.signupsEmpty')} emptyHint={t('admin.membership.signupsEmptyHint')} />
      {rows.length > 0 ? (
        <AdminTable
          rows={rows}
          rowKey={(r) => r.id}
          testId="signups-table"
          minWidth={760}
          columns={[
            { key: 'name', header: t('admin.membership.signupName'), cell: (r) => <><Text fw={600}>{r.name}</Text>{r.village ? <Text size="xs" c="dimmed">{r.village}</Text> : null}</> },
            { key: 'mobile', header: t('admin.membership.signupMobile'), cell: (r) => <a href={`tel:${r.mobile}`}>{r.mobile}</a> },
            { key: 'function', header: t('admin.membership.functionType'), cell: (r) => `${t(`glossary.functionType.${r.functionType}`)}${r.expectedDate ? ` · ${r.expectedDate}` : ''}` },
            { key: 'plan', header: t('admin.membership.plan'), cell: (r) => t(`admin.membership.${r.plan}`) },
            { key: 'takenBy', header: t('admin.membership.takenBy'), cell: (r) => <><Text size="sm">{r.takenByName ?? '—'}</Text><Text size="xs" c="dimmed">{formatDate(r.createdAt, 'dateTime', appLanguage())}</Text></> },
            { key: 'status', header: t('admin.membership.status'), cell: (r) => <Badge variant="light" color={statusColor[r.status]}>{t(`admin.membership.${r.status}`)}</Badge> },
            {
              key: 'actions', label: t('admin.common.actions'),
              cell: (r) => (r.status !== 'converted' ? (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target><Button size="xs" variant="light">{t('admin.common.actions')}</Button></Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setConverting(r)}>{t('admin.membership.convert')}</Menu.Item>
                    {r.status === 'new' ? <Menu.Item onClick={() => void setStatus(r, 'contacted')}>{t('admin.membership.markContacted')}</Menu.Item> : null}
                    {r.status !== 'rejected' ? <Menu.Item color="red" onClick={() => void setStatus(r, 'rejected')}>{t('admin.membership.markRejected')}</Menu.Item> : null}
                  </Menu.Dropdown>
                </Menu>
              ) : null),
            },
          ]}
        />
      ) : null}
      {converting ? <CreateMembershipModal signup={converting} onClose={() => setConverting(null)} onDone={() => void list.reload()} /> : null}
    </Stack>
  );
}

export default function AdminMembershipPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('memberships');
  return (
    <AdminPage title={t('pages.adminMembership.title')} intro={t('admin.membership.intro')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="memberships">{t('admin.membership.tabMemberships')}</Tabs.Tab>
          <Tabs.Tab value="signups">{t('admin.membership.tabSignups')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="memberships" pt="md"><MembershipsTab /></Tabs.Panel>
        <Tabs.Panel value="signups" pt="md"><SignupsTab /></Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
