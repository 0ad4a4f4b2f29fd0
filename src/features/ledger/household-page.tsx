// /ledger/household — the family shares one moi ledger (issue 30): the host invites members by mobile
// or by a link, with a role (view / edit), changes a role or removes a member; a member takes an
// invitation (?join=<token> from the link, or one waiting for their mobile), opens the ledgers shared
// with them and chooses whether the due list's reminders reach them. Online only (the server decides
// membership); what is shared still opens offline through the ledger pages.
import { Alert, Anchor, Badge, Button, Card, CopyButton, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { HouseholdResponse } from '../../../contract/ledger-household';
import { AdminPage } from '../../components/management/page';
import {
  changeFamilyRole, inviteFamilyMember, joinHousehold, joinLink, loadHousehold, removeFamilyMember, setFamilyReminders,
} from '../../data/household-repo';
import { ApiRequestError } from '../../lib/api';

type Role = 'view' | 'edit';

export default function HouseholdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const joinToken = params.get('join');
  const [data, setData] = useState<HouseholdResponse | null>(null);
  const [offline, setOffline] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [mobile, setMobile] = useState('');
  const [role, setRole] = useState<Role>('edit');
  const [mobileError, setMobileError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setData(await loadHousehold());
      setOffline(false);
    } catch (e) {
      if (e instanceof ApiRequestError && e.isNetwork) setOffline(true);
      else setFailure(e instanceof Error ? e.message : String(e));
    }
  }, []);
  useEffect(() => { void reload(); }, [reload]);

  const act = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      setFailure(null);
      if (done) setNotice(done);
      await reload();
    } catch (e) {
      setFailure(e instanceof ApiRequestError && e.isNetwork ? t('household.offline') : e instanceof Error ? e.message : String(e));
    }
  };

  const invite = async () => {
    if (!/^(\d{10})?$/.test(mobile)) {
      setMobileError(t('household.invite.needMobile'));
      return;
    }
    setMobileError(null);
    await act(async () => {
      const r = await inviteFamilyMember({ label: label.trim(), mobile, role });
      setLink(joinLink(r.token));
      setLabel('');
      setMobile('');
    });
  };

  const join = async (how: { token: string } | { inviteId: string }) => {
    try {
      const r = await joinHousehold(how);
      setNotice(t('household.join.joined'));
      setFailure(null);
      if ('token' in how) setParams((p) => { const q = new URLSearchParams(p); q.delete('join'); return q; }, { replace: true });
      await reload();
      return r.ownerId;
    } catch (e) {
      setFailure(e instanceof ApiRequestError && e.isNetwork ? t('household.offline') : t('household.join.failed'));
      return null;
    }
  };

  const roleData = (['edit', 'view'] as const).map((r) => ({ value: r, label: t(`household.roles.${r}`) }));
  const nameOf = (m: HouseholdResponse['members'][number]) => m.memberName || m.label || m.mobile;

  return (
    <AdminPage title={t('pages.ledgerHousehold.title')} intro={t('household.intro')}>
      {offline ? <Alert color="yellow">{t('household.offline')}</Alert> : null}
      {notice ? <Alert color="teal" withCloseButton onClose={() => setNotice(null)} data-testid="household-notice">{notice}</Alert> : null}
      {failure ? <Alert color="red" withCloseButton onClose={() => setFailure(null)}>{failure}</Alert> : null}

      {joinToken ? (
        <Card withBorder radius="md" maw={760}>
          <Stack>
            <Title order={4}>{t('household.join.title')}</Title>
            <Group><Button onClick={() => void join({ token: joinToken })}>{t('household.join.accept')}</Button></Group>
          </Stack>
        </Card>
      ) : null}

      {data?.waiting.length ? (
        <Card withBorder radius="md" maw={760}>
          <Stack gap="xs">
            <Title order={4}>{t('household.waiting.title')}</Title>
            {data.waiting.map((w) => (
              <Group key={w.id} justify="space-between" wrap="wrap">
                <Text>{t('household.waiting.from', { name: w.ownerName, role: t(`household.roleShort.${w.role}`) })}</Text>
                <Button size="xs" onClick={() => void join({ inviteId: w.id })}>{t('household.waiting.accept')}</Button>
              </Group>
            ))}
          </Stack>
        </Card>
      ) : null}

      {data?.sharedWithMe.length ? (
        <Card withBorder radius="md" maw={760}>
          <Stack gap="sm">
            <Title order={4}>{t('household.shared.title')}</Title>
            {data.sharedWithMe.map((s) => (
              <Stack key={s.id} gap={4} data-testid="shared-ledger">
                <Group justify="space-between" wrap="wrap">
                  <Group gap="xs">
                    <Text fw={600}>{t('household.familyLedger', { name: s.ownerName })}</Text>
                    <Badge variant="light">{t(`household.roleShort.${s.role}`)}</Badge>
                  </Group>
                  <Button size="xs" variant="light" onClick={() => navigate(`/ledger/people?owner=${encodeURIComponent(s.ownerId)}`)}>{t('household.shared.open')}</Button>
                </Group>
                <Switch
                  label={t('household.shared.reminders')}
                  checked={s.reminders}
                  onChange={(e) => { const on = e.currentTarget.checked; void act(() => setFamilyReminders(s.id, on)); }}
                />
              </Stack>
            ))}
          </Stack>
        </Card>
      ) : null}

      <Card withBorder radius="md" maw={760}>
        <form onSubmit={(ev) => { ev.preventDefault(); void invite(); }}>
          <Stack>
            <Title order={4}>{t('household.invite.title')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('household.invite.label')} description={t('household.invite.labelHint')} value={label} onChange={(e) => setLabel(e.currentTarget.value)} maxLength={80} />
              <TextInput label={t('household.invite.mobile')} description={t('household.invite.mobileHint')} value={mobile} inputMode="numeric" maxLength={10}
                onChange={(e) => setMobile(e.currentTarget.value.replace(/\D/g, ''))} error={mobileError} />
            </SimpleGrid>
            <Select label={t('household.invite.role')} data={roleData} value={role} onChange={(v) => v && setRole(v as Role)} allowDeselect={false} maw={440} />
            <Group><Button type="submit" disabled={offline}>{t('household.invite.submit')}</Button></Group>
            {link ? (
              <Alert color="blue" data-testid="household-link">
                <Stack gap={6}>
                  <Text size="sm">{t('household.invite.link')}</Text>
                  <Text size="sm" style={{ wordBreak: 'break-all' }} ff="monospace">{link}</Text>
                  <Group gap="xs">
                    <CopyButton value={link}>{({ copied, copy }) => <Button size="xs" variant="light" onClick={copy}>{copied ? t('household.invite.copied') : t('household.invite.copy')}</Button>}</CopyButton>
                    <Anchor size="sm" href={`https://wa.me/?text=${encodeURIComponent(t('household.invite.whatsappText', { link }))}`} target="_blank" rel="noopener noreferrer">{t('household.invite.whatsapp')}</Anchor>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
          </Stack>
        </form>
      </Card>

      <Card withBorder radius="md" maw={760}>
        <Stack gap="sm">
          <Title order={4}>{t('household.members.title')}</Title>
          {data && data.members.length === 0 ? <Text c="dimmed" size="sm">{t('household.members.empty')}</Text> : null}
          {data?.members.map((m) => (
            <Stack key={m.id} gap={6} data-testid="household-member">
              <Group justify="space-between" wrap="wrap" align="flex-end">
                <Stack gap={0}>
                  <Text fw={600}>{nameOf(m)}</Text>
                  <Text size="sm" c="dimmed">{[nameOf(m) === m.mobile ? '' : m.mobile, m.memberId ? t('household.members.joined') : t('household.members.waiting')].filter(Boolean).join(' · ')}</Text>
                </Stack>
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <Select aria-label={t('household.members.role', { name: nameOf(m) })} data={(['edit', 'view'] as const).map((r) => ({ value: r, label: t(`household.roleShort.${r}`) }))}
                    value={m.role} onChange={(v) => v && v !== m.role && void act(() => changeFamilyRole(m.id, v as Role))} allowDeselect={false} w={130} />
                  {confirming === m.id ? null : <Button color="red" variant="light" onClick={() => setConfirming(m.id)}>{t('household.members.remove')}</Button>}
                </Group>
              </Group>
              {confirming === m.id ? (
                <Alert color="red">
                  <Stack gap={6}>
                    <Text size="sm">{t('household.members.removeConfirm', { name: nameOf(m) })}</Text>
                    <Group gap="xs">
                      <Button size="xs" color="red" onClick={() => { setConfirming(null); void act(() => removeFamilyMember(m.id), t('household.members.removed', { name: nameOf(m) })); }}>{t('household.members.remove')}</Button>
                      <Button size="xs" variant="default" onClick={() => setConfirming(null)}>{t('common.cancel')}</Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : null}
            </Stack>
          ))}
        </Stack>
      </Card>
    </AdminPage>
  );
}
