// /partners — a hall's (or venue's) page for its admins, and every hall for the service admin
// (issue 29): details (names, GSTIN, address, brand colour, receipt footer), the staff pool, the
// events, the Partner Track's state with a way to pay, invoices and the monthly statement.
import { Alert, Button, Card, FileInput, Group, Image, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ORG_LOGO_MAX_BYTES, type OrgBody } from '../../../contract/billing';
import { RemoteStatus } from '../../components/management/api-error';
import { AdminPage } from '../../components/management/page';
import { listStaff } from '../../lib/admin-api';
import { useCurrentUser } from '../../lib/auth-store';
import { createOrg, createOrgEvent, getOrg, listOrgs, orgLogoUrl, orgStatement, removeOrgMember, setOrgMember, subscribeOrg, updateOrg, uploadOrgLogo, type OrgPage } from '../../lib/billing-api';
import { toApiError, useRemote } from '../../lib/use-remote';
import { billingErrorText, InvoiceTable, SubscriptionBadge } from './billing-parts';

type Msg = { ok: boolean; text: string } | null;
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

function DetailsForm({ page, onSaved }: { page: OrgPage; onSaved: () => void }) {
  const { t } = useTranslation();
  const o = page.org;
  const [f, setF] = useState({ nameTa: o.nameTa ?? '', nameEn: o.nameEn ?? '', gstin: o.gstin ?? '', address: o.address, stateCode: o.stateCode ?? '', brandColour: o.brandColour ?? '#8a1c2b', receiptFooter: o.receiptFooter });
  const [msg, setMsg] = useState<Msg>(null);
  const set = (k: keyof typeof f) => (e: { currentTarget: { value: string } }) => { const v = e.currentTarget.value; setF((x) => ({ ...x, [k]: v })); };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: OrgBody = { nameTa: f.nameTa || null, nameEn: f.nameEn || null, gstin: f.gstin || null, address: f.address, stateCode: f.stateCode || null, brandColour: f.brandColour || null, receiptFooter: f.receiptFooter };
    updateOrg(o.id, body).then(() => { setMsg({ ok: true, text: t('billing.org.saved') }); onSaved(); }, (err: unknown) => setMsg({ ok: false, text: billingErrorText(t, toApiError(err)) }));
  };
  return (
    <Card withBorder radius="md">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h4">{t('billing.org.details')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('billing.org.nameTa')} value={f.nameTa} onChange={set('nameTa')} lang="ta" />
            <TextInput label={t('billing.org.nameEn')} value={f.nameEn} onChange={set('nameEn')} />
            <TextInput label={t('billing.org.gstin')} value={f.gstin} onChange={set('gstin')} maxLength={15} />
            <TextInput label={t('billing.org.stateCode')} value={f.stateCode} onChange={set('stateCode')} maxLength={2} inputMode="numeric" />
          </SimpleGrid>
          <TextInput label={t('billing.org.address')} value={f.address} onChange={set('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('billing.org.brandColour')} type="color" value={f.brandColour} onChange={set('brandColour')} />
            <TextInput label={t('billing.org.receiptFooter')} value={f.receiptFooter} onChange={set('receiptFooter')} maxLength={300} />
          </SimpleGrid>
          <Group><Button type="submit">{t('billing.org.save')}</Button></Group>
          {msg && <Alert color={msg.ok ? 'green' : 'red'} role="status">{msg.text}</Alert>}
        </Stack>
      </form>
    </Card>
  );
}

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The hall's logo (issue 29): shown as its receipts and the book's cover show it; a new one uploaded, or removed. */
function LogoCard({ page, onSaved }: { page: OrgPage; onSaved: () => void }) {
  const { t } = useTranslation();
  const o = page.org;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<Msg>(null);
  const name = o.nameTa || o.nameEn || '';
  // Checked here first (the server checks again, by the file's bytes).
  const problem = !file ? null : !LOGO_TYPES.includes(file.type) ? t('billing.logo.badType') : file.size > ORG_LOGO_MAX_BYTES ? t('billing.logo.tooLarge', { kb: ORG_LOGO_MAX_BYTES / 1024 }) : null;
  const fail = (err: unknown) => { setBusy(false); setMsg({ ok: false, text: billingErrorText(t, toApiError(err)) }); };
  const upload = () => {
    if (!file || problem) return;
    setBusy(true);
    uploadOrgLogo(o.id, file, file.name).then(() => { setBusy(false); setFile(null); setMsg({ ok: true, text: t('billing.logo.saved') }); onSaved(); }, fail);
  };
  const remove = () => updateOrg(o.id, { logoFileId: null }).then(() => { setMsg({ ok: true, text: t('billing.logo.removed') }); onSaved(); }, fail);
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('billing.logo.title')}</Title>
        <Text size="sm" c="dimmed">{t('billing.logo.intro', { kb: ORG_LOGO_MAX_BYTES / 1024 })}</Text>
        <Group align="center" gap="md" wrap="wrap">
          {o.logoFileId
            ? <Image src={orgLogoUrl(o.logoFileId)} alt={t('billing.logo.alt', { name })} h={64} w="auto" maw={220} fit="contain" data-testid="org-logo" />
            : <Text size="sm" c="dimmed">{t('billing.logo.none')}</Text>}
          {o.brandColour && <Text fw={700} style={{ color: o.brandColour }}>{name}</Text>}
        </Group>
        <Group align="flex-end" wrap="wrap">
          <FileInput label={t('billing.logo.file')} accept={LOGO_TYPES.join(',')} value={file} onChange={(f) => { setFile(f); setMsg(null); }}
            placeholder={t('billing.logo.choose')} clearable error={problem} style={{ flex: '1 1 240px' }} />
          <Button onClick={upload} disabled={!file || !!problem} loading={busy}>{t('billing.logo.upload')}</Button>
          {o.logoFileId && <Button variant="subtle" color="red" onClick={remove}>{t('billing.logo.remove')}</Button>}
        </Group>
        {msg && <Alert color={msg.ok ? 'green' : 'red'} role="status">{msg.text}</Alert>}
      </Stack>
    </Card>
  );
}

