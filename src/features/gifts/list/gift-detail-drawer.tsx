// One gift in a drawer: its fields, its sync state, its audit trail (who, when, before → after,
// reason), and the corrections the caller allows: edit, delete and restore, each with a reason,
// written on the device through the gift repository (works offline); plus reprinting the receipt.
import { memo, useEffect, useState } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea, Timeline, Title } from '@mantine/core';
import { IconEdit, IconPrinter, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paymentModes, relations, type PaymentMode } from '../../../../contract/entities';
import type { LocalCounter, LocalGift } from '../../../data/db';
import { deleteGift, restoreGift, updateGift, type GiftPatch } from '../../../data/gifts-repo';
import { useGift, useGiftAudits, useGiftRejection, useStaffPins, useUsersMap } from '../../../data/gift-queries';
import { formatDate, formatRupees } from '../../../lib/format';
import { ReceiptDialog } from '../receipt/receipt-dialog';
import { GiftFlags } from '../../../components/gift-list/gift-flags';

export type GiftActions = {
  edit?: (g: LocalGift) => boolean;
  delete?: (g: LocalGift) => boolean;
  restore?: (g: LocalGift) => boolean;
  reprint?: boolean;
};


type Mode = 'view' | 'edit' | 'delete' | 'restore';
type EditValues = { name: string; initial: string; village: string; mobile: string; relation: LocalGift['relation']; mode: PaymentMode; amount: string; reference: string; item: string; note: string };

const editable: (keyof EditValues)[] = ['name', 'initial', 'village', 'mobile', 'relation', 'mode', 'amount', 'reference', 'item', 'note'];
const fieldLabel: Record<string, string> = {
  name: 'gifts.field.name', initial: 'gifts.field.initial', village: 'gifts.field.village', mobile: 'gifts.field.mobile', relation: 'gifts.field.relation',
  mode: 'gifts.field.mode', amount: 'gifts.field.amount', reference: 'gifts.detail.reference', item: 'gifts.field.item', note: 'gifts.field.note',
};

function toEdit(g: LocalGift): EditValues {
  return { name: g.name, initial: g.initial, village: g.village, mobile: g.mobile, relation: g.relation, mode: g.mode, amount: String(g.amount), reference: g.reference, item: g.item, note: g.note };
}

