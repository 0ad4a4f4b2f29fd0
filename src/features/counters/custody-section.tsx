// The event admin's side of the custody chain (issue 18) on /event/counter: opening a counter with
// a float, the blind count at close, each counter's chain with "Hand over cash", what the event
// admin holds, and the host's nominees (name, mobile, PIN — hashed on this device). All through the
// device's outbox: works offline.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OpeningFloat } from '../../../contract/entities';
import { BlindCount } from '../../components/custody/blind-count';
import { AdminCustody, CounterCustody } from '../../components/custody/counter-custody';
import { FloatInput } from '../../components/custody/float-input';
import { tallyDraftKey } from '../../components/cash-tally-form';
import { useCustodyActions } from '../../data/custody-actions';
import { explainCount, saveBlindCount, saveNominee, useEventCustody, type EventCustody } from '../../data/custody-repo';
import type { LocalCounter, LocalNominee } from '../../data/db';
import { sealDraft } from '../../lib/drafts';
import { requireSignedInUser, useCurrentUser } from '../../lib/auth-store';

export function OpenCounterModal({ counter, onClose, onOpen }: { counter: LocalCounter; onClose: () => void; onOpen: (f: OpeningFloat | null) => Promise<void> }) {
  const { t } = useTranslation();
  const [float, setFloat] = useState<OpeningFloat | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title={t('custody.float.open', { code: counter.code })} size="lg" centered>
      <Stack>
        <Title order={4}>{t('custody.float.title')}</Title>
        <FloatInput onChange={setFloat} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
          <Button color="teal" loading={busy} onClick={() => { setBusy(true); void onOpen(float).finally(() => { setBusy(false); onClose(); }); }}>{t('custody.float.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The event admin closes a counter with a blind count; the figures show once it is saved. */
export function BlindCloseModal({ counter, onClose }: { counter: LocalCounter; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('admin.counters.closeTitle', { code: counter.code })} size="lg" centered>
      <BlindCount counter={counter} submitLabel={t('admin.counters.closeSubmit')} onCancel={onClose}
        onSaveCount={async (counts) => { await saveBlindCount(counter.id, counts, requireSignedInUser().id); sealDraft(tallyDraftKey(counter.id)); }}
        onExplain={async (reason) => { await explainCount(counter.id, reason); }} />
    </Modal>
  );
}

function useCustodyContext(eventId: string) {
  const rows = useEventCustody(eventId);
  const u = useCurrentUser();
  const me = u ? { id: u.id, name: u.name } : null;
  const actions = useCustodyActions(eventId, me?.id ?? null);
  return { rows, me, actions };
}

/** A closed counter's chain on its card, with "Hand over cash". */
export function CounterCustodyCard({ counter, eventTitle }: { counter: LocalCounter; eventTitle: string }) {
  const { rows, me, actions } = useCustodyContext(counter.eventId);
  if (!rows) return null;
  return <CounterCustody eventTitle={eventTitle} counter={counter} rows={rows} me={me} isAdmin canHandOver actions={actions} />;
}

/** What the event admin holds and the nominees of the event. */
export function EventCustodySection({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const { t } = useTranslation();
  const { rows, me, actions } = useCustodyContext(eventId);
  const [editing, setEditing] = useState<LocalNominee | 'new' | null>(null);
  if (!rows) return null;
  return (
    <Card withBorder radius="md" data-testid="custody-section">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('custody.chain.title')}</Title>
        <AdminCustody eventTitle={eventTitle} rows={rows} me={me} canHandOver actions={actions} />
        <NomineesList rows={rows} onEdit={setEditing} />
      </Stack>
      {editing ? <NomineeModal eventId={eventId} nominee={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function NomineesList({ rows, onEdit }: { rows: EventCustody; onEdit: (n: LocalNominee | 'new') => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="nominees">
      <Group justify="space-between" wrap="wrap">
        <Title order={4} size="h5">{t('custody.nominees.title')}</Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => onEdit('new')}>{t('custody.nominees.add')}</Button>
      </Group>
      <Text size="sm" c="dimmed">{t('custody.nominees.intro')}</Text>
      {rows.nominees.length === 0 ? <Text size="sm" c="dimmed">{t('custody.nominees.empty')}</Text> : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead><Table.Tr><Table.Th>{t('custody.nominees.name')}</Table.Th><Table.Th>{t('custody.nominees.mobile')}</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {rows.nominees.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>{n.name} {n._pending ? <Badge size="xs" color="orange" variant="dot">{t('custody.chain.waiting')}</Badge> : null}</Table.Td>
                  <Table.Td>{n.mobile ?? '—'}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-xs" variant="subtle" leftSection={<IconEdit size={12} />} onClick={() => onEdit(n)} aria-label={t('custody.nominees.edit', { name: n.name })}>
                      {t('admin.common.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function NomineeModal({ eventId, nominee, onClose }: { eventId: string; nominee: LocalNominee | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(nominee?.name ?? '');
  const [mobile, setMobile] = useState(nominee?.mobile ?? '');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ name?: string; mobile?: string; pin?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    const e: typeof errors = {};
    if (!name.trim()) e.name = t('custody.nominees.nameRequired');
    if (mobile && !/^\d{10}$/.test(mobile)) e.mobile = t('custody.nominees.mobileInvalid');
    if ((!nominee || pin) && !/^\d{6}$/.test(pin)) e.pin = t('custody.nominees.pinInvalid');
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      await saveNominee({ id: nominee?.id, eventId, name, mobile: mobile || null, pin: pin || undefined });
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={nominee ? t('custody.nominees.edit', { name: nominee.name }) : t('custody.nominees.add')} centered>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <Stack>
          <TextInput label={t('custody.nominees.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} maxLength={120} data-autofocus />
          <TextInput label={t('custody.nominees.mobile')} inputMode="numeric" value={mobile} onChange={(e) => setMobile(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))} error={errors.mobile} />
          <PasswordInput label={nominee ? t('custody.nominees.pinKeep') : t('custody.nominees.pin')} required={!nominee} inputMode="numeric" autoComplete="new-password" maxLength={6}
            value={pin} onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ''))} error={errors.pin} />
          {failure ? <Alert color="red" role="alert">{failure}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
            <Button type="submit" loading={busy}>{t('custody.nominees.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
