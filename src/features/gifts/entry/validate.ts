// The gift entry form's values and checks (pure, so they are tested on their own). The rules of a
// gift are the contract's (giftFieldIssues: giftInputBaseSchema's limits, giftRuleIssues); the form
// adds only what is its own: reading the typed text, the cheque number and the UPI confirmation.
import { giftFieldIssues, giftInputBaseSchema, type PatchableGiftField, type PaymentMode, type Relation } from '../../../../contract/entities';
import { errorOfIssue, type FieldError } from '../gift-rules';
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
  /** Issue 30, optional: the spouse's or father's name, an occupation or title, and of the amount the part returning moi the host gave (as typed). */
  kinName: string;
  title: string;
  returning: string;
};

/** A gift's relation when no one chose one: the contract's default ('other'), the same as the server's. */
const DEFAULT_RELATION: Relation = giftInputBaseSchema.shape.relation.parse(undefined);

/** Every giver starts from here: nothing of the previous giver (issue 27: a maternal uncle's relation reached the next gift). */
export const emptyEntry = (): EntryValues => ({
  name: '', initial: '', village: '', mobile: '', relation: DEFAULT_RELATION, mode: 'cash', amount: '',
  upiRef: '', chequeNo: '', bank: '', item: '', weight: '', note: '', upiConfirmed: false, messageConsent: false,
  kinName: '', title: '', returning: '',
});

/** Nothing typed yet (the relation and payment mode are choices, not typing). */
export const isBlankEntry = (v: EntryValues): boolean =>
  !(v.name || v.initial || v.village || v.mobile || v.amount || v.upiRef || v.chequeNo || v.bank || v.item || v.weight || v.note || v.kinName || v.title || v.returning);

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

/** Errors by field (keys under gifts.error.*, with the contract's limit where there is one). */
export type EntryErrors = Partial<Record<keyof EntryValues, FieldError>>;

/**
 * A weight as typed, in grams, to the milligram ("8", "8.5", "12.125"): null when empty, 'invalid'
 * when it is not such a number. Its range is the contract's (giftInputBaseSchema.weightGrams).
 */
export function parseWeight(s: string): number | null | 'invalid' {
  const t = s.trim();
  if (!t) return null;
  return /^\d{1,9}(\.\d{1,3})?$/.test(t) ? Number(t) : 'invalid';
}

export const QUICK_AMOUNTS = [101, 201, 501, 1001];

/** Digits only, as typed (the field accepts only digits). */
export const digitsOnly = (s: string, max: number) => s.replace(/\D/g, '').slice(0, max);

/** The entry form's field that shows an issue of the gift's field. */
function entryField(f: PatchableGiftField, mode: PaymentMode): keyof EntryValues | null {
  switch (f) {
    case 'approxValue': return 'amount';
    case 'weightGrams': return 'weight';
    case 'returningAmount': return 'returning';
    case 'reference': return mode === 'upi' ? 'upiRef' : 'chequeNo';
    case 'mode': return null; // a choice of the contract's modes: cannot be wrong
    default: return f;
  }
}

/** Is a mobile number as typed one the contract accepts (empty, or a mobile number)? */
export const mobileAccepted = (mobile: string): boolean => giftFieldIssues({ mobile }).length === 0;

export function validateEntry(v: EntryValues, opts: { upiNeedsConfirm: boolean }): EntryErrors {
  const e: EntryErrors = {};
  // The typed text first: what is not an amount or a weight at all.
  const amountText = v.amount.trim();
  if (amountText && parseAmount(amountText) === null) e.amount = { key: 'amountWhole' };
  if (v.mode === 'item' && parseWeight(v.weight) === 'invalid') e.weight = { key: 'weightInvalid' };
  if (v.mode !== 'item' && v.returning.trim() && parseAmount(v.returning.trim()) === null) e.returning = { key: 'amountWhole' };
  // Then the gift as it would be saved, by the contract's rules.
  for (const i of giftFieldIssues(toGiftFields(v))) {
    const k = entryField(i.field, v.mode);
    if (!k || e[k]) continue;
    e[k] = i.field === 'amount' && !amountText ? { key: 'amountRequired' } : errorOfIssue(i);
  }
  if (v.mode === 'cheque' && !v.chequeNo.trim()) e.chequeNo = { key: 'chequeRequired' };
  if (v.mode === 'upi' && opts.upiNeedsConfirm && !v.upiConfirmed) e.upiConfirmed = { key: 'upiConfirm' };
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
    kinName: v.kinName.trim(),
    title: v.title.trim(),
    // Money only; empty is no split (the whole amount as one).
    returningAmount: v.mode !== 'item' && v.returning.trim() ? parseAmount(v.returning.trim()) : null,
  };
}
