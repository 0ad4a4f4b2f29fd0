// Hand over a closed counter's cash (or what the event admin holds) to a nominee, another counter
// or the event admin. The receiver confirms with their PIN on this tablet (checked here against the
// hash the device holds, and again by the server), or with an OTP sent to a nominee's mobile
// (online only), or — the event admin receiving — by their own sign-in. A PIN that does not match
// can still be recorded, for review: cash that changed hands is never left unrecorded.
// Presentation and local state only: the caller passes the rows and the save/send functions.
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, PasswordInput, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Handover, HandoverConfirm, HandoverSummary } from '../../../contract/custody';
import type { Counter } from '../../../contract/entities';
import { formatNumber, formatRupees } from '../../lib/format';
import { HandoverSlipButton, type HandoverSlipData } from './handover-slip';

type PinRow = { salt: string; hash: string; iterations?: number };
export type NomineeOption = PinRow & { id: string; name: string; mobile: string | null };
export type StaffPinOption = PinRow & { counterId: string; userId: string; name: string };
type To = { kind: 'nominee'; nomineeId: string } | { kind: 'counter'; counterId: string; userId: string } | { kind: 'event_admin' };

export type HandoverRequest = {
  id: string;
  to: To;
  toName: string;
  cash: number;
  counts: Record<string, number> | null;
  summary: HandoverSummary;
  confirm: HandoverConfirm;
  deviceVerified: boolean;
};

