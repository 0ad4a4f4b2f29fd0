// /admin/membership — plan memberships (Smart Track ₹999 per event, Partner Track ₹1,500 per
// month) and the sign-up requests taken at counters, which can be converted into memberships.
import { Badge, Button, Card, Group, Menu, Modal, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { membershipPlans, type MembershipRow, type SignupRow } from '../../../contract/admin';
import { RemoteAlert, apiErrorText } from '../../components/admin-kit/api-error';
import { AdminPage, EmptyState } from '../../components/admin-kit/page';
import { createMembership, listMemberships, listSignups, listUsers, setSignupStatus, updateMembership } from '../../lib/admin-api';
import { formatRupees } from '../../lib/format';
import { toApiError, useRemote } from '../../lib/use-remote';

const statusColor = { active: 'teal', expired: 'gray', cancelled: 'red', new: 'blue', contacted: 'yellow', converted: 'teal', rejected: 'gray' } as const;
const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function CreateMembershipModal({ signup, onClose, onDone }: { signup: SignupRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const holders = useRemote(() => listUsers({ role: 'event_owner' }), []);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { plan: signup?.plan ?? 'smart_track', holderId: '', validFrom: new Date().toISOString().slice(0, 10), validTo: '' },
    validate: {
      holderId: (v) => (v ? null : t('admin.common.required')),
      validFrom: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : t('admin.eventForm.dateHint')),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setFailure(null);
    try {
      await createMembership({ plan: v.plan as 'smart_track', holderId: v.holderId, validFrom: v.validFrom, validTo: v.validTo || null, signupId: signup?.id });
      notifications.show({ color: 'teal', message: t('admin.membership.created') });
      onDone();
      onClose();
    } catch (e) {
      setFailure(apiErrorText(t, toApiError(e)));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={signup ? `${t('admin.membership.convert')}: ${signup.name}` : t('admin.membership.createTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <RemoteAlert error={holders.error} onRetry={() => void holders.reload()} />
          <Select label={t('admin.membership.plan')} data={membershipPlans.map((p) => ({ value: p.plan, label: `${t(`admin.membership.${p.plan}`)} · ${t(p.per === 'event' ? 'admin.membership.perEvent' : 'admin.membership.perMonth', { price: formatRupees(p.price) })}` }))} allowDeselect={false} {...form.getInputProps('plan')} />
          <Select label={t('admin.membership.holder')} placeholder={t('admin.membership.pickHolder')} searchable data={(holders.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))} {...form.getInputProps('holderId')} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput type="date" label={t('admin.membership.validFrom')} required {...form.getInputProps('validFrom')} />
            <TextInput type="date" label={t('admin.membership.validTo')} description={t('admin.membership.validToHint')} {...form.getInputProps('validTo')} />
          </SimpleGrid>
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

function MembershipsTab() {
  const { t } = useTranslation();
  const list = useRemote(() => listMemberships(), []);
  const [creating, setCreating] = useState(false);
  const cancel = async (m: MembershipRow) => {
    try {
      await updateMembership(m.id, { status: 'cancelled' });
      notifications.show({ color: 'teal', message: t('admin.membership.updated') });
      await list.reload();
    } catch (e) {
      notifications.show({ color: 'red', message: apiErrorText(t, toApiError(e)) });
    }
  };
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="flex-end"><Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>{t('admin.membership.create')}</Button></Group>
      <RemoteAlert error={list.error} onRetry={() => void list.reload()} cachedNote={!!list.data} />
      {list.loading && !list.data ? <Text c="dimmed">{t('admin.common.loading')}</Text> : null}
      {list.data && rows.length === 0 ? <EmptyState title={t('admin.membership.empty')} hint={t('admin.membership.emptyHint')} /> : null}
      {rows.length > 0 ? (
        <Card withBorder radius="md" p={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="sm" data-testid="memberships-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.membership.holder')}</Table.Th>
                  <Table.Th>{t('admin.membership.plan')}</Table.Th>
                  <Table.Th>{t('admin.membership.validFrom')}</Table.Th>
                  <Table.Th>{t('admin.membership.validTo')}</Table.Th>
                  <Table.Th>{t('admin.membership.status')}</Table.Th>
                  <Table.Th aria-label={t('admin.common.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td><Text fw={600}>{m.holderName}</Text><Text size="xs" c="dimmed">{m.holderUsername}</Text></Table.Td>
                    <Table.Td>{t(`admin.membership.${m.plan}`)} · {formatRupees(m.price)}</Table.Td>
                    <Table.Td>{m.validFrom}</Table.Td>
                    <Table.Td>{m.validTo ?? '—'}</Table.Td>
                    <Table.Td><Badge variant="light" color={statusColor[m.status]}>{t(`admin.membership.${m.status}`)}</Badge></Table.Td>
                    <Table.Td>{m.status === 'active' ? <Button size="xs" variant="subtle" color="red" onClick={() => void cancel(m)}>{t('admin.membership.cancel')}</Button> : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : null}
      {creating ? <CreateMembershipModal signup={null} onClose={() => setCreating(false)} onDone={() => void list.reload()} /> : null}
    </Stack>
  );
}

function SignupsTab() {
  const { t } = useTranslation();
  const list = useRemote(() => listSignups(), []);
  const [converting, setConverting] = useState<SignupRow | null>(null);
  const setStatus = async (s: SignupRow, status: SignupRow['status']) => {
    try {
      await setSignupStatus(s.id, status);
      notifications.show({ color: 'teal', message: t('admin.membership.signupUpdated') });
      await list.reload();
    } catch (e) {
      notifications.show({ color: 'red', message: apiErrorText(t, toApiError(e)) });
    }
  };
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      <RemoteAlert error={list.error} onRetry={() => void list.reload()} cachedNote={!!list.data} />
      {list.loading && !list.data ? <Text c="dimmed">{t('admin.common.loading')}</Text> : null}
      {list.data && rows.length === 0 ? <EmptyState title={t('admin.membership.signupsEmpty')} hint={t('admin.membership.signupsEmptyHint')} /> : null}
      {rows.length > 0 ? (
        <Card withBorder radius="md" p={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm" data-testid="signups-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.membership.signupName')}</Table.Th>
                  <Table.Th>{t('admin.membership.signupMobile')}</Table.Th>
                  <Table.Th>{t('admin.membership.functionType')}</Table.Th>
                  <Table.Th>{t('admin.membership.plan')}</Table.Th>
                  <Table.Th>{t('admin.membership.takenBy')}</Table.Th>
                  <Table.Th>{t('admin.membership.status')}</Table.Th>
                  <Table.Th aria-label={t('admin.common.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td><Text fw={600}>{s.name}</Text>{s.village ? <Text size="xs" c="dimmed">{s.village}</Text> : null}</Table.Td>
                    <Table.Td><a href={`tel:${s.mobile}`}>{s.mobile}</a></Table.Td>
                    <Table.Td>{t(`events.functionType.${s.functionType}`)}{s.expectedDate ? ` · ${s.expectedDate}` : ''}</Table.Td>
                    <Table.Td>{t(`admin.membership.${s.plan}`)}</Table.Td>
                    <Table.Td><Text size="sm">{s.takenByName ?? '—'}</Text><Text size="xs" c="dimmed">{when.format(new Date(s.createdAt))}</Text></Table.Td>
                    <Table.Td><Badge variant="light" color={statusColor[s.status]}>{t(`admin.membership.${s.status}`)}</Badge></Table.Td>
                    <Table.Td>
                      {s.status !== 'converted' ? (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target><Button size="xs" variant="light">{t('admin.common.actions')}</Button></Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setConverting(s)}>{t('admin.membership.convert')}</Menu.Item>
                            {s.status === 'new' ? <Menu.Item onClick={() => void setStatus(s, 'contacted')}>{t('admin.membership.markContacted')}</Menu.Item> : null}
                            {s.status !== 'rejected' ? <Menu.Item color="red" onClick={() => void setStatus(s, 'rejected')}>{t('admin.membership.markRejected')}</Menu.Item> : null}
                          </Menu.Dropdown>
                        </Menu>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : null}
      {converting ? <CreateMembershipModal signup={converting} onClose={() => setConverting(null)} onDone={() => void list.reload()} /> : null}
    </Stack>
  );
}

export default function AdminMembershipPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('memberships');
  return (
    <AdminPage title={t('admin.membership.title')} intro={t('admin.membership.intro')}>
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
