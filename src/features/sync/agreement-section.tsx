// The sync panel's "Checked against the server": per event, whether this device's synced gifts match
// the server's count and money (data/sync/agreement.ts), with gifts waiting to be sent shown apart
// and "Repair this event" where they differ.
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashedCheck, IconClockHour4, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTitle } from '../../components/management/event-select';
import { repairEvent } from '../../data/sync/app';
import type { Tally } from '../../data/sync/agreement';
import { useServerAgreement, type EventAgreementView } from '../../data/sync/use-agreement';
import { formatRupees } from '../../lib/format';

type Outcome = { eventId: string; ok: boolean } | null;

export function AgreementSection() {
  const { t, i18n } = useTranslation();
  const found = useServerAgreement();
  // A steady order (by name): a line that changes state stays where it is, and so does keyboard focus.
  const list = found?.map((a) => ({ a, title: eventTitle(a.event, i18n.language, t('sync.agreement.unnamedEvent')) }))
    .sort((x, y) => x.title.localeCompare(y.title, i18n.language));
  const [repairing, setRepairing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onRepair = async (eventId: string) => {
    setRepairing(eventId);
    setOutcome(null);
    try {
      setOutcome({ eventId, ok: await repairEvent(eventId) });
    } catch {
      setOutcome({ eventId, ok: false });
    } finally {
      setRepairing(null);
    }
  };

  return (
    <Stack gap="xs" data-testid="sync-agreement">
      <Title order={3} size="h5">{t('sync.agreement.title')}</Title>
      <Text size="sm" c="dimmed">{t('sync.agreement.help')}</Text>
      {found === undefined ? null : !list ? (
        <Text size="sm" c="dimmed">{t('sync.agreement.notYet')}</Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">{t('sync.agreement.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('sync.agreement.title')}>
          {list.map(({ a, title }) => (
            <EventLine key={a.eventId} a={a} title={title} busy={repairing === a.eventId} anyBusy={repairing !== null}
              outcome={outcome?.eventId === a.eventId ? outcome.ok : null} onRepair={() => void onRepair(a.eventId)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type LineProps = { a: EventAgreementView; title: string; busy: boolean; anyBusy: boolean; outcome: boolean | null; onRepair: () => void };

function EventLine({ a, title, busy, anyBusy, outcome, onRepair }: LineProps) {
  const { t } = useTranslation();
  const tally = (x: Tally) => t('sync.agreement.tally', { count: x.count, money: formatRupees(x.money) });
  const differs = a.state === 'differs';
  // The Repair button goes once the event is in step again: keyboard focus moves to what happened.
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => { if (outcome !== null) outcomeRef.current?.focus(); }, [outcome]);
  return (
    <Card component="li" withBorder padding="xs" radius="md" data-testid="agreement-event" data-state={a.state} data-event={a.eventId}
      style={differs ? { borderColor: 'var(--mantine-color-orange-6)' } : undefined}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>{title}</Text>
        {a.state === 'inStep' && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <ThemeIcon size="sm" variant="transparent" color="green" aria-hidden><IconCircleCheck size={18} /></ThemeIcon>
            <Text size="sm" c="green.9">{t('sync.agreement.inStep', { tally: tally(a.server) })}</Text>
          </Group>
        )}
        {a.state === 'waiting' && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <ThemeIcon size="sm" variant="transparent" color="gray" aria-hidden><IconCircleDashedCheck size={18} /></ThemeIcon>
            <Text size="sm">
              {a.matches
                ? t('sync.agreement.sentMatch', { tally: tally(a.server) })
                : t('sync.agreement.waitingDiffers', { device: tally(a.device), server: tally(a.server) })}
            </Text>
          </Group>
        )}
        {a.state === 'catchingUp' && <Text size="sm" c="dimmed">{t('sync.agreement.catchingUp')}</Text>}
        {differs && (
          <>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <ThemeIcon size="sm" variant="transparent" color="orange" aria-hidden><IconAlertTriangle size={18} /></ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" fw={600} c="orange.9">{t('sync.agreement.differs')}</Text>
                <Text size="sm">{t('sync.agreement.detail', { device: tally(a.device), server: tally(a.server) })}</Text>
              </Stack>
            </Group>
            <Group gap="xs" wrap="wrap" align="center">
              <Button size="xs" variant="light" color="orange" leftSection={<IconRefresh size={14} />} onClick={onRepair}
                loading={busy} disabled={anyBusy && !busy} aria-describedby={`repair-help-${a.eventId}`}>
                {t('sync.agreement.repair')}
              </Button>
              <Text size="xs" c="dimmed" id={`repair-help-${a.eventId}`}>{t('sync.agreement.repairHelp')}</Text>
            </Group>
          </>
        )}
        {busy && <Text size="xs" c="dimmed" role="status">{t('sync.agreement.repairing')}</Text>}
        {!busy && outcome !== null && (
          <Text size="xs" c={outcome ? 'dimmed' : 'red'} role="status" tabIndex={-1} ref={outcomeRef}>
            {t(outcome ? 'sync.agreement.repaired' : 'sync.agreement.repairFailed')}
          </Text>
        )}
        {a.pending.count > 0 && (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="agreement-pending">
            <ThemeIcon size="sm" variant="transparent" color="gray" aria-hidden><IconClockHour4 size={16} /></ThemeIcon>
            <Text size="sm" c="dimmed">{t('sync.agreement.pending', { tally: tally(a.pending) })}</Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