export const GiftDetailDrawer = memo(function GiftDetailDrawer({ giftId, onClose, actor, actions, counters }: {
  giftId: string | null;
  onClose: () => void;
  actor: { id: string; name: string } | null;
  actions?: GiftActions;
  counters?: LocalCounter[];
}) {
  const { t, i18n } = useTranslation();
  const gift = useGift(giftId);
  const audits = useGiftAudits(giftId);
  const rejection = useGiftRejection(giftId);
  const users = useUsersMap();
  const pins = useStaffPins(gift?.counterId);
  const [mode, setMode] = useState<Mode>('view');
  const [values, setValues] = useState<EditValues | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'reason' | 'name' | 'amount' | 'mobile' | 'item', string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [receiptOpen, setReceiptOpen] = useState(false);
  const locale = i18n.language === 'ta' ? 'ta-IN' : 'en-IN';

  useEffect(() => {
    setMode('view');
    setReason('');
    setErrors({});
    setFailure(null);
  }, [giftId]);

  const nameOf = (id: string | null | undefined) => (id ? users.get(id)?.name ?? pins?.find((p) => p.userId === id)?.name ?? (id === actor?.id ? actor.name : id) : t('gifts.detail.unknownUser'));
  const when = (iso: string | null | undefined) => formatDate(iso, 'dayTime', locale);
  const counter = counters?.find((c) => c.id === gift?.counterId);

  const can = (k: 'edit' | 'delete' | 'restore') => !!(gift && actor && actions?.[k]?.(gift));

  const start = (m: Mode) => {
    if (!gift) return;
    setMode(m);
    setReason('');
    setErrors({});
    setFailure(null);
    if (m === 'edit') setValues(toEdit(gift));
  };

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await fn();
      setMode('view');
    } catch (e) {
      setFailure(t('gifts.error.saveFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (!gift || !actor) return;
    const errs: typeof errors = {};
    if (!reason.trim()) errs.reason = t('gifts.detail.reasonRequired');
    if (mode === 'edit' && values) {
      if (!values.name.trim()) errs.name = t('gifts.error.nameRequired');
      const n = Number(values.amount);
      if (!/^\d+$/.test(values.amount) || (values.mode !== 'item' && n < 1)) errs.amount = t('gifts.error.amountWhole');
      else if (n > 1_000_000) errs.amount = t('gifts.error.amountMax');
      if (values.mobile && !/^\d{10}$/.test(values.mobile)) errs.mobile = t('gifts.error.mobile');
      if (values.mode === 'item' && !values.item.trim()) errs.item = t('gifts.error.itemRequired');
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    if (mode === 'edit' && values) {
      const patch: Record<string, unknown> = {};
      const next = { ...values, amount: Number(values.amount), name: values.name.trim() };
      for (const k of editable) if (next[k] !== (gift as Record<string, unknown>)[k]) patch[k] = next[k];
      if (Object.keys(patch).length === 0) {
        setMode('view');
        return;
      }
      void run(() => updateGift(gift.id, patch as GiftPatch, reason.trim(), actor.id));
    } else if (mode === 'delete') void run(() => deleteGift(gift.id, reason.trim(), actor.id));
    else if (mode === 'restore') void run(() => restoreGift(gift.id, reason.trim(), actor.id));
  };

  const fmt = (k: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (k === 'amount' && typeof v === 'number') return formatRupees(v);
    if (k === 'mode') return t(`glossary.paymentMode.${v as PaymentMode}`);
    if (k === 'relation') return t(`gifts.relation.${v as LocalGift['relation']}`);
    if (k === 'deletedAt') return when(String(v));
    return String(v);
  };

  return (
    <>
      <Drawer opened={!!giftId} onClose={onClose} position="right" size="md" title={gift ? t('gifts.detail.title', { receiptNo: gift.receiptNo }) : ''}>
        {gift && (
          <Stack gap="sm" data-testid="gift-detail">
            <Group gap="xs">
              {gift.deletedAt && <Badge color="red">{t('gifts.list.deleted')}</Badge>}
              <Badge variant="light" color={rejection ? 'red' : gift._pending ? 'orange' : 'teal'}>
                {rejection ? t('gifts.list.rejected') : gift._pending ? t('gifts.list.pending') : t('gifts.list.synced')}
              </Badge>
            </Group>
            {rejection && <Alert color="red">{t('gifts.detail.syncError', { message: rejection.message ?? rejection.code ?? '' })}</Alert>}
            {gift.deletedAt && (
              <Alert color="red" variant="light" data-testid="deleted-info">
                {t('gifts.detail.deletedInfo', { by: nameOf(gift.deletedBy), at: when(gift.deletedAt), reason: gift.deleteReason ?? '' })}
              </Alert>
            )}
            {mode === 'view' && (
              <>
                <Table withRowBorders={false} verticalSpacing={4}>
                  <Table.Tbody>
                    {([
                      ['gifts.field.name', `${gift.initial ? `${gift.initial} ` : ''}${gift.name}`],
                      ['gifts.field.village', gift.village || '—'],
                      ['gifts.field.amount', formatRupees(gift.amount)],
                      ['gifts.field.mode', t(`glossary.paymentMode.${gift.mode}`)],
                      ...(gift.reference ? [['gifts.detail.reference', gift.reference]] : []),
                      ...(gift.item ? [['gifts.field.item', gift.item]] : []),
                      ...(gift.weightGrams ? [['gifts.field.weight', `${gift.weightGrams.toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`]] : []),
                      ...(gift.mode === 'item' && gift.approxValue != null ? [['gifts.field.itemValue', formatRupees(gift.approxValue)]] : []),
                      ['gifts.field.mobile', gift.mobile || '—'],
                      ['gifts.field.relation', t(`gifts.relation.${gift.relation}`)],
                      ...(gift.note ? [['gifts.field.note', gift.note]] : []),
                      ['gifts.list.counter', counter?.code ?? '—'],
                      ['gifts.detail.enteredBy', nameOf(gift.enteredBy)],
                      ...(gift.pinAuthorId ? [['gifts.detail.pinAuthor', nameOf(gift.pinAuthorId)]] : []),
                      ...(gift.pushedBy ? [['gifts.detail.pushedBy', nameOf(gift.pushedBy)]] : []),
                      ['gifts.detail.enteredAt', when(gift.enteredAt)],
                      // The tablet's own clock, when it was off from the server's by more than a minute.
                      ...(gift.deviceEnteredAt && Math.abs(gift.clockOffsetMs ?? 0) > 60_000 ? [['gifts.detail.deviceTime', when(gift.deviceEnteredAt)]] : []),
                    ] as [string, string][]).map(([k, v]) => (
                      <Table.Tr key={k}>
                        <Table.Td c="dimmed" w="40%">{t(k as 'gifts.field.name')}</Table.Td>
                        <Table.Td fw={500}>{v}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <GiftFlags gift={gift} nameOf={nameOf} when={when} />
                <Group gap="xs">
                  {actions?.reprint !== false && !gift.deletedAt && <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => setReceiptOpen(true)}>{t('gifts.detail.reprint')}</Button>}
                  {!gift.deletedAt && can('edit') && <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => start('edit')}>{t('gifts.detail.edit')}</Button>}
                  {!gift.deletedAt && can('delete') && <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => start('delete')}>{t('gifts.detail.delete')}</Button>}
                  {gift.deletedAt && can('restore') && <Button variant="light" color="teal" leftSection={<IconRestore size={16} />} onClick={() => start('restore')}>{t('gifts.detail.restore')}</Button>}
                </Group>
                {actions && !gift.deletedAt && !can('edit') && !can('delete') && (actions.edit || actions.delete) && <Text size="xs" c="dimmed">{t('gifts.detail.notAllowed')}</Text>}
              </>
            )}
            {mode === 'edit' && values && (
              <Stack gap="xs">
                <TextInput label={t('gifts.field.name')} required value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} error={errors.name} />
                <TextInput label={t('gifts.field.initial')} value={values.initial} onChange={(e) => setValues({ ...values, initial: e.currentTarget.value })} />
                <TextInput label={t('gifts.field.village')} value={values.village} onChange={(e) => setValues({ ...values, village: e.currentTarget.value })} />
                <TextInput label={t('gifts.field.amount')} inputMode="numeric" value={values.amount} onChange={(e) => setValues({ ...values, amount: e.currentTarget.value.replace(/\D/g, '').slice(0, 7) })} error={errors.amount} />
                <NativeSelect label={t('gifts.field.mode')} value={values.mode} onChange={(e) => setValues({ ...values, mode: e.currentTarget.value as PaymentMode })} data={paymentModes.map((m) => ({ value: m, label: t(`glossary.paymentMode.${m}`) }))} />
                {(values.mode === 'upi' || values.mode === 'cheque') && <TextInput label={t('gifts.detail.reference')} value={values.reference} onChange={(e) => setValues({ ...values, reference: e.currentTarget.value })} />}
                {values.mode === 'item' && <TextInput label={t('gifts.field.item')} value={values.item} onChange={(e) => setValues({ ...values, item: e.currentTarget.value })} error={errors.item} />}
                <TextInput label={t('gifts.field.mobile')} inputMode="numeric" value={values.mobile} onChange={(e) => setValues({ ...values, mobile: e.currentTarget.value.replace(/\D/g, '').slice(0, 10) })} error={errors.mobile} />
                <NativeSelect label={t('gifts.field.relation')} value={values.relation} onChange={(e) => setValues({ ...values, relation: e.currentTarget.value as LocalGift['relation'] })} data={relations.map((r) => ({ value: r, label: t(`gifts.relation.${r}`) }))} />
                <TextInput label={t('gifts.field.note')} value={values.note} onChange={(e) => setValues({ ...values, note: e.currentTarget.value })} />
              </Stack>
            )}
            {mode !== 'view' && (
              <Stack gap="xs">
                <Textarea label={t('gifts.detail.reason')} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} rows={2} data-autofocus />
                {failure && <Alert color="red" role="alert">{failure}</Alert>}
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setMode('view')} disabled={busy}>{t('common.cancel')}</Button>
                  <Button loading={busy} color={mode === 'delete' ? 'red' : mode === 'restore' ? 'teal' : undefined} onClick={submit}>
                    {mode === 'edit' ? t('gifts.detail.saveEdit') : mode === 'delete' ? t('gifts.detail.confirmDelete') : t('gifts.detail.confirmRestore')}
                  </Button>
                </Group>
              </Stack>
            )}
            <Divider />
            <Title order={5}>{t('gifts.detail.history')}</Title>
            {audits && audits.length === 0 && <Text size="sm" c="dimmed">{t('gifts.detail.noHistory')}</Text>}
            {audits && audits.length > 0 && (
              <Timeline bulletSize={14} lineWidth={2} data-testid="audit-trail">
                {audits.map((a) => (
                  <Timeline.Item key={a.id} title={`${t(`gifts.detail.action.${a.action}`)} · ${nameOf(a.by)}`}>
                    <Text size="xs" c="dimmed">{when(a.at)}</Text>
                    {a.reason && <Text size="sm">{t('gifts.detail.reason')}: {a.reason}</Text>}
                    {a.action === 'update' && a.after && Object.keys(a.after).map((k) => (
                      <Text size="sm" key={k}>
                        {t('gifts.detail.changed', { field: fieldLabel[k] ? t(fieldLabel[k] as 'gifts.field.name') : k, before: fmt(k, a.before?.[k]), after: fmt(k, a.after?.[k]) })}
                      </Text>
                    ))}
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </Stack>
        )}
      </Drawer>
      <ReceiptDialog gift={gift ?? null} opened={receiptOpen} onClose={() => setReceiptOpen(false)} />
    </>
  );
});
