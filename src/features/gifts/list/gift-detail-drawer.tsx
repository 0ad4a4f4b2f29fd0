// One gift in a drawer: its fields, its sync state, its audit trail (who, when, before → after,
// reason), and the corrections the caller allows: edit, delete and restore, each with a reason,
// written on the device through the gift repository (works offline); plus reprinting the receipt.
// An edit offers exactly the fields gift.update may patch (contract patchableGiftFields) and checks
// them by the contract's rules (giftFieldIssues), worded in the user's language.
import { memo, useEffect, useState } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea, Timeline, Title } from '@mantine/core';
import { IconEdit, IconPrinter, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { giftFieldIssues, patchableGiftFields, paymentModes, relations, type PatchableGiftField, type PaymentMode } from '../../../../contract/entities';
import { isMoneyMode, itemEstimateOf } from '../../../../contract/money';
import type { LocalCounter, LocalGift } from '../../../data/db';
import { deleteGift, restoreGift, updateGift, type GiftPatch } from '../../../data/gifts-repo';
import { useGift, useGiftAudits, useGiftRejection, useStaffPins, useUsersMap } from '../../../data/gift-queries';
import { formatDate, formatRupees } from '../../../lib/format';
import { ReceiptDialog } from '../receipt/receipt-dialog';
import { GiftFlags } from '../../../components/gift-list/gift-flags';
import { parseWeight } from '../entry/validate';
import { errorOfIssue, giftErrorText, type FieldError } from '../gift-rules';

export type GiftActions = {
  edit?: (g: LocalGift) => boolean;
  delete?: (g: LocalGift) => boolean;
  restore?: (g: LocalGift) => boolean;
  reprint?: boolean;
};


type Mode = 'view' | 'edit' | 'delete' | 'restore';

const isItem = (m: PaymentMode) => m === 'item';
type FieldUi = { label: string; kind: 'text' | 'rupees' | 'grams' | 'mobile' | 'mode' | 'relation'; required?: boolean; shownFor?: (mode: PaymentMode) => boolean };
/**
 * How the edit offers each field gift.update may patch, in the order shown. Keyed by exactly the
 * contract's patchable set: a field outside it cannot be offered, and a new patchable field does not
 * compile until it has a control here. `shownFor`: the payment modes the field belongs to.
 */
const fieldUi = {
  name: { label: 'gifts.field.name', kind: 'text', required: true },
  initial: { label: 'gifts.field.initial', kind: 'text' },
  village: { label: 'gifts.field.village', kind: 'text' },
  kinName: { label: 'gifts.field.kinName', kind: 'text' },
  title: { label: 'gifts.field.title', kind: 'text' },
  mode: { label: 'gifts.field.mode', kind: 'mode' },
  amount: { label: 'gifts.field.amount', kind: 'rupees', required: true, shownFor: isMoneyMode },
  returningAmount: { label: 'gifts.field.returning', kind: 'rupees', shownFor: isMoneyMode },
  reference: { label: 'gifts.detail.reference', kind: 'text', shownFor: (m) => m === 'upi' || m === 'cheque' },
  item: { label: 'gifts.field.item', kind: 'text', required: true, shownFor: isItem },
  weightGrams: { label: 'gifts.field.weight', kind: 'grams', shownFor: isItem },
  approxValue: { label: 'gifts.field.itemValue', kind: 'rupees', shownFor: isItem },
  mobile: { label: 'gifts.field.mobile', kind: 'mobile' },
  relation: { label: 'gifts.field.relation', kind: 'relation' },
  note: { label: 'gifts.field.note', kind: 'text' },
} satisfies Record<PatchableGiftField, FieldUi>;
const editFields = (Object.keys(fieldUi) as PatchableGiftField[]).filter((k) => patchableGiftFields.includes(k));
const shown = (k: PatchableGiftField, mode: PaymentMode) => {
  const ui: FieldUi = fieldUi[k];
  return !ui.shownFor || ui.shownFor(mode);
};

/** The edit's values as typed, one per patchable field. */
type EditValues = Record<PatchableGiftField, string>;
type EditErrors = Partial<Record<PatchableGiftField, FieldError>>;

function toEdit(g: LocalGift): EditValues {
  const out = {} as EditValues;
  for (const k of editFields) out[k] = String(g[k] ?? '');
  return out;
}

/** What a field holds once it no longer belongs to the gift's mode (as the entry form stores it). */
const cleared = (k: PatchableGiftField): unknown => (k === 'amount' ? 0 : k === 'weightGrams' || k === 'approxValue' || k === 'returningAmount' ? null : '');

/**
 * The patch of an edit: the fields that differ from the gift, read from what was typed. Fields not
 * of the gift's (new) mode are left as they are, or cleared when the mode changed. Errors: what was
 * typed that is not a number at all, then the contract's rules for the patch on this gift.
 */
function editPatch(gift: LocalGift, values: EditValues): { patch: GiftPatch; errors: EditErrors } {
  const mode = values.mode as PaymentMode;
  const patch: Partial<Record<PatchableGiftField, unknown>> = {};
  const errors: EditErrors = {};
  for (const k of editFields) {
    let value: unknown;
    if (shown(k, mode)) {
      const text = values[k];
      const kind: FieldUi['kind'] = fieldUi[k].kind;
      if (kind === 'rupees') value = text.trim() === '' ? (k === 'amount' ? 0 : null) : Number(text);
      else if (kind === 'grams') {
        const w = parseWeight(text);
        if (w === 'invalid') {
          errors[k] = { key: 'weightInvalid' };
          continue;
        }
        value = w;
      } else if (kind === 'text') value = text.trim();
      else value = text;
    } else if (mode !== gift.mode) value = cleared(k);
    else continue;
    // A field the gift never had (an older gift's identity fields) reads as its cleared value.
    if (value !== (gift[k] ?? cleared(k))) patch[k] = value;
  }
  for (const i of giftFieldIssues(patch, gift)) {
    if (errors[i.field]) continue;
    errors[i.field] = i.field === 'amount' && !values.amount.trim() ? { key: 'amountRequired' } : errorOfIssue(i);
  }
  return { patch: patch as GiftPatch, errors };
}

const grams = (n: number) => `${n.toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`;

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
  const [errors, setErrors] = useState<EditErrors>({});
  const [reasonMissing, setReasonMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [receiptOpen, setReceiptOpen] = useState(false);
  const locale = i18n.language === 'ta' ? 'ta-IN' : 'en-IN';

  useEffect(() => {
    setMode('view');
    setReason('');
    setErrors({});
    setReasonMissing(false);
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
    setReasonMissing(false);
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
    const noReason = !reason.trim();
    setReasonMissing(noReason);
    if (mode === 'edit' && values) {
      const { patch, errors: errs } = editPatch(gift, values);
      setErrors(errs);
      if (noReason || Object.keys(errs).length) return;
      if (Object.keys(patch).length === 0) {
        setMode('view');
        return;
      }
      void run(() => updateGift(gift.id, patch, reason.trim(), actor.id));
      return;
    }
    if (noReason) return;
    if (mode === 'delete') void run(() => deleteGift(gift.id, reason.trim(), actor.id));
    else if (mode === 'restore') void run(() => restoreGift(gift.id, reason.trim(), actor.id));
  };

  const fmt = (k: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if ((k === 'amount' || k === 'approxValue') && typeof v === 'number') return formatRupees(v);
    if (k === 'weightGrams' && typeof v === 'number') return grams(v);
    if (k === 'mode') return t(`glossary.paymentMode.${v as PaymentMode}`);
    if (k === 'relation') return t(`gifts.relation.${v as LocalGift['relation']}`);
    if (k === 'deletedAt') return when(String(v));
    return String(v);
  };
  const labelOf = (k: string) => (k in fieldUi ? t(fieldUi[k as PatchableGiftField].label as 'gifts.field.name') : k);
  const errorOf = (k: PatchableGiftField) => { const e = errors[k]; return e ? giftErrorText(t, e) : undefined; };
  const setValue = (k: PatchableGiftField, v: string) => {
    setValues((cur) => (cur ? { ...cur, [k]: v } : cur));
    if (errors[k]) setErrors((cur) => ({ ...cur, [k]: undefined }));
  };
  const control = (k: PatchableGiftField, vals: EditValues) => {
    const ui: FieldUi = fieldUi[k];
    const common = { name: k, label: t(ui.label as 'gifts.field.name'), value: vals[k], error: errorOf(k) };
    switch (ui.kind) {
      case 'mode':
        return <NativeSelect key={k} {...common} onChange={(e) => setValue(k, e.currentTarget.value)} data={paymentModes.map((m) => ({ value: m, label: t(`glossary.paymentMode.${m}`) }))} />;
      case 'relation':
        return <NativeSelect key={k} {...common} onChange={(e) => setValue(k, e.currentTarget.value)} data={relations.map((r) => ({ value: r, label: t(`gifts.relation.${r}`) }))} />;
      case 'rupees':
      case 'mobile':
        return <TextInput key={k} {...common} required={ui.required} inputMode="numeric" onChange={(e) => setValue(k, e.currentTarget.value.replace(/\D/g, ''))} />;
      case 'grams':
        return <TextInput key={k} {...common} inputMode="decimal" onChange={(e) => setValue(k, e.currentTarget.value.replace(/[^\d.]/g, ''))} />;
      default:
        return <TextInput key={k} {...common} required={ui.required} onChange={(e) => setValue(k, e.currentTarget.value)} />;
    }
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
                      // Issue 30: who they are beyond the name, and of the amount the part returning moi the host gave.
                      ...(gift.kinName ? [['gifts.field.kinName', gift.kinName]] : []),
                      ...(gift.title ? [['gifts.field.title', gift.title]] : []),
                      // An item is never money (contract/money.ts): its weight and estimate are shown instead.
                      ...(isMoneyMode(gift.mode) ? [['gifts.field.amount', formatRupees(gift.amount)]] : []),
                      ...(isMoneyMode(gift.mode) && gift.returningAmount != null
                        ? [['gifts.field.returning', `${formatRupees(gift.returningAmount)} · ${t('gifts.field.newPart', { amount: formatRupees(gift.amount - gift.returningAmount) })}`]] : []),
                      ['gifts.field.mode', t(`glossary.paymentMode.${gift.mode}`)],
                      ...(gift.reference ? [['gifts.detail.reference', gift.reference]] : []),
                      ...(gift.item ? [['gifts.field.item', gift.item]] : []),
                      ...(gift.weightGrams ? [['gifts.field.weight', grams(gift.weightGrams)]] : []),
                      ...(gift.mode === 'item' && (gift.approxValue != null || gift.amount > 0) ? [['gifts.field.itemValue', formatRupees(itemEstimateOf(gift))]] : []),
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
              <Stack gap="xs" data-testid="gift-edit">
                {editFields.filter((k) => shown(k, values.mode as PaymentMode)).map((k) => control(k, values))}
              </Stack>
            )}
            {mode !== 'view' && (
              <Stack gap="xs">
                <Textarea label={t('gifts.detail.reason')} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={reasonMissing ? t('gifts.detail.reasonRequired') : undefined} rows={2} data-autofocus />
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
                        {t('gifts.detail.changed', { field: labelOf(k), before: fmt(k, a.before?.[k]), after: fmt(k, a.after?.[k]) })}
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
