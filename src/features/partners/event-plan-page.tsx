// /event/plan — an event's plan (issue 29): whether it may open counters and why (Smart Track, the
// hall's Partner Track, an override, the free first event), a way to pay Smart Track on Razorpay's
// hosted page, the invoices, and the service admin's override with a reason.
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteStatus } from '../../components/management/api-error';
import { EventSelect } from '../../components/management/event-select';
import { AdminPage } from '../../components/management/page';
import { useEventsLive } from '../../data/admin-queries';
import { useCurrentUser } from '../../lib/auth-store';
import { eventPlan, grantOverride, payEvent, removeOverride, type EventPlan } from '../../lib/billing-api';
import { useEventParam } from '../../lib/use-event-param';
import { toApiError, useRemote } from '../../lib/use-remote';
import { billingErrorText, InvoiceTable, SubscriptionBadge } from './billing-parts';

type Msg = { ok: boolean; text: string } | null;

function PlanCard({ plan, onChanged }: { plan: EventPlan; onChanged: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [msg, setMsg] = useState<Msg>(null);
  const [url, setUrl] = useState<string | null>(plan.link?.status === 'created' ? plan.link.shortUrl : null);
  const [reason, setReason] = useState('');
  const fail = (err: unknown) => setMsg({ ok: false, text: billingErrorText(t, toApiError(err)) });
  const pay = () => {
    const tab = window.open('', '_blank');
    payEvent(plan.eventId).then((r) => {
      setUrl(r.shortUrl);
      if (tab) tab.location.href = r.shortUrl;
      setMsg({ ok: true, text: t('billing.plan.payOpened') });
    }, (err: unknown) => { tab?.close(); fail(err); });
  };
  const source = (plan.entitled ?? 'none') as 'none';
  const hasOverride = plan.grants.some((g) => g.source === 'override');
  return (
    <Card withBorder radius="md" maw={720}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">{t('billing.plan.title')}</Title>
          <Badge color={plan.entitled ? 'green' : 'red'} variant="light" style={{ textTransform: 'none' }}>{t(`billing.plans.${source}`)}</Badge>
        </Group>
        <Text>{plan.entitled ? t('billing.plan.entitled') : t('billing.plan.notEntitled')}</Text>
        {plan.entitledThrough && <Text size="sm" c="dimmed">{t('billing.plan.through', { date: plan.entitledThrough })}</Text>}
        {plan.org && <Group gap="xs"><Text size="sm">{t('billing.plan.partnerOf')}:</Text><SubscriptionBadge plan={plan.org} /></Group>}
        {!plan.entitled && (plan.canPay
          ? <Group><Button onClick={pay}>{t('billing.plan.paySmart')}</Button><Button variant="default" onClick={onChanged}>{t('billing.plan.refresh')}</Button></Group>
          : <Text size="sm" c="dimmed">{t('billing.plan.notSetUp')}</Text>)}
        {url && <Text size="sm"><a href={url} target="_blank" rel="noreferrer">{t('billing.plan.openPay')}</a></Text>}
        {user?.role === 'app_admin' && (
          <form onSubmit={(e) => { e.preventDefault(); grantOverride(plan.eventId, reason).then(() => { setReason(''); onChanged(); }, fail); }}>
            <Stack gap="xs">
              <Title order={4} size="h5">{t('billing.plan.override')}</Title>
              <Group align="flex-end" wrap="wrap">
                <TextInput label={t('billing.plan.overrideReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} minLength={3} required style={{ flex: '1 1 240px' }} />
                <Button type="submit" variant="light">{t('billing.plan.overrideSave')}</Button>
                {hasOverride && <Button variant="subtle" color="red" onClick={() => removeOverride(plan.eventId).then(onChanged, fail)}>{t('billing.plan.overrideRemove')}</Button>}
              </Group>
            </Stack>
          </form>
        )}
        {msg && <Alert color={msg.ok ? 'blue' : 'red'} role="status">{msg.text}</Alert>}
        <Title order={4} size="h5">{t('billing.invoices.title')}</Title>
        <InvoiceTable rows={plan.invoices} />
      </Stack>
    </Card>
  );
}

function Plan({ eventId }: { eventId: string }) {
  const [tick, setTick] = useState(0);
  const remote = useRemote(() => eventPlan(eventId), [eventId, tick]);
  if (!remote.data) return <RemoteStatus remote={remote} empty={false} emptyTitle="" />;
  return <PlanCard key={tick} plan={remote.data} onChanged={() => setTick((n) => n + 1)} />;
}

export default function EventPlanPage() {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  return (
    <AdminPage title={t('pages.eventPlan.title')} intro={t('pages.eventPlan.empty')}>
      <Stack gap="md">
        {events && <EventSelect events={events} value={eventId} onChange={setEventId} />}
        {eventId && <Plan eventId={eventId} />}
      </Stack>
    </AdminPage>
  );
}
