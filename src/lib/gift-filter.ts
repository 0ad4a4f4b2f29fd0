// Search-as-you-type and filters over gift rows, in memory (the device holds the event's gifts).
// Matches name, initial, village, receipt number and mobile, in Tamil or English, ignoring case
// and spaces/dots, so "m. murugan" finds "M.Murugan".
export type FilterableGift = {
  name: string;
  initial: string;
  village: string;
  receiptNo: string;
  mobile: string;
  counterId: string;
  mode: string;
  enteredAt: string;
};

export type GiftFilter = { q?: string; counterId?: string | null; mode?: string | null; from?: string | null; to?: string | null };

export const normalize = (s: string): string => s.toLocaleLowerCase('en-IN').normalize('NFC').replace(/[\s.]+/g, '');

/** The text a gift is searched by, normalized once (build it when the rows change, not per keystroke). */
export function searchText(g: FilterableGift): string {
  return `${normalize(g.initial + g.name)}|${normalize(g.name)}|${normalize(g.village)}|${normalize(g.receiptNo)}|${g.mobile}`;
}

export function giftMatches(g: FilterableGift, f: GiftFilter, needle = f.q ? normalize(f.q) : '', text?: string): boolean {
  if (f.counterId && g.counterId !== f.counterId) return false;
  if (f.mode && g.mode !== f.mode) return false;
  if (f.from && g.enteredAt < f.from) return false;
  if (f.to && g.enteredAt > f.to) return false;
  if (!needle) return true;
  if (text !== undefined) return text.includes(needle);
  return (
    normalize(g.name).includes(needle) ||
    normalize(g.initial + g.name).includes(needle) ||
    normalize(g.village).includes(needle) ||
    normalize(g.receiptNo).includes(needle) ||
    g.mobile.includes(needle)
  );
}

/** `index[i]` is searchText(gifts[i]); pass it to make each keystroke a plain substring scan. */
export function filterGifts<G extends FilterableGift>(gifts: readonly G[], f: GiftFilter, index?: readonly string[]): G[] {
  const needle = f.q ? normalize(f.q) : '';
  if (!needle && !f.counterId && !f.mode && !f.from && !f.to) return gifts.slice();
  return gifts.filter((g, i) => giftMatches(g, f, needle, index?.[i]));
}
