// The gift entry form, keyboard first: Enter moves to the next field, Ctrl+Enter saves, a large
// Save button for touch. A likely repeat asks before saving; the gift is written to the device
// (record + outbox in one transaction) and only then handed to onSaved for the receipt.
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  Alert, Autocomplete, Button, Checkbox, Grid, Group, Modal, NativeSelect, SegmentedControl, Stack, Text, TextInput,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paymentModes, relations, type PaymentMode } from '../../../../contract/entities';
import type { LocalCounter, LocalEvent, LocalGift } from '../../../data/db';
import { isQuotaError } from '../../../data/outbox';
import { createGift } from '../../../data/gifts-repo';
import { findLikelyRepeat, pickRepeat, subscribeRecentGifts, suggestVillages } from '../../../data/gift-queries';
import { setFormDirty } from '../../../data/form-dirty';
import { formatRupees } from '../../../lib/format';
import type { OnDuty } from '../shift/use-shift';
import { UpiQr } from './upi-qr';
import { QUICK_AMOUNTS, digitsOnly, emptyEntry, toGiftFields, validateEntry, type EntryErrors, type EntryValues, type Relation } from './validate';

export type GiftEntryFormProps = {
  event: LocalEvent | null;
  counter: LocalCounter;
  onDuty: OnDuty;
  villages: string[];
  onSaved: (gift: LocalGift) => void;
  disabled?: boolean;
};

const FIELD = 'data-entry-field';

