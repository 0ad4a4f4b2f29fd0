// The owner's view of the cash custody chain (issue 18): each counter's float, blind count and
// handovers, and what the event admin holds. Read-only here (handing over happens at the counter
// and on the event admin's counters page).
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chainOf, counterHolding } from '../../../contract/custody';
import { AdminCustody, partyNames } from '../../components/custody/counter-custody';
import { CustodyChain } from '../../components/custody/custody-chain';
import { useCustodyActions } from '../../data/custody-actions';
import { useEventCustody } from '../../data/custody-repo';

export function CustodyCard({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const { t } = useTranslation();
  const rows = useEventCustody(eventId);
  const actions = useCustodyActions(eventId, null);
  if (!rows || rows.counters.length === 0) return null;
  const names = partyNames(rows);
  return (
    <Card withBorder radius="md" data-testid="owner-custody">
      <Stack gap="sm">
        <Title order={4}>{t('custody.owner.title')}</Title>
        <Text size="sm" c="dimmed">{t('custody.owner.intro')}</Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {rows.counters.map((c) => (
            <CustodyChain key={c.id} counter={c} steps={chainOf(c.id, rows.handovers)} names={names} holding={counterHolding(c.id, c.tally?.countedTotal ?? 0, rows.handovers)} />
          ))}
        </SimpleGrid>
        <AdminCustody eventTitle={eventTitle} rows={rows} me={null} canHandOver={false} actions={actions} />
      </Stack>
    </Card>
  );
}
