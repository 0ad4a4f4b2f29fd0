// A person's card: every moi they gave at the host's functions and the host gave at theirs, newest
// first; the balance and the suggested amount by the host's rule; invitations; merges with undo;
// split: tick the entries that belong to someone else and move them to a new person. Printable.
import { Alert, Badge, Button, Card, Checkbox, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestionRules, type LedgerPersonCard } from '../../../contract/ledger';
import { balanceOf, suggestAmount } from '../../../ledger/arithmetic';
import { loadPersonCard, splitPerson, undoMerge, type Loaded } from '../../data/ledger-repo';
import { uuidv7 } from '../../../contract/ids';
import { formatDate, formatRupees } from '../../lib/format';
import { useSuggestionRule } from './use-ledger';
import classes from './ledger.module.css';

export function PersonCard({ personId, ownerId, canWrite, onBack }: { personId: string; ownerId: string | null; canWrite: boolean; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded<LedgerPersonCard> | null>(null);
  const [rule, setRule] = useSuggestionRule();
  // Entries ticked for a split (`received:<giftId>` / `given:<id>`).
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [splitDone, setSplitDone] = useState(false);
  const reload = useCallback(() => {
    loadPersonCard(personId, canWrite ? null : ownerId).then(setLoaded).catch(() => setLoaded({ value: null, offline: false, at: null }));
  }, [personId, ownerId, canWrite]);
  useEffect(reload, [reload]);
  const card = loaded?.value;
  const fn = (type: string) => t(`glossary.functionType.${type}`, { defaultValue: type });
  const lang = i18n.language;

  if (!loaded) return <Text c="dimmed">{t('ledger.loading')}</Text>;
  if (!card) return (
    <Stack>
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} className={classes.noPrint} w="fit-content">{t('ledger.card.back')}</Button>
      <Alert color="yellow">{t('ledger.offlineEmpty')}</Alert>
    </Stack>
  );
  const p = card.person;
  const bal = balanceOf(p.received, p.given);
  const suggestion = suggestAmount(p.lastReceived?.amount ?? null, bal, rule);
  const tick = (key: string, on: boolean) => setTicked((cur) => {
    const next = new Set(cur);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  });
  const split = async () => {
    const ids = (dir: string) => [...ticked].filter((k) => k.startsWith(`${dir}:`)).map((k) => k.slice(dir.length + 1));
    await splitPerson({ id: uuidv7(), personId: p.id, newPersonId: uuidv7(), giftIds: ids('received'), givenIds: ids('given') });
    setTicked(new Set());
    setSplitDone(true);
  };

  return (
    <Stack gap="md" className={classes.printable} data-testid="person-card">
      <Group justify="space-between" className={classes.noPrint}>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>{t('ledger.card.back')}</Button>
        <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>{t('ledger.card.print')}</Button>
      </Group>
      {loaded.offline ? <Alert color="yellow" className={classes.noPrint}>{t('ledger.offlineCached')}</Alert> : null}
      <div>
        <Title order={3}>{[p.initial, p.name].filter(Boolean).join(' ')}</Title>
        <Text c="dimmed">{[p.village, p.mobile].filter(Boolean).join(' · ')}</Text>
      </div>
      <Group gap="lg" wrap="wrap">
        <Stack gap={0}><Text size="sm" c="dimmed">{t('ledger.received')}</Text><Text fw={700}>{formatRupees(p.received)}</Text></Stack>
        <Stack gap={0}><Text size="sm" c="dimmed">{t('ledger.given')}</Text><Text fw={700}>{formatRupees(p.given)}</Text></Stack>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">{t('ledger.balance')}</Text>
          <Group gap={6}><Badge color={bal.status === 'to_return' ? 'orange' : bal.status === 'gave_more' ? 'teal' : 'gray'}>{t(`ledger.status.${bal.status}`)}</Badge>{bal.difference ? <Text fw={700}>{formatRupees(bal.difference)}</Text> : null}</Group>
        </Stack>
      </Group>
      <Card withBorder radius="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('ledger.card.rule')}
            data={suggestionRules.map((r) => ({ value: r, label: t(`ledger.rules.${r}`) }))}
            value={rule}
            onChange={(v) => v && setRule(v as typeof rule)}
            allowDeselect={false}
            className={classes.noPrint}
            maw={440}
          />
          <Stack gap={0}>
            <Text size="sm" c="dimmed">{t('ledger.card.suggestion')}</Text>
            <Text fw={700} size="lg" data-testid="suggestion">{suggestion != null ? formatRupees(suggestion) : t('ledger.card.none')}</Text>
          </Stack>
        </Group>
      </Card>
      <Title order={4}>{t('ledger.card.history')}</Title>
      {card.entries.length === 0 ? <Text c="dimmed">{t('ledger.card.noHistory')}</Text> : (
        <Table.ScrollContainer minWidth={340}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {canWrite ? <Table.Th className={classes.noPrint}>{t('ledger.card.splitColumn')}</Table.Th> : null}
                <Table.Th>{t('ledger.card.date')}</Table.Th>
                <Table.Th>{t('ledger.card.function')}</Table.Th>
                <Table.Th>{t('ledger.card.theyGave')}</Table.Th>
                <Table.Th>{t('ledger.card.weGave')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('ledger.card.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {card.entries.map((e) => (
                <Table.Tr key={`${e.direction}:${e.id}`} data-testid="card-entry">
                  {canWrite ? (
                    <Table.Td className={classes.noPrint}>
                      <Checkbox
                        aria-label={t('ledger.card.splitTick', { date: e.date, amount: formatRupees(e.amount) })}
                        checked={ticked.has(`${e.direction}:${e.id}`)}
                        onChange={(ev) => tick(`${e.direction}:${e.id}`, ev.currentTarget.checked)}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>{e.date ? formatDate(e.date, 'date', lang) : ''}</Table.Td>
                  <Table.Td>{[fn(e.functionType), e.title].filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td className={classes.num}>{e.direction === 'received' ? formatRupees(e.amount) : ''}</Table.Td>
                  <Table.Td className={classes.num}>{e.direction === 'given' ? formatRupees(e.amount) : ''}</Table.Td>
                  <Table.Td visibleFrom="sm">{e.detail}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canWrite && card.entries.length > 1 ? (
        <Group gap="sm" className={classes.noPrint}>
          <Button variant="light" disabled={ticked.size === 0 || ticked.size === card.entries.length} onClick={() => { void split(); }}>
            {ticked.size ? t('ledger.card.split', { count: ticked.size }) : t('ledger.card.splitPlain')}
          </Button>
          <Text size="sm" c="dimmed">{splitDone ? t('ledger.card.splitSaved') : t('ledger.card.splitHint')}</Text>
        </Group>
      ) : null}
      {card.invitations.length ? (
        <>
          <Title order={4}>{t('ledger.card.invitations')}</Title>
          {card.invitations.map((i) => <Text key={i.id}>{formatDate(i.date, 'date', lang)} · {fn(i.functionType)}{i.functionLabel ? ` · ${i.functionLabel}` : ''}</Text>)}
        </>
      ) : null}
      {card.merges.length ? (
        <Stack gap={4} className={classes.noPrint}>
          <Title order={4}>{t('ledger.card.merges')}</Title>
          {card.merges.map((m) => (
            <Group key={m.id} gap="sm">
              <Text size="sm">{formatDate(m.at, 'dateTime', lang)} · {t(m.kind === 'merge' ? 'ledger.card.mergeRow' : 'ledger.card.splitRow')}</Text>
              {m.undone ? <Badge color="gray">{t('ledger.card.undone')}</Badge>
                : canWrite ? <Button size="xs" variant="light" onClick={() => { void undoMerge({ id: m.id }).then(reload); }}>{t('ledger.card.undo')}</Button> : null}
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
