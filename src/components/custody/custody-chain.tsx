// The custody chain of one counter, as a list a person reads top to bottom: the float put in, the
// blind count at close, then each handover (who to whom, how much, how the receiver confirmed,
// and whether the server found the confirmation good). Presentation only: the caller passes rows.
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Handover } from '../../../contract/custody';
import type { Counter } from '../../../contract/entities';
import { appLanguage, formatDate, formatRupees } from '../../lib/format';

export type PartyNames = {
  counterCode: (id: string | null) => string;
  userName: (id: string | null) => string;
  nomineeName: (id: string | null) => string;
};

/** "Counter A", "Event admin (Name)", "Nominee Selvi": who gave or received in a step. */
export function partyLabel(t: (k: string, o?: Record<string, unknown>) => string, names: PartyNames, kind: string, counterId: string | null, nomineeId: string | null, userId: string | null, fallbackName = ''): string {
  if (kind === 'counter') return t('custody.party.counter', { code: names.counterCode(counterId) });
  if (kind === 'nominee') return t('custody.party.nominee', { name: names.nomineeName(nomineeId) || fallbackName });
  const who = names.userName(userId) || fallbackName;
  return who ? `${t('custody.party.eventAdmin')} (${who})` : t('custody.party.eventAdmin');
}

export function stepLabels(t: (k: string, o?: Record<string, unknown>) => string, names: PartyNames, h: Handover) {
  const from = h.fromKind === 'counter'
    ? partyLabel(t, names, 'counter', h.fromCounterId, null, null)
    : partyLabel(t, names, 'event_admin', null, null, h.handedBy, h.handedByName);
  const to = partyLabel(t, names, h.toKind, h.toCounterId, h.toNomineeId, h.toUserId, h.toName);
  return { from, to };
}

export function CustodyChain({ counter, steps, names, holding, title = true }: {
  counter: Counter;
  steps: ReadonlyArray<Handover & { _pending?: 0 | 1 }>;
  names: PartyNames;
  holding?: number;
  title?: boolean;
}) {
  const { t } = useTranslation();
  const lang = appLanguage();
  const tt = t as unknown as (k: string, o?: Record<string, unknown>) => string;
  const tally = counter.tally;
  return (
    <Stack gap="xs" data-testid={`custody-chain-${counter.code}`}>
      {title && <Title order={5}>{t('custody.chain.title')} · {t('custody.party.counter', { code: counter.code })}</Title>}
      <List spacing={4} size="sm">
        <List.Item>
          {t('custody.chain.float')}: <b>{formatRupees(counter.openingFloat?.amount ?? 0)}</b>
          {counter.openedAt ? <Text span c="dimmed" size="xs"> · {formatDate(counter.openedAt, 'dateTime', lang)}</Text> : null}
        </List.Item>
        <List.Item>
          {tally ? (
            <>
              {t('custody.chain.count')}: <b>{formatRupees(tally.countedTotal)}</b>
              <Text span c="dimmed" size="xs"> · {t('custody.chain.by', { name: names.userName(tally.closedBy) || tally.closedByName || '—' })} · {formatDate(tally.closedAt, 'dateTime', lang)}</Text>
            </>
          ) : t('custody.chain.notCounted')}
        </List.Item>
        {steps.map((h) => {
          const { from, to } = stepLabels(tt, names, h);
          return (
            <List.Item key={h.id} data-testid="custody-step">
              <Group gap={6} wrap="wrap">
                <Text span size="sm">{from} → <b>{to}</b>: <b>{formatRupees(h.cash)}</b></Text>
                {h._pending ? <Badge size="xs" color="gray" variant="light">{t('custody.chain.waiting')}</Badge>
                  : h.verified ? <Badge size="xs" color="teal" variant="light">{t('custody.chain.verified', { method: t(`custody.chain.method.${h.method}`) })}</Badge>
                    : <Badge size="xs" color="red" variant="light">{t('custody.chain.unverified')}</Badge>}
                {h.flags.filter((f) => f in flagKeys).map((f) => <Badge key={f} size="xs" color="orange" variant="outline">{t(flagKeys[f as keyof typeof flagKeys])}</Badge>)}
              </Group>
              <Text c="dimmed" size="xs">{t('custody.chain.by', { name: names.userName(h.handedBy) || h.handedByName || '—' })} · {formatDate(h.handedAt, 'dateTime', lang)}</Text>
            </List.Item>
          );
        })}
      </List>
      {steps.length === 0 && tally ? <Text size="xs" c="dimmed">{t('custody.chain.empty')}</Text> : null}
      {holding !== undefined && tally && holding !== 0 ? <Text size="sm" data-testid="custody-holding">{t('custody.chain.holding', { amount: formatRupees(holding) })}</Text> : null}
    </Stack>
  );
}

const flagKeys = {
  pin_failed: 'custody.chain.flag.pin_failed',
  otp_failed: 'custody.chain.flag.otp_failed',
  unconfirmed: 'custody.chain.flag.unconfirmed',
  amount_differs: 'custody.chain.flag.amount_differs',
} as const;
