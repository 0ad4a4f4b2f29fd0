// /admin/billing — the provider's view (issue 29): halls with their plan's state, payments,
// invoices and credit notes, overrides, and revenue by month.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/management/page';
import { apiErrorText, RemoteStatus } from '../../components/management/api-error';
import { providerBilling, refundPayment, rupeesOfPaise, type ProviderBilling } from '../../lib/billing-api';
import { toApiError, useRemote } from '../../lib/use-remote';
import { InvoiceTable, SubscriptionBadge } from './billing-parts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card withBorder radius="md"><Stack gap="sm"><Title order={3} size="h4">{title}</Title>{children}</Stack></Card>;
}

/** Refund what is left of a payment, after a second press that names the amount (issue 29). */
function RefundCell({ p, onDone }: { p: ProviderBilling['payments'][number]; onDone: (text: string, ok: boolean) => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = p.amountPaise - p.refundedPaise;
  if (p.status !== 'captured' || left <= 0) return null;
  const go = () => {
    setBusy(true);
    refundPayment(p.id).then((r) => {
      setBusy(false); setAsking(false);
      onDone(t(r.status === 'processed' ? 'billing.refund.done' : 'billing.refund.pending', { amount: rupeesOfPaise(r.amountPaise), id: p.id }), true);
    }, (err: unknown) => {
      setBusy(false); setAsking(false);
      const e = toApiError(err);
      onDone(e.code === 'conflict' ? t('billing.refund.conflict') : e.code === 'gateway_error' ? t('billing.codes.gateway_error') : apiErrorText(t, e), false);
    });
  };
  if (!asking) return <Button size="compact-sm" variant="light" color="red" onClick={() => setAsking(true)}>{t('billing.refund.button')}</Button>;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button size="compact-sm" color="red" loading={busy} onClick={go}>{t('billing.refund.confirm', { amount: rupeesOfPaise(left) })}</Button>
      <Button size="compact-sm" variant="subtle" onClick={() => setAsking(false)} disabled={busy}>{t('billing.refund.cancel')}</Button>
    </Group>
  );
}

export default function ProviderBillingPage() {
  const { t, i18n } = useTranslation();
  const remote = useRemote(() => providerBilling(), []);
  const d = remote.data;
  const none = <Text size="sm" c="dimmed">{t('billing.provider.none')}</Text>;
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const refunded = (text: string, ok: boolean) => { setMsg({ ok, text }); if (ok) void remote.reload(); };
  return (
    <AdminPage title={t('pages.providerBilling.title')} intro={t('pages.providerBilling.empty')}>
      {!d ? <RemoteStatus remote={remote} empty={false} emptyTitle="" /> : (
        <Stack gap="md">
          <Alert color={d.enforced ? 'blue' : 'yellow'}>{d.enforced ? t('billing.provider.enforced') : t('billing.provider.notEnforced')}</Alert>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Section title={t('billing.provider.revenue')}>
              {d.revenue.length === 0 ? none : (
                <Table.ScrollContainer minWidth={320}><Table striped>
                  <Table.Thead><Table.Tr><Table.Th>{t('billing.provider.month')}</Table.Th><Table.Th ta="right">{t('billing.provider.count')}</Table.Th><Table.Th ta="right">{t('billing.provider.taxable')}</Table.Th><Table.Th ta="right">{t('billing.provider.total')}</Table.Th></Table.Tr></Table.Thead>
                  <Table.Tbody>{d.revenue.map((r) => <Table.Tr key={r.month}><Table.Td>{r.month}</Table.Td><Table.Td ta="right">{r.invoices}</Table.Td><Table.Td ta="right">{rupeesOfPaise(r.taxablePaise)}</Table.Td><Table.Td ta="right">{rupeesOfPaise(r.totalPaise)}</Table.Td></Table.Tr>)}</Table.Tbody>
                </Table></Table.ScrollContainer>
              )}
            </Section>
            <Section title={t('billing.provider.orgs')}>
              {d.orgs.length === 0 ? none : d.orgs.map((o) => (
                <SimpleGrid key={o.id} cols={2} spacing="xs">
                  <Text size="sm">{(i18n.language === 'ta' ? o.nameTa || o.nameEn : o.nameEn || o.nameTa) ?? ''}{o.gstin ? <Text span size="xs" c="dimmed"> · {o.gstin}</Text> : null}</Text>
                  <div><SubscriptionBadge plan={o.plan} /></div>
                </SimpleGrid>
              ))}
            </Section>
          </SimpleGrid>
          <Section title={t('billing.provider.payments')}>
            {msg && <Alert color={msg.ok ? 'green' : 'red'} role="status" withCloseButton onClose={() => setMsg(null)}>{msg.text}</Alert>}
            {d.payments.length === 0 ? none : (
              <Table.ScrollContainer minWidth={640}><Table striped>
                <Table.Thead><Table.Tr><Table.Th>ID</Table.Th><Table.Th>{t('billing.provider.plan')}</Table.Th><Table.Th>{t('billing.provider.status')}</Table.Th><Table.Th ta="right">{t('billing.provider.amount')}</Table.Th><Table.Th ta="right">{t('billing.provider.refunded')}</Table.Th><Table.Th ta="right">{t('billing.refund.column')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>{d.payments.map((p) => (
                  <Table.Tr key={p.id}><Table.Td>{p.id}</Table.Td><Table.Td>{p.plan ? t(`billing.plans.${p.plan as 'smart_track'}`) : '—'}</Table.Td><Table.Td>{p.status}</Table.Td>
                    <Table.Td ta="right">{rupeesOfPaise(p.amountPaise)}</Table.Td><Table.Td ta="right">{p.refundedPaise ? rupeesOfPaise(p.refundedPaise) : ''}</Table.Td>
                    <Table.Td ta="right"><RefundCell p={p} onDone={refunded} /></Table.Td></Table.Tr>
                ))}</Table.Tbody>
              </Table></Table.ScrollContainer>
            )}
          </Section>
          <Section title={t('billing.provider.invoices')}><InvoiceTable rows={d.invoices} showBuyer /></Section>
          <Section title={t('billing.provider.overrides')}>
            {d.overrides.length === 0 ? none : d.overrides.map((o) => <Text key={`${o.eventId}${o.at}`} size="sm"><b>{o.title}</b> — {o.reason}</Text>)}
          </Section>
        </Stack>
      )}
    </AdminPage>
  );
}