export type HandoverDialogProps = {
  opened: boolean;
  onClose: () => void;
  fromLabel: string;
  /** What would be handed over: the counter's count (+ received − handed on), or the event admin's holding. */
  draft: { cash: number; summary: HandoverSummary; counts: Record<string, number> | null };
  nominees: NomineeOption[];
  /** Other counters of the event and their staff with a PIN on this device (empty: no hand-over to a counter). */
  counters: Counter[];
  staffPins: StaffPinOption[];
  staffNames?: Record<string, string>;
  /** The signed-in user may receive as the event admin (they are an admin of this event). */
  adminReceiver: { name: string } | null;
  otpAvailable: boolean;
  checkPin: (pin: string, row: PinRow) => Promise<boolean>;
  sendOtp: (nomineeId: string, handoverId: string) => Promise<{ mobileEnding: string }>;
  onSave: (r: HandoverRequest) => Promise<Handover>;
  slipOf: (h: Handover) => HandoverSlipData;
};

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}`);

export function HandoverDialog(p: HandoverDialogProps) {
  const { t } = useTranslation();
  const [handoverId, setHandoverId] = useState(newId);
  const kinds = useMemo(() => [
    { value: 'nominee', label: t('custody.handover.toNominee') },
    ...(p.counters.length ? [{ value: 'counter', label: t('custody.handover.toCounter') }] : []),
    ...(p.adminReceiver ? [{ value: 'event_admin', label: t('custody.handover.toAdmin') }] : []),
  ], [p.counters.length, p.adminReceiver, t]);
  const [kind, setKind] = useState<string>('nominee');
  const [nomineeId, setNomineeId] = useState<string | null>(p.nominees[0]?.id ?? null);
  const [counterId, setCounterId] = useState<string | null>(p.counters[0]?.id ?? null);
  const [userId, setUserId] = useState<string | null>(null);
  const [cash, setCash] = useState<number | ''>(p.draft.cash);
  const [method, setMethod] = useState<'pin' | 'otp'>('pin');
  const [pin, setPin] = useState('');
  const [otp, setOtp] = useState('');
  const [otpSent, setOtpSent] = useState<string | null>(null);
  const [wrongPin, setWrongPin] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Handover | null>(null);

  const nominee = p.nominees.find((n) => n.id === nomineeId) ?? null;
  const staffHere = p.staffPins.filter((s) => s.counterId === counterId);
  const staffRow = staffHere.find((s) => s.userId === userId) ?? null;
  const otpOk = p.otpAvailable && kind === 'nominee' && !!nominee?.mobile;

  const reset = () => {
    setSaved(null); setPin(''); setOtp(''); setOtpSent(null); setWrongPin(false); setError(null); setHandoverId(newId());
  };
  const close = () => { reset(); p.onClose(); };

  const request = (deviceVerified: boolean, confirm: HandoverConfirm): HandoverRequest | null => {
    const amount = typeof cash === 'number' ? cash : 0;
    const counts = amount === p.draft.cash ? p.draft.counts : null;
    if (kind === 'nominee' && nominee) return { id: handoverId, to: { kind: 'nominee', nomineeId: nominee.id }, toName: nominee.name, cash: amount, counts, summary: p.draft.summary, confirm, deviceVerified };
    if (kind === 'counter' && counterId && userId) {
      return { id: handoverId, to: { kind: 'counter', counterId, userId }, toName: staffRow?.name ?? p.staffNames?.[userId] ?? '', cash: amount, counts, summary: p.draft.summary, confirm, deviceVerified };
    }
    if (kind === 'event_admin' && p.adminReceiver) return { id: handoverId, to: { kind: 'event_admin' }, toName: p.adminReceiver.name, cash: amount, counts, summary: p.draft.summary, confirm: { method: 'session' }, deviceVerified: true };
    return null;
  };

  const save = async (r: HandoverRequest | null) => {
    if (!r) return;
    setBusy(true);
    setError(null);
    try {
      setSaved(await p.onSave(r));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (anyway = false) => {
    setWrongPin(false);
    if (kind === 'event_admin') return save(request(true, { method: 'session' }));
    if (method === 'otp' && otpOk) return save(request(false, { method: 'otp', otp }));
    const row: PinRow | null = kind === 'nominee' ? nominee : staffRow;
    if (anyway) return save(request(false, { method: 'pin', pin }));
    // No hash on this device (none synced, or a legacy PIN the server keeps to itself): the server checks it.
    if (!row || !row.hash) return save(request(false, { method: 'pin', pin }));
    setBusy(true);
    const ok = await p.checkPin(pin, row).catch(() => false);
    setBusy(false);
    if (!ok) {
      setWrongPin(true);
      return;
    }
    return save(request(true, { method: 'pin', pin }));
  };

  const sendOtp = async () => {
    if (!nominee) return;
    setBusy(true);
    setError(null);
    try {
      setOtpSent((await p.sendOtp(nominee.id, handoverId)).mobileEnding);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const pinValid = /^\d{4,6}$/.test(pin);
  const ready = kind === 'event_admin' ? true
    : kind === 'nominee' ? !!nominee && (method === 'otp' && otpOk ? /^\d{6}$/.test(otp) : pinValid)
      : !!counterId && !!userId && pinValid;
  const s = p.draft.summary;

  return (
    <Modal opened={p.opened} onClose={close} title={t('custody.handover.title', { from: p.fromLabel })} size="lg">
      {saved ? (
        <Stack>
          <Alert color="teal" data-testid="handover-saved">{t('custody.handover.saved')}: {formatRupees(saved.cash)} → {saved.toName}</Alert>
          <Group><HandoverSlipButton data={p.slipOf(saved)} /><Button variant="default" onClick={close}>{t('common.close')}</Button></Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm" id="handover-to">{t('custody.handover.to')}</Text>
          <SegmentedControl aria-labelledby="handover-to" value={kind} onChange={(v) => { setKind(v); setWrongPin(false); }} data={kinds} />
          {kind === 'nominee' && (p.nominees.length ? (
            <Select label={t('custody.handover.nominee')} data={p.nominees.map((n) => ({ value: n.id, label: n.name }))} value={nomineeId} onChange={setNomineeId} allowDeselect={false} />
          ) : <Alert color="yellow">{t('custody.handover.noNominees')}</Alert>)}
          {kind === 'counter' && (
            <>
              <Select label={t('custody.handover.counter')} data={p.counters.map((c) => ({ value: c.id, label: t('custody.party.counter', { code: c.code }) }))} value={counterId}
                onChange={(v) => { setCounterId(v); setUserId(null); }} allowDeselect={false} />
              <Select label={t('custody.handover.receiver')} value={userId} onChange={setUserId}
                data={(p.counters.find((c) => c.id === counterId)?.staffIds ?? []).map((u) => ({ value: u, label: p.staffPins.find((x) => x.userId === u)?.name ?? p.staffNames?.[u] ?? u }))} />
              {userId && !staffRow && <Text size="xs" c="dimmed">{t('custody.handover.cannotCheck')}</Text>}
            </>
          )}
          {kind === 'event_admin' && <Alert color="blue" variant="light">{t('custody.handover.sessionNote')} ({p.adminReceiver?.name})</Alert>}
          <NumberInput label={t('custody.handover.cash')} value={cash} onChange={(v) => setCash(typeof v === 'number' ? v : '')} min={0} allowDecimal={false} allowNegative={false} thousandSeparator="," />
          <Table withRowBorders={false} fz="sm">
            <Table.Tbody>
              <Table.Tr><Table.Td>{t('custody.handover.upi')}</Table.Td><Table.Td ta="right">{t('custody.handover.summaryLine', { n: formatNumber(s.upi.count), total: formatRupees(s.upi.total) })}</Table.Td></Table.Tr>
              <Table.Tr><Table.Td>{t('custody.handover.cheque')}</Table.Td><Table.Td ta="right">{t('custody.handover.summaryLine', { n: formatNumber(s.cheque.count), total: formatRupees(s.cheque.total) })}</Table.Td></Table.Tr>
              <Table.Tr><Table.Td>{t('custody.handover.items')}</Table.Td><Table.Td ta="right">{formatNumber(s.item.count)}</Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
          {kind === 'nominee' && nominee && (
            <>
              <Text size="sm" id="handover-method">{t('custody.handover.confirmWith')}</Text>
              <SegmentedControl aria-labelledby="handover-method" value={method} onChange={(v) => setMethod(v as 'pin' | 'otp')}
                data={[{ value: 'pin', label: t('custody.handover.pin') }, { value: 'otp', label: t('custody.handover.otp'), disabled: !otpOk }]} />
              {!otpOk && <Text size="xs" c="dimmed">{t('custody.handover.otpOffline')}</Text>}
            </>
          )}
          {kind !== 'event_admin' && (method === 'pin' || kind === 'counter' || !otpOk) && (
            <PasswordInput label={t('custody.handover.pinLabel')} inputMode="numeric" autoComplete="off" maxLength={6} value={pin}
              onChange={(e) => { setPin(e.currentTarget.value.replace(/\D/g, '')); setWrongPin(false); }} />
          )}
          {kind === 'nominee' && method === 'otp' && otpOk && (
            <Group align="end" wrap="wrap">
              <Button variant="light" onClick={() => void sendOtp()} loading={busy && !otpSent}>{t('custody.handover.otpSend')}</Button>
              <TextInput label={t('custody.handover.otpLabel')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp}
                onChange={(e) => setOtp(e.currentTarget.value.replace(/\D/g, ''))} />
              {otpSent && <Text size="sm" c="teal">{t('custody.handover.otpSent', { ending: otpSent })}</Text>}
            </Group>
          )}
          {wrongPin && (
            <Alert color="red" role="alert">
              <Stack gap="xs">
                <Text size="sm">{t('custody.handover.wrongPin')}</Text>
                <Button size="xs" color="red" variant="outline" w="fit-content" onClick={() => void submit(true)}>{t('custody.handover.recordAnyway')}</Button>
              </Stack>
            </Alert>
          )}
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('common.cancel')}</Button>
            <Button onClick={() => void submit()} loading={busy} disabled={!ready}>{t('custody.handover.submit')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
