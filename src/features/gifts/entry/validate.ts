// The gift entry form's values and rules (pure, so they are tested on their own).
import { MAX_GIFT_AMOUNT, type PaymentMode, type Relation } from '../../../../contract/entities';
import { parseAmount } from './shortcuts';

export type { Relation };

export type EntryValues = {
  name: string;
  initial: string;
  village: string;
  mobile: string;
  relation: Relation;
  mode: PaymentMode;
  amount: string;
  upiRef: string;
  chequeNo: string;
  bank: string;
  item: string;
  /** Item gifts: grams of gold or silver, as typed (optional). */
  weight: string;
  note: string;
  upiConfirmed: boolean;
  /** The giver agreed to a receipt message on this mobile (issue 15); off unless ticked. */
  messageConsent: boolean;
};

export const emptyEntry = (): EntryValues => ({
  name: '', initial: '', village: '', mobile: '', relation: 'relative', mode: 'cash', amount: '',
  upiRef: '', chequeNo: '', bank: '', item: '', weight: '', note: '', upiConfirmed: false, messageConsent: false,
});

/** Nothing typed yet (the relation and payment mode are choices, not typing). */
export const isBlankEntry = (v: EntryValues): boolean =>
  !(v.name || v.initial || v.village || v.mobile || v.amount || v.upiRef || v.chequeNo || v.bank || v.item || v.weight || v.note);

/** A stored draft made safe to show again: known fields only, and the UPI payment never pre-confirmed. */
export function entryFromDraft(d: unknown): EntryValues | null {
  if (!d || typeof d !== 'object') return null;
  const base = emptyEntry();
  const out = { ...base } as Record<string, unknown>;
  for (const k of Object.keys(base) as (keyof EntryValues)[]) {
    const v = (d as Record<string, unknown>)[k];
    if (typeof v === typeof base[k]) out[k] = v;
  }
  out.upiConfirmed = false;
  const e = out as EntryValues;
  return isBlankEntry(e) ? null : e;
}

/** Error keys under gifts.error.* by field. */
export type EntryErrors = Partial<Record<keyof EntryValues, 'nameRequired' | 'amountRequired' | 'amountWhole' | 'amountMax' | 'mobile' | 'itemRequired' | 'weightInvalid' | 'chequeRequired' | 'upiConfirm'>>;

/** Up to 100 kg, to the milligram: "8", "8.5", "12.125". */
export const MAX_WEIGHT_GRAMS = 100_000;
export function parseWeight(s: string): number | null | 'invalid' {
  const t = s.trim();
  if (!t) return null;
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(t)) return 'invalid';
  const n = Number(t);
  return n > 0 && n <= MAX_WEIGHT_GRAMS ? n : 'invalid';
}

export const QUICK_AMOUNTS = [101, 201, 501, 1001];

/** Digits only, as typed (the field accepts only digits). */
export const digitsOnly = (s: string, max: number) => s.replace(/\D/g, '').slice(0, max);

export function validateEntry(v: EntryValues, opts: { upiNeedsConfirm: boolean }): EntryErrors {
  const e: EntryErrors = {};
  if (!v.name.trim()) e.name = 'nameRequired';
  const amountText = v.amount.trim();
  if (v.mode === 'item') {
    if (!v.item.trim()) e.item = 'itemRequired';
    if (parseWeight(v.weight) === 'invalid') e.weight = 'weightInvalid';
    if (amountText) {
      const n = parseAmount(amountText);
      if (n === null) e.amount = 'amountWhole';
      else if (n > MAX_GIFT_AMOUNT) e.amount = 'amountMax';
    }
  } else if (!amountText) e.amount = 'amountRequired';
  else if (parseAmount(amountText) === null) e.amount = 'amountWhole';
  else if (parseAmount(amountText)! > MAX_GIFT_AMOUNT) e.amount = 'amountMax';
  if (v.mobile && !/^\d{10}$/.test(v.mobile)) e.mobile = 'mobile';
  if (v.mode === 'cheque' && !v.chequeNo.trim()) e.chequeNo = 'chequeRequired';
  if (v.mode === 'upi' && opts.upiNeedsConfirm && !v.upiConfirmed) e.upiConfirmed = 'upiConfirm';
  return e;
}

/** The `reference` stored with the gift: UPI reference, or "cheque no · bank". */
export function referenceOf(v: EntryValues): string {
  if (v.mode === 'upi') return v.upiRef.trim();
  if (v.mode === 'cheque') return [v.chequeNo.trim(), v.bank.trim()].filter(Boolean).join(' · ');
  return '';
}

export function toGiftFields(v: EntryValues) {
  const weight = parseWeight(v.weight);
  return {
    name: v.name.trim(),
    initial: v.initial.trim(),
    village: v.village.trim(),
    mobile: v.mobile,
    relation: v.relation,
    mode: v.mode,
    // An item is never money (contract/money.ts): its `amount` is 0; what the amount field holds for an
    // item (it reads "estimated value") is stored as approxValue only.
    amount: v.mode === 'item' ? 0 : parseAmount(v.amount) ?? 0,
    reference: referenceOf(v),
    item: v.mode === 'item' ? v.item.trim() : '',
    // Items: the weight of gold or silver and the estimated value.
    weightGrams: v.mode === 'item' ? (weight === 'invalid' ? null : weight) : null,
    approxValue: v.mode === 'item' && v.amount.trim() ? parseAmount(v.amount) : null,
    note: v.note.trim(),
    messageConsent: !!v.mobile && v.messageConsent,
  };
}