export function GiftEntryForm({ event, counter, onDuty, villages, onSaved, disabled }: GiftEntryFormProps) {
  const { t, i18n } = useTranslation();
  const [v, setV] = useState<EntryValues>(emptyEntry);
  const [errors, setErrors] = useState<EntryErrors>({});
  // A ref, not state: a save must not cost an extra render of the whole form before the commit.
  const savingRef = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [repeat, setRepeat] = useState<LocalGift | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const upiId = event?.upiId ?? null;
  const lang = i18n.language === 'ta' ? 'ta' : 'en';
  const payee = event?.hostNames || (lang === 'ta' ? event?.titleTa || event?.titleEn : event?.titleEn || event?.titleTa) || '';

  const dirty = !!(v.name || v.amount || v.village || v.initial);
  useEffect(() => {
    setFormDirty('gift-entry', dirty);
    return () => setFormDirty('gift-entry', false);
  }, [dirty]);

  useEffect(() => {
    nameRef.current?.focus();
  }, [counter.id]);

  // Recent gifts of this event (all counters, as pulled) plus what this form just saved.
  const recentRef = useRef<LocalGift[] | null>(null);
  const justSavedRef = useRef<LocalGift[]>([]);
  useEffect(() => {
    recentRef.current = null;
    return subscribeRecentGifts(counter.eventId, (gs) => {
      recentRef.current = gs;
    });
  }, [counter.eventId]);

  const set = <K extends keyof EntryValues>(k: K, value: EntryValues[K]) => {
    setV((cur) => ({ ...cur, [k]: value }));
    if (errors[k]) setErrors((cur) => ({ ...cur, [k]: undefined }));
  };

  const villageOptions = useMemo(() => suggestVillages(villages, v.village, 8), [villages, v.village]);
  const amountNum = /^\d+$/.test(v.amount) ? Number(v.amount) : null;

  const focusFirstError = (e: EntryErrors) => {
    const order: (keyof EntryValues)[] = ['name', 'amount', 'item', 'chequeNo', 'mobile', 'upiConfirmed'];
    const first = order.find((k) => e[k]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const commit = async (values: EntryValues) => {
    performance.mark('moi.save.commit');
    setFailure(null);
    try {
      const gift = await createGift({
        ...toGiftFields(values),
        eventId: counter.eventId,
        counterId: counter.id,
        counterCode: counter.code,
        enteredBy: onDuty.userId,
      });
      performance.mark('moi.save.committed');
      justSavedRef.current = [...justSavedRef.current.slice(-49), gift];
      setV((cur) => ({ ...emptyEntry(), relation: cur.relation }));
      setErrors((cur) => (Object.keys(cur).length ? {} : cur));
      onSaved(gift);
      nameRef.current?.focus();
    } catch (e) {
      setFailure(isQuotaError(e) ? t('gifts.error.storageFull') : t('gifts.error.saveFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const save = async () => {
    if (savingRef.current || disabled) return;
    performance.mark('moi.save.start');
    const e = validateEntry(v, { upiNeedsConfirm: !!upiId });
    if (Object.values(e).some(Boolean)) {
      setErrors(e);
      focusFirstError(e);
      return;
    }
    savingRef.current = true;
    try {
      const fields = toGiftFields(v);
      const probe = { eventId: counter.eventId, name: fields.name, village: fields.village, amount: fields.amount };
      const recent = recentRef.current;
      let dup: LocalGift | null;
      if (recent) {
        // the live copy wins over what this form remembers (it may since have been deleted)
        const seen = new Set(recent.map((g) => g.id));
        dup = pickRepeat([...recent, ...justSavedRef.current.filter((g) => !seen.has(g.id))], probe);
      } else dup = await findLikelyRepeat(probe);
      if (dup) {
        setRepeat(dup);
        return;
      }
      await commit(v);
    } finally {
      savingRef.current = false;
    }
  };

  const confirmRepeat = async () => {
    if (savingRef.current) return;
    savingRef.current = true;
    setRepeat(null);
    try {
      await commit(v);
    } finally {
      savingRef.current = false;
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      void save();
      return;
    }
    if (target.tagName === 'BUTTON' || target.tagName === 'TEXTAREA' || e.defaultPrevented) return;
    const fields = Array.from(formRef.current?.querySelectorAll<HTMLElement>(`[${FIELD}]`) ?? []).filter((el) => !(el as HTMLInputElement).disabled);
    const i = fields.indexOf(target);
    if (i < 0) return;
    e.preventDefault();
    if (i === fields.length - 1) void save();
    else fields[i + 1].focus();
  };

  const err = (k: keyof EntryValues) => (errors[k] ? t(`gifts.error.${errors[k]}`) : undefined);
  const fieldProps = { [FIELD]: '' } as Record<string, string>;

  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={t('gifts.entry.title')}>
        <Stack gap="sm">
          <TextInput
            ref={nameRef}
            name="name"
            label={t('gifts.field.name')}
            required
            size="lg"
            autoComplete="off"
            value={v.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={err('name')}
            disabled={disabled}
            {...fieldProps}
          />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="initial"
                label={t('gifts.field.initial')}
                size="md"
                autoComplete="off"
                value={v.initial}
                onChange={(e) => set('initial', e.currentTarget.value)}
                disabled={disabled}
                {...fieldProps}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Autocomplete
                name="village"
                label={t('gifts.field.village')}
                size="md"
                autoComplete="off"
                data={villageOptions}
                value={v.village}
                onChange={(value) => set('village', value)}
                disabled={disabled}
                comboboxProps={{ withinPortal: true }}
                {...fieldProps}
              />
            </Grid.Col>
          </Grid>
          <TextInput
            name="amount"
            label={v.mode === 'item' ? t('gifts.field.itemValue') : t('gifts.field.amount')}
            required={v.mode !== 'item'}
            size="lg"
            inputMode="numeric"
            autoComplete="off"
            leftSection={<Text fw={700}>₹</Text>}
            value={v.amount}
            onChange={(e) => set('amount', digitsOnly(e.currentTarget.value, 7))}
            error={err('amount')}
            description={amountNum ? formatRupees(amountNum) : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={disabled}
            {...fieldProps}
          />
          <Group gap="xs" aria-label={t('gifts.field.quickAmounts')} role="group">
            {QUICK_AMOUNTS.map((a) => (
              <Button
                key={a}
                type="button"
                variant={amountNum === a ? 'filled' : 'light'}
                size="md"
                radius="xl"
                tabIndex={-1}
                disabled={disabled}
                onClick={() => set('amount', String(a))}
              >
                {formatRupees(a)}
              </Button>
            ))}
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="mode-label">{t('gifts.field.mode')}</Text>
            <SegmentedControl
              aria-labelledby="mode-label"
              size="md"
              fullWidth
              value={v.mode}
              disabled={disabled}
              onChange={(m) => setV((cur) => ({ ...cur, mode: m as PaymentMode, upiConfirmed: false }))}
              data={paymentModes.map((m) => ({ value: m, label: t(`gifts.mode.${m}`) }))}
            />
          </Stack>
          {v.mode === 'upi' && (
            <Stack gap="xs">
              <UpiQr upiId={upiId} payee={payee} amount={amountNum} note={`${t('receipt.title')} ${counter.code}`} />
              <TextInput name="upiRef" label={t('gifts.field.upiRef')} size="md" autoComplete="off" value={v.upiRef} onChange={(e) => set('upiRef', e.currentTarget.value)} disabled={disabled} {...fieldProps} />
              {upiId && (
                <Checkbox
                  name="upiConfirmed"
                  size="md"
                  label={t('gifts.upi.confirm')}
                  checked={v.upiConfirmed}
                  onChange={(e) => set('upiConfirmed', e.currentTarget.checked)}
                  error={err('upiConfirmed')}
                  disabled={disabled}
                />
              )}
            </Stack>
          )}
          {v.mode === 'cheque' && (
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput name="chequeNo" label={t('gifts.field.chequeNo')} required size="md" autoComplete="off" value={v.chequeNo} onChange={(e) => set('chequeNo', e.currentTarget.value)} error={err('chequeNo')} disabled={disabled} {...fieldProps} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput name="bank" label={t('gifts.field.bank')} size="md" autoComplete="off" value={v.bank} onChange={(e) => set('bank', e.currentTarget.value)} disabled={disabled} {...fieldProps} />
              </Grid.Col>
            </Grid>
          )}
          {v.mode === 'item' && (
            <TextInput name="item" label={t('gifts.field.item')} required size="md" autoComplete="off" value={v.item} onChange={(e) => set('item', e.currentTarget.value)} error={err('item')} disabled={disabled} {...fieldProps} />
          )}
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="mobile"
                label={t('gifts.field.mobile')}
                size="md"
                inputMode="numeric"
                autoComplete="off"
                value={v.mobile}
                onChange={(e) => set('mobile', digitsOnly(e.currentTarget.value, 10))}
                error={err('mobile') ?? (v.mobile && v.mobile.length !== 10 ? t('gifts.error.mobile') : undefined)}
                disabled={disabled}
                {...fieldProps}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                name="relation"
                label={t('gifts.field.relation')}
                size="md"
                value={v.relation}
                onChange={(e) => set('relation', e.currentTarget.value as Relation)}
                data={relations.map((r) => ({ value: r, label: t(`gifts.relation.${r}`) }))}
                disabled={disabled}
                {...fieldProps}
              />
            </Grid.Col>
          </Grid>
          <TextInput name="note" label={t('gifts.field.note')} size="md" autoComplete="off" value={v.note} onChange={(e) => set('note', e.currentTarget.value)} disabled={disabled} {...fieldProps} />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Button type="submit" size="xl" fullWidth disabled={disabled} leftSection={<IconDeviceFloppy size={26} />}>
            {t('gifts.save')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">{t('gifts.saveHint')}</Text>
        </Stack>
      </form>
      <Modal opened={!!repeat} onClose={() => setRepeat(null)} title={t('gifts.repeat.title')} centered>
        {repeat && (
          <Stack>
            <Text>
              {t('gifts.repeat.body', {
                name: repeat.name,
                village: repeat.village || '—',
                amount: formatRupees(repeat.amount),
                time: new Date(repeat.enteredAt).toLocaleTimeString(lang === 'ta' ? 'ta-IN' : 'en-IN', { hour: '2-digit', minute: '2-digit' }),
                receiptNo: repeat.receiptNo,
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => { setRepeat(null); nameRef.current?.focus(); }} data-autofocus>{t('gifts.repeat.cancel')}</Button>
              <Button color="orange" onClick={() => void confirmRepeat()}>{t('gifts.repeat.confirm')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
