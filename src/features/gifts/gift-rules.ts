// The gift forms' errors (the entry form, the gift drawer): the contract's rules (giftFieldIssues in
// contract/entities.ts) turned into keys under gifts.error.*, worded in the user's language with the
// contract's own limits; zod's English messages are never shown.
import type { TFunction } from 'i18next';
import type { GiftFieldIssue } from '../../../contract/entities';
import { formatNumber, formatRupees } from '../../lib/format';

export type GiftErrorKey =
  | 'nameRequired' | 'amountRequired' | 'amountWhole' | 'amountMax' | 'valueMax' | 'mobile' | 'itemRequired'
  | 'weightInvalid' | 'weightMax' | 'tooLong' | 'invalid' | 'chequeRequired' | 'upiConfirm' | 'returningMax';
/** One field's error: a message key and, for a limit, the contract's limit. */
export type FieldError = { key: GiftErrorKey; max?: number };

/** The error a form shows for one broken rule of the contract, by field and issue code. */
export function errorOfIssue(i: GiftFieldIssue): FieldError {
  const tooBig = i.code === 'too_big';
  switch (i.field) {
    case 'name': return tooBig ? { key: 'tooLong', max: i.maximum } : { key: 'nameRequired' };
    case 'amount': return tooBig ? { key: 'amountMax', max: i.maximum } : { key: 'amountWhole' };
    case 'approxValue': return tooBig ? { key: 'valueMax', max: i.maximum } : { key: 'amountWhole' };
    case 'weightGrams': return tooBig ? { key: 'weightMax', max: i.maximum } : { key: 'weightInvalid' };
    case 'mobile': return { key: 'mobile' };
    case 'item': return tooBig ? { key: 'tooLong', max: i.maximum } : { key: 'itemRequired' };
    case 'returningAmount': return tooBig ? { key: 'returningMax', max: i.maximum } : { key: 'amountWhole' };
    default: return tooBig ? { key: 'tooLong', max: i.maximum } : { key: 'invalid' };
  }
}

/** The error in the user's language; a money limit shown in rupees (₹10,00,000), others as numbers. */
export function giftErrorText(t: TFunction, e: FieldError): string {
  if (e.max === undefined) return t(`gifts.error.${e.key}`);
  const money = e.key === 'amountMax' || e.key === 'valueMax' || e.key === 'returningMax';
  return t(`gifts.error.${e.key}`, { max: money ? formatRupees(e.max) : formatNumber(e.max) });
}