function StaffPool({ page, onChanged }: { page: OrgPage; onChanged: () => void }) {
  const { t } = useTranslation();
  const staff = useRemote(() => listStaff(), []);
  const [pick, setPick] = useState('');
  const [msg, setMsg] = useState<Msg>(null);
  const pool = page.members.filter((m) => m.role === 'staff');
  const admins = page.members.filter((m) => m.role === 'admin');
  const candidates = (staff.data ?? []).filter((u) => !pool.some((p) => p.userId === u.id));
  const fail = (err: unknown) => setMsg({ ok: false, text: billingErrorText(t, toApiError(err)) });
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('billing.org.staff')}</Title>
        <Text size="sm" c="dimmed">{t('billing.org.staffIntro')}</Text>
        {pool.length === 0 ? <Text size="sm" c="dimmed">{t('billing.org.noStaff')}</Text> : (
          <Stack gap={4}>
            {pool.map((m) => (
              <Group key={m.userId} justify="space-between" wrap="nowrap">
                <Text size="sm">{m.name || m.username} <Text span c="dimmed" size="xs">@{m.username}</Text></Text>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => removeOrgMember(page.org.id, m.userId).then(onChanged, fail)}>{t('billing.org.remove')}</Button>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="flex-end" wrap="wrap">
          <NativeSelect label={t('billing.org.pickStaff')} value={pick} onChange={(e) => setPick(e.currentTarget.value)} style={{ flex: '1 1 220px' }}
            data={[{ value: '', label: '—' }, ...candidates.map((u) => ({ value: u.id, label: `${u.name || u.username} (@${u.username})` }))]} />
          <Button disabled={!pick} onClick={() => setOrgMember(page.org.id, pick, 'staff').then(() => { setPick(''); setMsg(null); onChanged(); }, fail)}>{t('billing.org.addStaff')}</Button>
        </Group>
        {admins.length > 0 && <Text size="sm"><b>{t('billing.org.admins')}:</b> {admins.map((a) => a.name || a.username).join(', ')}</Text>}
        {msg && <Alert color="red" role="status">{msg.text}</Alert>}
      </Stack>
    </Card>
  );
}

function PlanCard({ page }: { page: OrgPage }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [msg, setMsg] = useState<Msg>(null);
  const active = page.plan.entitled;
  const pay = () => {
    // The tab is opened before the request, in the click, so the browser does not block it.
    const tab = window.open('', '_blank');
    subscribeOrg(page.org.id).then((r) => {
      setUrl(r.shortUrl);
      if (tab) tab.location.href = r.shortUrl;
      setMsg({ ok: true, text: t('billing.plan.payOpened') });
    }, (err: unknown) => { tab?.close(); setMsg({ ok: false, text: billingErrorText(t, toApiError(err)) }); });
  };
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">{t('billing.plans.partner_track')} · {t('billing.price.partner_track')}</Title>
          <SubscriptionBadge plan={page.plan} />
        </Group>
        {!active && <Group><Button onClick={pay}>{t('billing.plan.payPartner')}</Button></Group>}
        {url && <Text size="sm"><a href={url} target="_blank" rel="noreferrer">{t('billing.plan.openPay')}</a></Text>}
        {msg && <Alert color={msg.ok ? 'blue' : 'red'} role="status">{msg.text}</Alert>}
        <Title order={4} size="h5">{t('billing.invoices.title')}</Title>
        <InvoiceTable rows={page.invoices} />
      </Stack>
    </Card>
  );
}

function EventsCard({ page, onChanged }: { page: OrgPage; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [msg, setMsg] = useState<Msg>(null);
  const create = (e: FormEvent) => {
    e.preventDefault();
    const ta = /[\u0B80-\u0BFF]/.test(title);
    createOrgEvent(page.org.id, { functionType: 'wedding', date, titleTa: ta ? title : null, titleEn: ta ? null : title, venue: page.org.nameEn ?? page.org.nameTa ?? '', hostNames: '', thankYouNote: '' })
      .then(() => { setTitle(''); setDate(''); setMsg(null); onChanged(); }, (err: unknown) => setMsg({ ok: false, text: billingErrorText(t, toApiError(err)) }));
  };
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('billing.org.events')}</Title>
        {page.events.length === 0 ? <Text size="sm" c="dimmed">{t('billing.org.noEvents')}</Text> : (
          <Stack gap={4}>
            {page.events.map((e) => (
              <Group key={e.id} justify="space-between" wrap="nowrap">
                <Text size="sm">{(i18n.language === 'ta' ? e.titleTa || e.titleEn : e.titleEn || e.titleTa) ?? ''} · {e.date}</Text>
                <Text size="xs" c={e.entitled ? 'green' : 'red'}>{t(`billing.plans.${(e.entitled ?? 'none') as 'none'}`)}</Text>
              </Group>
            ))}
          </Stack>
        )}
        <form onSubmit={create}>
          <Group align="flex-end" wrap="wrap">
            <TextInput label={t('billing.org.eventTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required style={{ flex: '2 1 200px' }} />
            <TextInput label={t('billing.org.eventDate')} type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} required style={{ flex: '1 1 140px' }} />
            <Button type="submit">{t('billing.org.createEvent')}</Button>
          </Group>
        </form>
        {msg && <Alert color="red" role="status">{msg.text}</Alert>}
      </Stack>
    </Card>
  );
}

function Statement({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const remote = useRemote(() => orgStatement(orgId), [orgId]);
  const rows = remote.data ?? [];
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('billing.statement.title')}</Title>
        {rows.length === 0 ? <Text size="sm" c="dimmed">{t('billing.statement.none')}</Text> : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Thead><Table.Tr>
                <Table.Th>{t('billing.statement.month')}</Table.Th><Table.Th ta="right">{t('billing.statement.events')}</Table.Th>
                <Table.Th ta="right">{t('billing.statement.gifts')}</Table.Th><Table.Th ta="right">{t('billing.statement.amount')}</Table.Th>
                <Table.Th ta="right">{t('billing.statement.messages')}</Table.Th>
              </Table.Tr></Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.month}>
                    <Table.Td>{r.month}</Table.Td><Table.Td ta="right">{r.events}</Table.Td><Table.Td ta="right">{r.gifts}</Table.Td>
                    <Table.Td ta="right">{rupees(r.amount)}</Table.Td><Table.Td ta="right">{r.messages}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function NewOrg({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const [nameEn, setNameEn] = useState('');
  const [nameTa, setNameTa] = useState('');
  const [msg, setMsg] = useState<Msg>(null);
  return (
    <Card withBorder radius="md">
      <form onSubmit={(e) => {
        e.preventDefault();
        createOrg({ nameEn: nameEn || null, nameTa: nameTa || null }).then((o) => { setNameEn(''); setNameTa(''); onCreated(o.id); }, (err: unknown) => setMsg({ ok: false, text: billingErrorText(t, toApiError(err)) }));
      }}>
        <Group align="flex-end" wrap="wrap">
          <TextInput label={t('billing.org.nameTa')} value={nameTa} onChange={(e) => setNameTa(e.currentTarget.value)} style={{ flex: '1 1 200px' }} />
          <TextInput label={t('billing.org.nameEn')} value={nameEn} onChange={(e) => setNameEn(e.currentTarget.value)} style={{ flex: '1 1 200px' }} />
          <Button type="submit" disabled={!nameEn && !nameTa}>{t('billing.org.create')}</Button>
        </Group>
        {msg && <Alert mt="sm" color="red" role="status">{msg.text}</Alert>}
      </form>
    </Card>
  );
}

export default function PartnersPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const [tick, setTick] = useState(0);
  const orgs = useRemote(() => listOrgs(), [tick]);
  const [orgId, setOrgId] = useState<string | null>(null);
  useEffect(() => {
    if (!orgId && orgs.data?.length) setOrgId(orgs.data[0].id);
  }, [orgs.data, orgId]);
  const page = useRemote(() => (orgId ? getOrg(orgId) : Promise.resolve(null)), [orgId, tick]);
  const reload = () => setTick((n) => n + 1);
  const name = (o: { nameTa: string | null; nameEn: string | null }) => (i18n.language === 'ta' ? o.nameTa || o.nameEn : o.nameEn || o.nameTa) ?? '';
  return (
    <AdminPage title={t('pages.partners.title')} intro={t('pages.partners.empty')}>
      <Stack gap="md">
        {user?.role === 'app_admin' && <NewOrg onCreated={(id) => { setOrgId(id); reload(); }} />}
        {orgs.data && orgs.data.length === 0 && user?.role !== 'app_admin' && <Alert color="gray">{t('billing.org.none')}</Alert>}
        {orgs.data && orgs.data.length > 0 && (
          <NativeSelect label={t('billing.org.choose')} value={orgId ?? ''} onChange={(e) => setOrgId(e.currentTarget.value)} maw={480}
            data={orgs.data.map((o) => ({ value: o.id, label: name(o) }))} />
        )}
        <RemoteStatus remote={orgs} empty={false} emptyTitle="" />
        {page.data && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} key={page.data.org.id}>
            <Stack gap="md">
              <PlanCard page={page.data} />
              <EventsCard page={page.data} onChanged={reload} />
            </Stack>
            <Stack gap="md">
              <DetailsForm page={page.data} onSaved={reload} />
              <LogoCard page={page.data} onSaved={reload} />
              <StaffPool page={page.data} onChanged={reload} />
              <Statement orgId={page.data.org.id} />
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </AdminPage>
  );
}
