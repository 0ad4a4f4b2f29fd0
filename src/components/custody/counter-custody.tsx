// The custody panel of a counter (its chain, and "Hand over cash" once it is closed) and of the
// event admin (what they hold, and handing it on to a nominee). Shown at the counter, on the event
// admin's counters page and in the owner's view. Presentation: the caller passes the event's rows
// (src/data/custody-repo.ts eventCustody) and the functions that save and send.
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chainOf, counterHolding, emptySummary, eventAdminHolding, type Handover, type HandoverSummary } from '../../../contract/custody';
import type { Counter } from '../../../contract/entities';
import { formatRupees } from '../../lib/format';
import { CustodyChain, partyLabel, stepLabels, type PartyNames } from './custody-chain';
import { HandoverDialog, type HandoverRequest, type NomineeOption, type StaffPinOption } from './handover-dialog';
import type { HandoverSlipData } from './handover-slip';

export type CustodyRows = {
  nominees: NomineeOption[];
  handovers: Array<Handover & { _pending?: 0 | 1 }>;
  counters: Counter[];
  staffPins: StaffPinOption[];
  userNames: Record<string, string>;
  summaries: Record<string, HandoverSummary>;
};

export type CustodyActions = {
  otpAvailable: boolean;
  checkPin: (pin: string, row: { salt: string; hash: string; iterations?: number }) => Promise<boolean>;
  sendOtp: (nomineeId: string, handoverId: string) => Promise<{ mobileEnding: string }>;
  save: (from: { kind: 'counter'; counterId: string } | { kind: 'event_admin' }, r: HandoverRequest) => Promise<Handover>;
};

export function partyNames(rows: CustodyRows): PartyNames {
  return {
    counterCode: (id) => rows.counters.find((c) => c.id === id)?.code ?? '?',
    userName: (id) => (id ? rows.userNames[id] ?? '' : ''),
    nomineeName: (id) => rows.nominees.find((n) => n.id === id)?.name ?? '',
  };
}

function slipOf(t: (k: string, o?: Record<string, unknown>) => string, rows: CustodyRows, eventTitle: string, me: { name: string } | null) {
  const names = partyNames(rows);
  return (h: Handover): HandoverSlipData => {
    const { from, to } = stepLabels(t, names, h);
    return { eventTitle, from, to, givenByName: names.userName(h.handedBy) || h.handedByName || me?.name || '', receivedByName: h.toName || names.nomineeName(h.toNomineeId), handover: h };
  };
}

export function CounterCustody({ eventTitle, counter, rows, me, isAdmin, canHandOver, actions }: {
  eventTitle: string;
  counter: Counter;
  rows: CustodyRows;
  me: { id: string; name: string } | null;
  isAdmin: boolean;
  canHandOver: boolean;
  actions: CustodyActions;
}) {
  const { t } = useTranslation();
  const tt = t as unknown as (k: string, o?: Record<string, unknown>) => string;
  const [opened, setOpened] = useState(false);
  const names = partyNames(rows);
  const steps = chainOf(counter.id, rows.handovers);
  const holding = counterHolding(counter.id, counter.tally?.countedTotal ?? 0, rows.handovers);
  const handedBefore = rows.handovers.some((h) => h.fromKind === 'counter' && h.fromCounterId === counter.id);
  const received = rows.handovers.some((h) => h.toCounterId === counter.id);
  const draft = {
    cash: Math.max(0, holding),
    summary: handedBefore ? emptySummary() : rows.summaries[counter.id] ?? emptySummary(),
    counts: handedBefore || received ? null : counter.tally?.counts ?? null,
  };
  return (
    <Stack gap="xs">
      <CustodyChain counter={counter} steps={steps} names={names} holding={holding} />
      {counter.tally && canHandOver && holding > 0 ? (
        <Group gap="xs">
          <Button size="xs" leftSection={<IconArrowsExchange size={14} />} onClick={() => setOpened(true)} data-testid={`handover-${counter.code}`}>{t('custody.handover.button')}</Button>
        </Group>
      ) : null}
      {opened ? (
        <HandoverDialog
          opened
          onClose={() => setOpened(false)}
          fromLabel={partyLabel(tt, names, 'counter', counter.id, null, null)}
          draft={draft}
          nominees={rows.nominees}
          counters={rows.counters.filter((c) => c.id !== counter.id && c.eventId === counter.eventId)}
          staffPins={rows.staffPins}
          staffNames={rows.userNames}
          adminReceiver={isAdmin && me ? { name: me.name } : null}
          otpAvailable={actions.otpAvailable}
          checkPin={actions.checkPin}
          sendOtp={actions.sendOtp}
          onSave={(r) => actions.save({ kind: 'counter', counterId: counter.id }, r)}
          slipOf={slipOf(tt, rows, eventTitle, me)}
        />
      ) : null}
    </Stack>
  );
}

/** What the event admin holds (received from counters, not yet handed on), and handing it to a nominee. */
export function AdminCustody({ eventTitle, rows, me, canHandOver, actions }: {
  eventTitle: string;
  rows: CustodyRows;
  me: { id: string; name: string } | null;
  canHandOver: boolean;
  actions: CustodyActions;
}) {
  const { t } = useTranslation();
  const tt = t as unknown as (k: string, o?: Record<string, unknown>) => string;
  const [opened, setOpened] = useState(false);
  const names = partyNames(rows);
  const holding = eventAdminHolding(rows.handovers);
  const mine = rows.handovers.filter((h) => h.fromKind === 'event_admin' || h.toKind === 'event_admin');
  if (!mine.length && holding === 0) return null;
  return (
    <Stack gap="xs" data-testid="admin-custody">
      <Text fw={600}>{t('custody.owner.adminHolds', { amount: formatRupees(holding) })}</Text>
      {mine.map((h) => {
        const { from, to } = stepLabels(tt, names, h);
        return <Text key={h.id} size="sm">{from} → {to}: {formatRupees(h.cash)}</Text>;
      })}
      {canHandOver && holding > 0 ? (
        <Button size="xs" w="fit-content" leftSection={<IconArrowsExchange size={14} />} onClick={() => setOpened(true)} data-testid="handover-admin">{t('custody.handover.button')}</Button>
      ) : null}
      {opened ? (
        <HandoverDialog
          opened
          onClose={() => setOpened(false)}
          fromLabel={partyLabel(tt, names, 'event_admin', null, null, me?.id ?? null)}
          draft={{ cash: holding, summary: emptySummary(), counts: null }}
          nominees={rows.nominees}
          counters={[]}
          staffPins={[]}
          adminReceiver={null}
          otpAvailable={actions.otpAvailable}
          checkPin={actions.checkPin}
          sendOtp={actions.sendOtp}
          onSave={(r) => actions.save({ kind: 'event_admin' }, r)}
          slipOf={slipOf(tt, rows, eventTitle, me)}
        />
      ) : null}
    </Stack>
  );
}
