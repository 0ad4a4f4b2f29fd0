// Issue 29: before anyone tries to open a counter, the counters screen says when the event has no
// plan (Smart Track, the hall's Partner Track or an override) on a server that checks plans, with the
// way to the plan page. Online only: offline, or when the plan cannot be read, it shows nothing (the
// counter's opening is refused with the same reason if it comes to that).
import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mayOpenCounters } from '../../../contract/billing';
import { eventPlan } from '../../lib/billing-api';
import { useRemote } from '../../lib/use-remote';

export function PlanWarning({ eventId, status }: { eventId: string; status: string }) {
  const { t } = useTranslation();
  const plan = useRemote(() => (status === 'closed' ? Promise.resolve(null) : eventPlan(eventId)), [eventId, status]);
  const p = plan.data;
  if (!p || !p.enforced || mayOpenCounters(p, Date.now())) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="plan-warning">
      {t('billing.plan.counterWarning')}{' '}
      <Button component={Link} to={`/event/plan?event=${encodeURIComponent(eventId)}`} variant="light" color="yellow" size="xs" ml="xs">{t('billing.plan.goToPlan')}</Button>
    </Alert>
  );
}
