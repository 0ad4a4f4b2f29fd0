// /ledger — the host's moi ledger: everyone who gave at their functions (grouped across events by the
// shared matcher), what the host gave back, the balance; search; possible duplicates to merge; a
// person's card (?person=). Admins pick the host (?owner=) among hosts of the events they run.
// Issue 30: a page of people at a time (largest moi first; the search runs on the server), with the
// totals over the whole ledger, so a 30,000-person ledger opens as fast as a small one.
import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AdminPage, EmptyState } from '../../components/management/page';
import { mergePeople, setLedgerHint } from '../../data/ledger-repo';
import { formatDate, formatNumber, formatRupees } from '../../lib/format';
import { uuidv7 } from '../../../contract/ids';
import { PersonCard } from './person-card';
import { useLedgerOwner, useLedgerPage, type LedgerRow } from './use-ledger';
import classes from './ledger.module.css';

const PAGE_SIZE = 50;
const PHONE = '(max-width: 61.99em)';

export default function LedgerPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { ownerId, owners, setOwner, isSelf, canRecord } = useLedgerOwner();
  const phone = useMediaQuery(PHONE) ?? false;
  const [q, setQ] = useState('');
  const [query] = useDebouncedValue(q.trim(), 250);
  const [offset, setOffset] = useState(0);
  // A new search, or another ledger, starts at the first page.
  useEffect(() => { setOffset(0); }, [query, ownerId]);
  const { ledger, offline, loading, error, reload } = useLedgerPage(ownerId, { q: query, offset, limit: PAGE_SIZE });
  const [byFamily, setByFamily] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const personId = params.get('person');
  const openPerson = (id: string | null) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (id) next.set('person', id);
    else next.delete('person');
    return next;
  });

  const rows = ledger?.rows ?? [];
  const familyTotals = useMemo(
    () => (byFamily ? new Map((ledger?.familyTotals ?? []).map((f) => [f.id, f])) : null),
    [ledger, byFamily],
  );
  const familyName = new Map((ledger?.families ?? []).map((f) => [f.id, f.name]));
  const byId = new Map([...(ledger?.offerPeople ?? []), ...rows].map((p) => [p.id, p]));
  const page = ledger?.page;
  const matched = page?.matched ?? rows.length;
  const everyone = page?.total.people ?? rows.length;
  // The label follows the page on screen, not the one asked for: while the next page loads, the
  // rows are still the last page's and so is "Showing 1–50".
  const shownFrom = page?.offset ?? offset;

  const ownerPicker = owners.length ? (
    <Select
      label={t('ledger.owner')}
      data={owners.map((o) => ({ value: o.id, label: o.role ? t('household.familyLedger', { name: o.name }) : o.name }))}
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
  const ownerQ = isSelf || !ownerId ? '' : `?owner=${encodeURIComponent(ownerId)}`;
  const label = (p: Pick<LedgerRow, 'initial' | 'name' | 'village'> | undefined) => (p ? [p.initial, p.name].filter(Boolean).join(' ') + (p.village ? ` · ${p.village}` : '') : '');

  return (
    <AdminPage
      title={t('pages.ledger.title')}
      intro={t('ledger.intro')}
      actions={canRecord ? (
        <>
          <Button variant="light" onClick={() => navigate(`/ledger/given${ownerQ}`)}>{t('ledger.card.recordGiven')}</Button>
          <Button variant="light" onClick={() => navigate(`/ledger/invitations${ownerQ}`)}>{t('ledger.card.addInvitation')}</Button>
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
      {ledger && rows.length === 0 && everyone === 0 ? <EmptyState title={t('ledger.empty')} hint={t('ledger.emptyHint')} /> : null}
      {ledger && everyone > 0 ? (
        <Text fw={600} data-testid="ledger-totals">
          {t('ledger.totals', { people: formatNumber(everyone), received: formatRupees(page?.total.received ?? 0), given: formatRupees(page?.total.given ?? 0) })}
        </Text>
      ) : null}
      {ledger && rows.length === 0 && everyone > 0 ? <Text c="dimmed">{t('ledger.noMatch')}</Text> : null}
      {ledger && rows.length > 0 ? (
        <>
          {query ? <Text size="sm" c="dimmed">{t('ledger.people', { count: matched, formatted: formatNumber(matched) })}</Text> : null}
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
                {rows.map((p) => {
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
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="ledger-page-of">
              {t('ledger.pageOf', { from: formatNumber(Math.min(shownFrom + 1, matched)), to: formatNumber(Math.min(shownFrom + PAGE_SIZE, matched)), count: formatNumber(matched) })}
            </Text>
            <Group gap="xs">
              <Button variant="default" disabled={offset === 0 || loading} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>{t('ledger.previousPage')}</Button>
              <Button variant="default" disabled={offset + PAGE_SIZE >= matched || loading} onClick={() => setOffset(offset + PAGE_SIZE)}>{t('ledger.nextPage')}</Button>
            </Group>
          </Group>
        </>
      ) : null}
    </AdminPage>
  );
}
