// /ledger — the host's moi ledger: everyone who gave at their functions (grouped across events by the
// shared matcher), what the host gave back, the balance; search; possible duplicates to merge; a
// person's card (?person=). Admins pick the host (?owner=) among hosts of the events they run.
import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { totals } from '../../../ledger/arithmetic';
import { AdminPage, EmptyState } from '../../components/management/page';
import { mergePeople, setLedgerHint } from '../../data/ledger-repo';
import { compileQuery, matchesQuery } from '../../lib/gift-search';
import { formatDate, formatNumber, formatRupees } from '../../lib/format';
import { uuidv7 } from '../../../contract/ids';
import { PersonCard } from './person-card';
import { useLedger, useLedgerOwner, type LedgerRow } from './use-ledger';
import classes from './ledger.module.css';

const LIMIT = 200;
const PHONE = '(max-width: 61.99em)';

export default function LedgerPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { ownerId, owners, setOwner, isSelf } = useLedgerOwner();
  const phone = useMediaQuery(PHONE) ?? false;
  const { ledger, offline, loading, error, reload } = useLedger(ownerId);
  const [q, setQ] = useState('');
  const [byFamily, setByFamily] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const personId = params.get('person');
  const openPerson = (id: string | null) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (id) next.set('person', id);
    else next.delete('person');
    return next;
  });

  const rows = useMemo(() => {
    if (!ledger) return [];
    const cq = compileQuery(q);
    // The list search's matcher reads gifts; a person has the same name/initial/village/mobile fields.
    const asGift = (p: LedgerRow) => ({ ...p, receiptNo: '', counterId: '', mode: 'cash' as const, amount: p.received, enteredAt: '', deletedAt: null });
    const found = ledger.rows.filter((p) => !cq || matchesQuery(asGift(p), cq));
    found.sort((a, b) => b.received + b.given - (a.received + a.given) || a.name.localeCompare(b.name));
    return found;
  }, [ledger, q]);

  const familyTotals = useMemo(() => {
    if (!ledger || !byFamily) return null;
    const fam = new Map(ledger.rows.map((p) => [p.id, p.familyId]));
    return totals(ledger.rows.map((p) => ({ personId: p.id, amount: p.received })), ledger.rows.map((p) => ({ personId: p.id, amount: p.given })), fam).family;
  }, [ledger, byFamily]);
  const familyName = new Map((ledger?.families ?? []).map((f) => [f.id, f.name]));
  const byId = new Map((ledger?.rows ?? []).map((p) => [p.id, p]));

  const ownerPicker = owners.length ? (
    <Select
      label={t('ledger.owner')}
      data={owners.map((o) => ({ value: o.id, label: o.name }))}
      value={ownerId}
      onChange={(v) => v && setOwner(v)}
      allowDeselect={false}
      maw={320}
    />
  ) : null;

  if (personId) {
    return (
      <AdminPage title={t('pages.ledger.title')}>
        <PersonCard personId={personId} ownerId={ownerId} canWrite={isSelf} onBack={() => openPerson(null)} />
      </AdminPage>
    );
  }

  const merge = async (keepId: string, mergeId: string) => {
    await mergePeople({ id: uuidv7(), keepId, mergeId });
    setNotice(t('ledger.offers.merged'));
    void reload();
  };
  const label = (p: LedgerRow | undefined) => (p ? [p.initial, p.name].filter(Boolean).join(' ') + (p.village ? ` · ${p.village}` : '') : '');

  return (
    <AdminPage
      title={t('pages.ledger.title')}
      intro={t('ledger.intro')}
      actions={isSelf ? (
        <>
          <Button variant="light" onClick={() => navigate('/ledger/given')}>{t('ledger.card.recordGiven')}</Button>
          <Button variant="light" onClick={() => navigate('/ledger/invitations')}>{t('ledger.card.addInvitation')}</Button>
        </>
      ) : undefined}
    >
      {ownerPicker}
      {offline ? <Alert color="yellow">{ledger ? t('ledger.offlineCached') : t('ledger.offlineEmpty')}</Alert> : null}
      {error ? <Alert color="red">{error}</Alert> : null}
      {notice ? <Alert color="teal" withCloseButton onClose={() => setNotice(null)}>{notice}</Alert> : null}
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('ledger.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} w={{ base: '100%', sm: 420, lg: 540 }} />
        <Switch label={t('ledger.familiesTogether')} checked={byFamily} onChange={(e) => setByFamily(e.currentTarget.checked)} />
      </Group>
      {loading ? <Text c="dimmed">{t('ledger.loading')}</Text> : null}
      {ledger && isSelf && ledger.offers.length > 0 && !q ? (
        <Card withBorder radius="md">
          <Text fw={600}>{t('ledger.offers.title')}</Text>
          <Text size="sm" c="dimmed" mb="xs">{t('ledger.offers.hint')}</Text>
          <Stack gap={6}>
            {ledger.offers.slice(0, 20).map((o) => (
              <Group key={`${o.a}:${o.b}`} gap="sm" wrap="wrap" data-testid="offer">
                <Text size="sm">{label(byId.get(o.a))}</Text>
                <Text size="sm" c="dimmed">≈</Text>
                <Text size="sm">{label(byId.get(o.b))}</Text>
                <Button size="xs" variant="light" onClick={() => { void merge(o.a, o.b); }}>{t('ledger.offers.merge')}</Button>
              </Group>
            ))}
          </Stack>
        </Card>
      ) : null}
      {ledger && ledger.events.length > 0 && !q ? (
        <Card withBorder radius="md">
          <Text fw={600}>{t('ledger.hint.setting')}</Text>
          <Text size="sm" c="dimmed" mb="xs">{t('ledger.hint.settingHint')}</Text>
          <Stack gap={4}>
            {ledger.events.slice(0, 10).map((e) => (
              <Switch
                key={e.id}
                label={`${e.title} · ${formatDate(e.date, 'date', i18n.language)}`}
                checked={e.hint}
                disabled={offline}
                onChange={(ev) => { void setLedgerHint(e.id, ev.currentTarget.checked).then(reload); }}
                data-testid="hint-switch"
              />
            ))}
          </Stack>
        </Card>
      ) : null}
      {ledger && ledger.rows.length === 0 ? <EmptyState title={t('ledger.empty')} hint={t('ledger.emptyHint')} /> : null}
      {ledger && ledger.rows.length > 0 ? (
        <>
          <Text size="sm" c="dimmed">{t('ledger.people', { count: rows.length, formatted: formatNumber(rows.length) })}</Text>
          {/* On phones and tablets each person is a stacked row (name, village, then received · given · balance with their
              labels) instead of a table that scrolls the amounts off the screen. */}
          <Table.ScrollContainer minWidth={phone ? 0 : 560} type="native">
            <Table striped highlightOnHover className={classes.people}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ledger.name')}</Table.Th>
                  <Table.Th>{t('ledger.village')}</Table.Th>
                  <Table.Th className={classes.num}>{t('ledger.received')}</Table.Th>
                  <Table.Th className={classes.num}>{t('ledger.given')}</Table.Th>
                  <Table.Th>{t('ledger.balance')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, LIMIT).map((p) => {
                  const fam = familyTotals && p.familyId ? familyTotals.get(p.familyId) : null;
                  return (
                    <Table.Tr key={p.id} className={classes.row} onClick={() => openPerson(p.id)} data-testid="ledger-row">
                      <Table.Td>
                        <Anchor component="button" type="button" fw={600} onClick={(e) => { e.stopPropagation(); openPerson(p.id); }}>
                          {[p.initial, p.name].filter(Boolean).join(' ')}
                        </Anchor>
                        {p.pending ? <Badge ml={6} size="xs" color="yellow">{t('ledger.pending')}</Badge> : null}
                        {fam ? <Text size="xs" c="dimmed">{t('ledger.family')}: {familyName.get(p.familyId!) ?? ''} · {formatRupees(fam.received)} / {formatRupees(fam.given)}</Text> : null}
                      </Table.Td>
                      <Table.Td className={classes.village} data-label={t('ledger.village')}>{p.village}</Table.Td>
                      <Table.Td className={classes.num} data-label={t('ledger.received')}>{formatRupees(p.received)}</Table.Td>
                      <Table.Td className={classes.num} data-label={t('ledger.given')}>{formatRupees(p.given)}</Table.Td>
                      <Table.Td data-label={t('ledger.balance')}>
                        <Badge color={p.status === 'to_return' ? 'orange' : p.status === 'gave_more' ? 'teal' : 'gray'} variant="light">{t(`ledger.status.${p.status}`)}</Badge>
                        {p.difference ? <Text span size="sm" ml={6}>{formatRupees(p.difference)}</Text> : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
    </AdminPage>
  );
}
