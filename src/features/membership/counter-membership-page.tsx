// /counter/membership — the two plans to tell interested guests about, and the sign-up requests
// taken on this tablet (with whether each has reached the office yet).
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { useRecentSignups } from '../../data/gift-queries';

const PLANS = ['smart_track', 'partner_track'] as const;

export default function CounterMembershipPage() {
  const { t } = useTranslation();
  const signups = useRecentSignups(20);
  return (
    <PageShell title={t('pages.counterMembership.title')}>
      <Text>{t('membership.counter.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {PLANS.map((p) => (
          <Card key={p} withBorder padding="lg" radius="md" data-testid={`plan-${p}`}>
            <Group justify="space-between">
              <Title order={3}>{t(`membership.plan.${p}.title`)}</Title>
              <Badge>{t(`membership.plan.${p}.badge`)}</Badge>
            </Group>
            <Group gap={6} align="baseline" my="sm">
              <Text fz={32} fw={800}>{t(`membership.plan.${p}.price`)}</Text>
              <Text c="dimmed">{t(`membership.plan.${p}.period`)}</Text>
            </Group>
            <List spacing={4} icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" />}>
              {t(`membership.plan.${p}.features`).split('|').map((f) => <List.Item key={f}>{f}</List.Item>)}
            </List>
          </Card>
        ))}
      </SimpleGrid>
      <Button component={Link} to="/counter/membership/form" size="lg" leftSection={<IconUserPlus size={20} />} w="fit-content">
        {t('membership.counter.signupButton')}
      </Button>
      <Card withBorder>
        <Title order={4} mb="sm">{t('membership.counter.recent')}</Title>
        {signups && signups.length === 0 && <Text c="dimmed">{t('membership.counter.none')}</Text>}
        <Stack gap="xs">
          {(signups ?? []).map((s) => (
            <Group key={s.id} justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{s.name}</Text>
                <Text size="sm" c="dimmed">{s.mobile}{s.village ? ` · ${s.village}` : ''} · {t(`membership.plan.${s.plan}.title`)}</Text>
              </div>
              <Badge variant="light" color={s._pending ? 'orange' : 'teal'}>{s._pending ? t('membership.counter.pending') : t('membership.counter.synced')}</Badge>
            </Group>
          ))}
        </Stack>
      </Card>
    </PageShell>
  );
}
