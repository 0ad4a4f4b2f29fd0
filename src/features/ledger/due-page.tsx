// /ledger/due — upcoming functions of people in the ledger: what they gave, what the host gave, the
// balance, and the amount to give by the host's rule; functions within a week are marked "soon".
import { Alert, Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { suggestionRules } from '../../../contract/ledger';
import { balanceOf, suggestAmount } from '../../../ledger/arithmetic';
import { AdminPage, EmptyState } from '../../components/management/page';
import { formatDate, formatRupees } from '../../lib/format';
import { localDay } from '../../lib/typed-date';
import { useCurrentUser } from '../../lib/auth-store';
import { OwnerPicker } from './owner-picker';
import { useLedger, useLedgerOwner, useSuggestionRule } from './use-ledger';

const DAY = 86_400_000;

export default function DuePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const owner = useLedgerOwner();
  const { ledger, offline } = useLedger(owner.ownerId);
  const [rule, setRule] = useSuggestionRule();
  const today = localDay();
  const people = new Map((ledger?.rows ?? []).map((p) => [p.id, p]));
  const due = (ledger?.invitations ?? []).filter((i) => i.date >= today).sort((a, b) => a.date.localeCompare(b.date));

  return (
    <AdminPage title={t('pages.ledgerDue.title')} intro={t('ledger.due.intro')}>
      {offline ? <Alert color="yellow">{t('ledger.offlineCached')}</Alert> : null}
      <OwnerPicker choice={owner} meId={me?.id} />
      <Select
        label={t('ledger.card.rule')}
        data={suggestionRules.map((r) => ({ value: r, label: t(`ledger.rules.${r}`) }))}
        value={rule}
        onChange={(v) => v && setRule(v as typeof rule)}
        allowDeselect={false}
        maw={440}
      />
      {ledger && due.length === 0 ? (
        <EmptyState
          title={t('ledger.due.empty')}
          hint={t('ledger.due.emptyHint')}
          action={<Button variant="light" onClick={() => navigate('/ledger/invitations')}>{t('ledger.card.addInvitation')}</Button>}
        />
      ) : null}
      <Stack gap="sm">
        {due.map((i) => {
          const p = people.get(i.personId);
          if (!p) return null;
          const bal = balanceOf(p.received, p.given);
          const s = suggestAmount(p.lastReceived?.amount ?? null, bal, rule);
          const days = Math.round((Date.parse(i.date) - Date.parse(today)) / DAY);
          return (
            <Card key={i.id} withBorder radius="md" data-testid="due" onClick={() => navigate(`/ledger/people?person=${encodeURIComponent(p.id)}${owner.isSelf || !owner.ownerId ? '' : `&owner=${encodeURIComponent(owner.ownerId)}`}`)} style={{ cursor: 'pointer' }}>
              <Group justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={700}>{[p.initial, p.name].filter(Boolean).join(' ')}{p.village ? ` · ${p.village}` : ''}</Text>
                  <Text size="sm">{formatDate(i.date, 'date', i18n.language)} · {t(`glossary.functionType.${i.functionType}`, { defaultValue: i.functionType })}{i.functionLabel ? ` · ${i.functionLabel}` : ''}</Text>
                  <Group gap={6}>
                    <Text size="sm" c="dimmed">{days === 0 ? t('ledger.due.today') : t('ledger.due.inDays', { count: days })}</Text>
                    {days <= 7 ? <Badge color="red" size="sm">{t('ledger.due.soon')}</Badge> : null}
                  </Group>
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text size="sm">{t('ledger.received')}: {formatRupees(p.received)} · {t('ledger.given')}: {formatRupees(p.given)}</Text>
                  <Badge color={bal.status === 'to_return' ? 'orange' : bal.status === 'gave_more' ? 'teal' : 'gray'} variant="light">{t(`ledger.status.${bal.status}`)}{bal.difference ? ` ${formatRupees(bal.difference)}` : ''}</Badge>
                  <Text fw={700}>{t('ledger.card.suggestion')}: {s != null ? formatRupees(s) : '—'}</Text>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </AdminPage>
  );
}
