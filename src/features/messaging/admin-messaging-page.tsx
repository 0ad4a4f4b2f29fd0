// /admin/messaging — the app admin's view of messaging (issue 15): the provider as the server is
// configured (secrets never shown back), a test send, the templates with their SMS part count, and
// the outbox with each message's state. Online only.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VAR, messageStates, smsParts, type MessageState, type OutboxRow, type TemplateKey } from '../../../contract/messaging';
import { AdminPage } from '../../components/management/page';
import { AdminTable } from '../../components/management/admin-table';
import { RemoteStatus, apiErrorText } from '../../components/management/api-error';
import { formatDate } from '../../lib/format';
import { getProvider, listOutbox, listTemplates, optOut, saveTemplate, testSend, type TemplateRow } from '../../lib/messaging-api';
import { toApiError, useRemote } from '../../lib/use-remote';

const stateColor: Record<MessageState, string> = { pending: 'gray', sending: 'blue', sent: 'teal', delivered: 'green', failed: 'red', given_up: 'orange', cancelled: 'gray' };
/** Sample values for the part count: as long as typical real ones. */
const sample: Record<string, string> = { receiptNo: 'A-T7-0042', amount: '₹1,001', event: 'செல்வம் – மீனாட்சி திருமணம்', thanks: 'தங்கள் வருகைக்கு நன்றி!', link: 'https://moi.example.in/r/AbCdEfGhIjKlMnOpQrStUv', count: '128', total: '₹1,22,549', time: '14:05', counter: 'A', cash: '₹58,000', date: '2026-11-22', server: 'moi.example.in' };

function ProviderCard() {
  const { t } = useTranslation();
  const p = useRemote(getProvider, []);
  const [to, setTo] = useState('');
  const [lang, setLang] = useState<'ta' | 'en'>('ta');
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const none = p.data?.provider === 'none';
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={3} size="h4">{t('messaging.provider.title')}</Title>
          <RemoteStatus remote={p} empty={false} emptyTitle="" />
          {p.data && (
            <>
              <Group gap="xs"><Text c="dimmed">{t('messaging.provider.name')}:</Text><Text fw={700} data-testid="provider-name">{none ? t('messaging.provider.none') : p.data.provider}</Text></Group>
              {p.data.channel && <Group gap="xs"><Text c="dimmed">{t('messaging.provider.channel')}:</Text><Text fw={600}>{t(`messaging.channel.${p.data.channel}`)}</Text></Group>}
              {p.data.publicUrl && <Group gap="xs"><Text c="dimmed">{t('messaging.provider.publicUrl')}:</Text><Text fw={600} style={{ overflowWrap: 'anywhere' }}>{p.data.publicUrl}</Text></Group>}
              {p.data.settings.length > 0 && (
                <AdminTable bare minWidth={320} rows={p.data.settings} rowKey={(s) => s.name} columns={[
                  { key: 'n', header: t('messaging.provider.setting'), cell: (s) => <code>{s.name}</code> },
                  { key: 'v', header: t('messaging.provider.value'), cell: (s) => (s.set ? (s.secret ? <Badge color="gray" variant="light">{t('messaging.provider.secretSet')}</Badge> : <span style={{ overflowWrap: 'anywhere' }}>{s.value}</span>) : <Badge color="red" variant="light">{t('messaging.provider.notSet')}</Badge>) },
                ]} />
              )}
              <Text size="sm" c="dimmed">{t('messaging.provider.hint')}</Text>
            </>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <form onSubmit={(e) => {
          e.preventDefault();
          setMsg(null);
          testSend(to, lang).then(() => setMsg({ ok: true, text: t('messaging.test.queued') }), (err: unknown) => setMsg({ ok: false, text: apiErrorText(t, toApiError(err)) }));
        }}>
          <Stack gap="xs">
            <Title order={3} size="h4">{t('messaging.test.title')}</Title>
            <TextInput label={t('messaging.test.to')} inputMode="numeric" value={to} onChange={(e) => setTo(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))} required />
            <NativeSelect label={t('messaging.test.lang')} value={lang} onChange={(e) => setLang(e.currentTarget.value as 'ta' | 'en')} data={[{ value: 'ta', label: t('messaging.lang.ta') }, { value: 'en', label: t('messaging.lang.en') }]} />
            <Group><Button type="submit" disabled={to.length !== 10 || none}>{t('messaging.test.send')}</Button></Group>
            {msg && <Alert color={msg.ok ? 'green' : 'red'} role="status">{msg.text}</Alert>}
          </Stack>
        </form>
      </Card>
    </SimpleGrid>
  );
}

