// Ledger arithmetic, pure: what was received from a person (or family) and given to them, the
// balance, and the suggested amount to give at their function by the host's chosen rule.
import type { SuggestionRule } from '../contract/ledger';

export type { SuggestionRule };

export type Balance = { received: number; given: number; difference: number; status: 'to_return' | 'gave_more' | 'settled' };

/** received > given: the host has moi "to return"; given > received: the host "gave more". */
export function balanceOf(received: number, given: number): Balance {
  const difference = received - given;
  return { received, given, difference: Math.abs(difference), status: difference > 0 ? 'to_return' : difference < 0 ? 'gave_more' : 'settled' };
}

/** Customary moi figures (they end in 1: an auspicious odd sum). */
export const customaryFigures = [11, 21, 51, 101, 151, 201, 251, 301, 501, 1001, 1501, 2001, 2501, 3001, 5001, 7501, 10001, 15001, 20001, 25001, 50001, 100001];

/** The next customary figure strictly above `amount` (beyond the table: the next ₹10,000 + 1). */
export function nextCustomary(amount: number): number {
  for (const f of customaryFigures) if (f > amount) return f;
  return (Math.floor(amount / 10_000) + 1) * 10_000 + 1;
}


/**
 * What to give at their function: from the last moi they gave the host (what custom returns),
 * or, when the host has more to return than that, the whole balance. null when they never gave.
 */
export function suggestAmount(lastReceived: number | null, balance: Balance, rule: SuggestionRule): number | null {
  if (lastReceived == null || lastReceived <= 0) return null;
  const base = balance.status === 'to_return' ? Math.max(lastReceived, balance.difference) : lastReceived;
  switch (rule) {
    case 'same': return base;
    case 'plus1': return base + 1;
    case 'plus100': return base + 100;
    case 'round_up': return nextCustomary(base);
  }
}

export type Movement = { personId: string; amount: number };

/** Totals per person, and per family when people are grouped (a father's and a son's gifts together). */
export function totals(received: readonly Movement[], given: readonly Movement[], familyOf: ReadonlyMap<string, string | null> = new Map()) {
  const person = new Map<string, { received: number; given: number }>();
  const family = new Map<string, { received: number; given: number }>();
  const add = (m: Movement, k: 'received' | 'given') => {
    const p = person.get(m.personId) ?? { received: 0, given: 0 };
    p[k] += m.amount;
    person.set(m.personId, p);
    const f = familyOf.get(m.personId);
    if (f) {
      const t = family.get(f) ?? { received: 0, given: 0 };
      t[k] += m.amount;
      family.set(f, t);
    }
  };
  for (const m of received) add(m, 'received');
  for (const m of given) add(m, 'given');
  return { person, family };
}
