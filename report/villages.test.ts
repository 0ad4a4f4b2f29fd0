// The host's merges and renames of villages (issue 27 item 5), applied by the book on top of the
// village alias table: the village pages, the summary's by-village lines, the Excel/CSV "Village in the
// book" column and the export dialog's figures all follow them.
import { describe, expect, it } from 'vitest';
import type { Gift } from '../contract/entities';
import { bookVillageFigures, buildBook } from './model';
import { event, gifts as sampleGifts, sampleInput } from './fixtures';
import { cleanVillageRules, villageGrouping } from './villages';

// Six more money gifts: Madurai in two spellings and Tirunelveli in three (each one place by the alias
// table's phonetic fold), and Sellur, a part of Madurai the host wants on Madurai's page (a merge).
const more: Gift[] = [
  ['செல்வி', 'மதுரை', 1001], ['Ravi', 'மதுரை', 301], ['Kumar', 'Sellur', 501], ['Devi', 'செல்லூர்', 201], ['ராணி', 'திருநெல்வேலி', 151], ['Babu', 'Tirunelveli', 51],
].map(([name, village, amount], i) => ({
  ...sampleGifts[0], id: `01900000-0000-7000-8000-0000000009${String(i).padStart(2, '0')}`, receiptNo: `A-T1-09${i}`, name: String(name), initial: '', village: String(village), amount: Number(amount),
  enteredAt: new Date(Date.UTC(2026, 10, 20, 9, i)).toISOString(), flags: undefined,
}));
const input = (rules?: Array<{ from: string; to: string }>) => ({ ...sampleInput(), event: { ...event, ...(rules ? { bookVillages: rules } : {}) }, gifts: [...sampleGifts, ...more] });
const pages = (b: ReturnType<typeof buildBook>) => Object.fromEntries(b.villages.map((v) => [v.village, [v.count, v.subtotal]]));

describe('the book\'s villages with the host\'s merges and renames', () => {
  it('without rules: spellings of one place are one village, other places apart', () => {
    expect(pages(buildBook(input()))).toEqual({
      'மதுரை': [3, 2001 + 1001 + 301], 'மேலூர்': [2, 1102], 'செல்லூர்': [2, 702], 'திருநெல்வேலி': [3, 501 + 151 + 51], 'அலங்காநல்லூர்': [1, 1001], '': [1, 201],
    });
  });

  it('a merge joins two villages on one page, a rename prints a village under the new name, everywhere in the book', () => {
    // Sellur merged into மதுரை (by its English spelling: its Tamil one follows); Tirunelveli renamed நெல்லை.
    const rules = [{ from: 'Sellur', to: 'மதுரை' }, { from: 'Tirunelveli', to: 'நெல்லை' }];
    const book = buildBook(input(rules));
    const want = { 'மதுரை': [5, 3303 + 702], 'மேலூர்': [2, 1102], 'நெல்லை': [3, 703], 'அலங்காநல்லூர்': [1, 1001], '': [1, 201] };
    expect(pages(book)).toEqual(want);
    // The summary's by-village lines are the pages (after the maternal uncle's line), adding up to the grand total.
    const lines = book.summary.byVillage.filter((l) => !l.section);
    expect(Object.fromEntries(lines.map((l) => [l.label, [l.count, l.total]]))).toEqual(want);
    expect(book.summary.byVillage.reduce((s, l) => s + l.total, 0)).toBe(book.summary.grandTotal);
    // Each gift's "Village in the book" (Excel, CSV) is its page's title.
    const byName = Object.fromEntries(book.gifts.map((g) => [g.name, g.bookVillage]));
    expect([byName.Kumar, byName.Devi, byName['ராணி'], byName.Babu, byName['பொன்னம்மாள்'], byName.Karthik]).toEqual(['மதுரை', 'மதுரை', 'நெல்லை', 'நெல்லை', 'நெல்லை', 'மதுரை']);
    // The export dialog's figures are the same pages, with the spellings each joins.
    const figures = bookVillageFigures(input(rules));
    expect(Object.fromEntries(figures.map((f) => [f.village, [f.count, f.subtotal]]))).toEqual(want);
    expect(figures.find((f) => f.village === 'மதுரை')!.spellings).toEqual([
      { spelling: 'மதுரை', count: 2 }, { spelling: 'செல்லூர்', count: 1 }, { spelling: 'Madurai', count: 1 }, { spelling: 'Sellur', count: 1 },
    ]);
    // Rules made on one device travel as the event's data: the same book from a copy of them.
    expect(pages(buildBook(input(JSON.parse(JSON.stringify(rules)) as typeof rules)))).toEqual(want);
  });

  it('a rename of an alias group renames all its spellings; the host\'s order follows the new name', () => {
    const book = buildBook(input([{ from: 'Madurai', to: 'Madurai (town)' }]), { villageOrder: ['Madurai (town)'] });
    expect(book.villages[0]).toMatchObject({ village: 'Madurai (town)', count: 3, subtotal: 3303 });
    expect(book.gifts.filter((g) => g.bookVillage === 'Madurai (town)').map((g) => g.village).sort()).toEqual(['Madurai', 'மதுரை', 'மதுரை']);
    expect(book.villages.some((v) => v.village === 'மதுரை')).toBe(false);
  });

  it('follows chains, a later rule for the same village replaces the earlier, and a loop changes nothing', () => {
    const chain = villageGrouping(['A', 'B', 'C'], [], [{ from: 'A', to: 'B' }, { from: 'B', to: 'C' }]);
    expect(['A', 'B', 'C'].map(chain.bookVillage)).toEqual(['C', 'C', 'C']);
    const later = villageGrouping(['A', 'B', 'C'], [], [{ from: 'A', to: 'B' }, { from: 'A', to: 'C' }]);
    expect(['A', 'B', 'C'].map(later.bookVillage)).toEqual(['C', 'B', 'C']);
    const loop = villageGrouping(['A', 'B'], [], [{ from: 'A', to: 'B' }, { from: 'B', to: 'A' }]);
    expect(new Set(['A', 'B'].map(loop.keyOf)).size).toBe(2);
    expect(cleanVillageRules([{ from: ' Melur ', to: 'மேலூர்' }, { from: 'x', to: ' x ' }, { from: 'Melur', to: 'Madurai' }])).toEqual([{ from: 'Melur', to: 'Madurai' }]);
  });
});
