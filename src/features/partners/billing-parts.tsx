// Pieces the partner, event-plan and provider pages share (issue 29): the invoice table with its
// Tamil and English PDFs, the subscription's state, and an API failure in the page's words.
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow, PlanState } from '../../../contract/billing';
import { apiErrorText } from '../../components/management/api-error';
import { invoicePdfUrl, rupeesOfPaise } from '../../lib/billing-api';
import type { ApiRequestError } from '../../lib/api-error';

export function billingErrorText(t: TFunction, err: ApiRequestError): string {
  if (err.code === 'not_entitled' || err.code === 'gateway_error' || err.code === 'conflict') return t(`billing.codes.${err.code}`);
  return apiErrorText(t, err);
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' });

export function InvoiceTable({ rows, showBuyer = false }: { rows: InvoiceRow[]; showBuyer?: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text c="dimmed" size="sm">{t('billing.invoices.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('billing.invoices.serial')}</Table.Th>
            <Table.Th>{t('billing.invoices.date')}</Table.Th>
            {showBuyer && <Table.Th>{t('billing.invoices.buyer')}</Table.Th>}
            <Table.Th ta="right">{t('billing.invoices.amount')}</Table.Th>
            <Table.Th>{t('billing.invoices.download')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.serial}{r.series === 'credit_note' ? <Badge ml={6} size="xs" color="orange">{t('billing.invoices.credit')}</Badge> : null}</Table.Td>
              <Table.Td>{dateOf(r.issuedAt)}</Table.Td>
              {showBuyer && <Table.Td>{r.buyer}</Table.Td>}
              <Table.Td ta="right">{r.series === 'credit_note' ? '−' : ''}{rupeesOfPaise(r.totalPaise)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor href={invoicePdfUrl(r.id, 'ta')} download>{t('billing.invoices.ta')}</Anchor>
                  <Anchor href={invoicePdfUrl(r.id, 'en')} download>{t('billing.invoices.en')}</Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const colour: Record<string, string> = { active: 'green', pending: 'yellow', authenticated: 'blue', created: 'gray', halted: 'red', cancelled: 'gray', completed: 'gray', expired: 'gray', paused: 'orange' };

export function SubscriptionBadge({ plan }: { plan: PlanState | null }) {
  const { t } = useTranslation();
  const s = plan?.subscription?.status;
  const known = s && s in colour;
  return <Badge color={known ? colour[s] : 'gray'} variant="light" style={{ textTransform: 'none' }}>{known ? t(`billing.subscription.${s as 'active'}`) : t('billing.subscription.none')}</Badge>;
}
