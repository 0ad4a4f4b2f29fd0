// The event admin's reconciliation list: gifts the server recorded but flagged (arrived after
// their counter closed, an author it could not confirm…), each with why, and "Mark reviewed"
// (online: the server records who and when).
import { Badge, Button, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { refreshFromServer, useFlaggedGiftsLive } from '../../data/admin-queries';
import type { LocalCounter, LocalUser } from '../../data/db';
import { useNotifyAction } from '../../components/management/form-modal';
import { markGiftReviewed } from '../../lib/admin-api';
import { formatDate, formatRupees } from '../../lib/format';

export function NeedsReview({ eventId, counters, users }: { eventId: string; counters: readonly LocalCounter[]; users: Map<string, LocalUser> }) {
  const { t, i18n } = useTranslation();
  const flagged = useFlaggedGiftsLive(eventId);
  const act = useNotifyAction();
  if (!flagged || flagged.length === 0) return null;
  const codeOf = new Map(counters.map((c) => [c.id, c.code]));
  const when = (iso: string | null | undefined) => formatDate(iso, 'dayTime', i18n.language);
  const nameOf = (id: string | null | undefined) => (id ? users.get(id)?.name ?? id.slice(0, 8) : '');
  const pending = flagged.filter((g) => !g.reviewedAt).length;
  const review = (id: string, receiptNo: string) => act(async () => {
    await markGiftReviewed(id);
    await refreshFromServer().catch(() => undefined);
    return t('admin.review.done', { receiptNo });
  });
  return (
    <Card withBorder radius="md" data-testid="needs-review">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4"><Group gap={6}><IconAlertTriangle size={20} color="var(--mantine-color-yellow-7)" />{t('admin.review.title')}</Group></Title>
          <Badge color={pending ? 'yellow' : 'gray'} variant="light">{t('admin.review.pending', { count: pending })}</Badge>
        </Group>
        <Text size="sm" c="dimmed">{t('admin.review.intro')}</Text>
        {/* One card per gift (not a table): it reads the same on a phone and a laptop. */}
        {flagged.map((g) => (
          <Paper key={g.id} withBorder p="sm" radius="sm" data-testid="review-row" data-receipt={g.receiptNo} bg={g.reviewedAt ? undefined : 'yellow.0'}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={0}>
                <Text size="sm" fw={700}>{g.receiptNo} · {g.initial ? `${g.initial} ` : ''}{g.name}</Text>
                <Text size="xs" c="dimmed">{t('admin.review.where', { counter: codeOf.get(g.counterId) ?? '', at: when(g.enteredAt), by: nameOf(g.pinAuthorId ?? g.enteredBy) })}</Text>
              </Stack>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>{g.mode === 'item' && !g.amount ? g.item : formatRupees(g.amount)} <Text span size="xs" c="dimmed">{t(`glossary.paymentMode.${g.mode}`)}</Text></Text>
            </Group>
            <List size="sm" mt={4} spacing={2}>
              {(g.flags ?? []).map((f) => <List.Item key={f}>{t(`gifts.flags.${f}`)}</List.Item>)}
            </List>
            {g.reviewedAt ? (
              <Text size="xs" c="dimmed" mt={4}>{t('gifts.flags.reviewedBy', { by: nameOf(g.reviewedBy), at: when(g.reviewedAt) })}</Text>
            ) : (
              <Button size="xs" mt="xs" variant="light" leftSection={<IconCheck size={14} />} onClick={() => void review(g.id, g.receiptNo)}>{t('admin.review.mark')}</Button>
            )}
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}