function TemplatesCard() {
  const { t } = useTranslation();
  const remote = useRemote(listTemplates, []);
  const [rows, setRows] = useState<TemplateRow[] | null>(null);
  const list = rows ?? remote.data ?? [];
  const [sel, setSel] = useState('giver_receipt:ta');
  const current = list.find((r) => `${r.key}:${r.lang}` === sel);
  const [selKey, selLang] = sel.split(':') as [string, string];
  const [draft, setDraft] = useState<TemplateRow | null>(null);
  const [vars, setVars] = useState('');
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    setDraft(current ?? null);
    setVars(current?.variables.join(', ') ?? '');
    setMsg(null);
  }, [current]);
  const parts = useMemo(() => {
    if (!draft) return null;
    const names = vars.split(',').map((s) => s.trim()).filter(Boolean);
    let i = 0;
    // Side-by-side placeholders of one value (DLT's 30 characters a variable) hold it once between them.
    const fill = (n: number) => (names[n] !== undefined && names[n] === names[n - 1] ? '' : sample[names[n]] ?? 'xxxxxxxxxx');
    const text = draft.body.split(VAR).reduce((acc, part, k) => (k === 0 ? part : `${acc}${fill(i++)}${part}`), '');
    return smsParts(text);
  }, [draft, vars]);
  if (!draft) return <Card withBorder radius="md"><Title order={3} size="h4">{t('messaging.templates.title')}</Title><RemoteStatus remote={remote} empty={false} emptyTitle="" /></Card>;
  const set = (k: keyof TemplateRow, v: string) => setDraft({ ...draft, [k]: v });
  return (
    <Card withBorder radius="md">
      <form onSubmit={(e) => {
        e.preventDefault();
        const { custom: _custom, ...tpl } = draft;
        void _custom;
        saveTemplate({ ...tpl, variables: vars.split(',').map((s) => s.trim()).filter(Boolean) })
          .then((r) => { setRows(r); setMsg({ ok: true, text: t('messaging.templates.saved') }); }, (err: unknown) => setMsg({ ok: false, text: apiErrorText(t, toApiError(err)) }));
      }}>
        <Stack gap="xs">
          <Title order={3} size="h4">{t('messaging.templates.title')}</Title>
          {/* Template and language as two short selects (one long "name · language · saved" option was cut
              off on phones, in Tamil most of all); whether it is built in or saved shows as a badge. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <NativeSelect label={t('messaging.templates.template')} value={selKey}
              onChange={(e) => { const k = e.currentTarget.value; setSel(`${k}:${list.some((r) => r.key === k && r.lang === selLang) ? selLang : (list.find((r) => r.key === k)?.lang ?? selLang)}`); }}
              data={[...new Set(list.map((r) => r.key))].map((k) => ({ value: k, label: t(`messaging.templates.key.${k as TemplateKey}`) }))} />
            <NativeSelect label={t('messaging.templates.lang')} value={selLang} onChange={(e) => setSel(`${selKey}:${e.currentTarget.value}`)}
              data={list.filter((r) => r.key === selKey).map((r) => ({ value: r.lang, label: t(`messaging.lang.${r.lang}`) }))} />
          </SimpleGrid>
          <Group gap="xs">
            <Badge variant="light" color={draft.custom ? 'blue' : 'gray'} data-testid="template-origin">{draft.custom ? t('messaging.templates.custom') : t('messaging.templates.builtIn')}</Badge>
          </Group>
          <Textarea label={t('messaging.templates.body')} autosize minRows={3} value={draft.body} onChange={(e) => set('body', e.currentTarget.value)} />
          {parts && (
            <Text size="sm" data-testid="sms-parts" fw={600}>
              {t('messaging.templates.parts', { units: parts.units, parts: parts.parts, encoding: parts.encoding === 'ucs2' ? 'Unicode' : 'GSM-7', perPart: parts.perPart })}
            </Text>
          )}
          <Text size="xs" c="dimmed">{t('messaging.templates.partsNote')}</Text>
          <TextInput label={t('messaging.templates.variables')} value={vars} onChange={(e) => setVars(e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <TextInput label={t('messaging.templates.dltTemplateId')} inputMode="numeric" value={draft.dltTemplateId} onChange={(e) => set('dltTemplateId', e.currentTarget.value)} />
            <TextInput label={t('messaging.templates.waTemplateName')} value={draft.waTemplateName} onChange={(e) => set('waTemplateName', e.currentTarget.value)} />
            <TextInput label={t('messaging.templates.waLanguage')} value={draft.waLanguage} onChange={(e) => set('waLanguage', e.currentTarget.value)} />
          </SimpleGrid>
          <Group><Button type="submit">{t('messaging.templates.save')}</Button></Group>
          {msg && <Alert color={msg.ok ? 'green' : 'red'} role="status">{msg.text}</Alert>}
        </Stack>
      </form>
    </Card>
  );
}

function OutboxCard() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState('');
  const remote = useRemote(() => listOutbox(state || undefined), [state]);
  const rows = remote.data ?? [];
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="end">
          <Title order={3} size="h4">{t('messaging.outbox.title')}</Title>
          <Group align="end">
            <NativeSelect label={t('messaging.outbox.state')} value={state} onChange={(e) => setState(e.currentTarget.value)}
              data={[{ value: '', label: t('messaging.outbox.all') }, ...messageStates.map((s) => ({ value: s, label: t(`messaging.outbox.states.${s}`) }))]} />
            <Button variant="light" onClick={() => void remote.reload()}>{t('messaging.outbox.refresh')}</Button>
          </Group>
        </Group>
        <RemoteStatus remote={remote} empty={rows.length === 0} emptyTitle={t('messaging.outbox.empty')} />
        {rows.length > 0 && (
          <AdminTable<OutboxRow> bare testId="outbox" rows={rows} rowKey={(r) => r.id} minWidth={720} columns={[
            { key: 'k', header: t('messaging.outbox.kind'), cell: (r) => t(`messaging.templates.key.${r.templateKey as TemplateKey}`), strong: true },
            { key: 'to', header: t('messaging.outbox.to'), cell: (r) => <span dir="ltr">{r.recipient}</span> },
            { key: 's', header: t('messaging.outbox.state'), cell: (r) => <Badge color={stateColor[r.state]} variant="light">{t(`messaging.outbox.states.${r.state}`)}</Badge> },
            { key: 'a', header: t('messaging.outbox.attempts'), cell: (r) => r.attempts, align: 'right' },
            { key: 'c', header: t('messaging.outbox.created'), cell: (r) => formatDate(r.createdAt, 'dayTime', i18n.language) },
            { key: 'r', header: t('messaging.outbox.reason'), cell: (r) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{r.reason ?? ''}</Text> },
          ]} />
        )}
      </Stack>
    </Card>
  );
}

/** Stop all messages to a mobile (a giver who asked by phone or at the counter): queued ones are cancelled. */
function OptOutCard() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <Card withBorder radius="md">
      <form onSubmit={(e) => {
        e.preventDefault();
        setMsg(null);
        setBusy(true);
        optOut(mobile).then(
          () => { setMsg({ ok: true, text: t('messaging.optOut.done', { mobile }) }); setMobile(''); },
          (err: unknown) => setMsg({ ok: false, text: apiErrorText(t, toApiError(err)) }),
        ).finally(() => setBusy(false));
      }}>
        <Stack gap="xs">
          <Title order={3} size="h4">{t('messaging.optOut.title')}</Title>
          <Text size="sm" c="dimmed">{t('messaging.optOut.hint')}</Text>
          <TextInput label={t('messaging.optOut.mobile')} inputMode="numeric" autoComplete="off" value={mobile}
            onChange={(e) => setMobile(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))} required />
          <Group><Button type="submit" color="red" variant="light" loading={busy} disabled={mobile.length !== 10}>{t('messaging.optOut.stop')}</Button></Group>
          {msg && <Alert color={msg.ok ? 'green' : 'red'} role="status">{msg.text}</Alert>}
        </Stack>
      </form>
    </Card>
  );
}

export default function AdminMessagingPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('pages.adminMessaging.title')} intro={t('messaging.intro')}>
      <Stack gap="md">
        <ProviderCard />
        <TemplatesCard />
        <OptOutCard />
        <OutboxCard />
      </Stack>
    </AdminPage>
  );
}
