// The one money definition of the product (issues 26 and 27): moi money is what was given as cash,
// UPI or cheque. An item (gold, silver, a vessel) is never money: its weight and the host's
// estimate are shown apart and never added into a money total, on any screen, API, book or sheet.
import type { PaymentMode } from './entities';

export const moneyModes = ['cash', 'upi', 'cheque'] as const satisfies readonly PaymentMode[];

/** Is a gift of this mode money (counted in money totals)? */
export const isMoneyMode = (mode: string): boolean => (moneyModes as readonly string[]).includes(mode);

/** The money a gift adds to a money total: its amount for cash, UPI and cheque; 0 for an item. */
export const moneyOf = (g: { mode: string; amount: number }): number => (isMoneyMode(g.mode) ? g.amount : 0);

/** The same rule as SQL, for a gifts table aliased `g` (or the bare table when alias is ''). */
export const moneyModesSql = `('cash', 'upi', 'cheque')`;

/**
 * The host's estimate of an item gift, in rupees (never money; shown only labelled "estimated"):
 * its `approxValue`, else what an older entry form stored in `amount` for it; 0 for a money gift.
 */
export const itemEstimateOf = (g: { mode: string; amount: number; approxValue?: number | null }): number =>
  (g.mode === 'item' ? g.approxValue ?? g.amount : 0);
