// The moi book as data: event, counters, gifts and audits in; sections, totals and annexes out.
// Pure and synchronous, so the PWA's worker and the server's CLI print the very same book.
import type { BookVillageRule, CashTally, Counter, FunctionType, Gift, GiftAudit, GiftFlag, MoiEvent, PaymentMode } from '../contract/entities';
import { chainOf, type Handover } from '../contract/custody';
import { isMoneyMode, itemEstimateOf, moneyOf } from '../contract/money';
import { numberToWordsEn, numberToWordsTa } from './amount-in-words';
import { cleanVillage, villageGrouping, type VillageGrouping } from './villages';

export type BookInput = {
  event: MoiEvent;
  counters: Counter[];
  gifts: Gift[];
  audits: GiftAudit[];
  /** user id → display name, for "entered by", "closed by" and corrections. */
  people?: Record<string, string>;
  /** The custody chain (issue 18): handovers of the event, and its nominees' names. */
  handovers?: Handover[];
  nominees?: Array<{ id: string; name: string }>;
  /** A book made on a device: how many of the event's gifts had changes that had not reached the server yet. */
  notOnServer?: number;
  /** The hosts' own village alias groups (the ledger's), added to the seeded table (ledger/villages.ts). */
  villageAliases?: string[][];
  /** Issue 29: the hall's logo for the cover of a hall's event, as a data: URL (PNG or JPEG: what the PDF can embed). */
  brandLogo?: string | null;
};

export type BookOptions = {
  /** Only this counter's gifts (the annexes then show only its close). */
  counterId?: string;
  /** Gifts entered in [from, to) (ISO strings). */
  from?: string;
  to?: string;
  /** Villages the host wants first, in this order; the rest follow in Tamil alphabetical order. Default: the event's stored order. */
  villageOrder?: string[];
  /** The host's merges and renames of villages (print `from` as `to`). Default: the event's stored rules. */
  villageRules?: BookVillageRule[];
  /** Gifts (ids) the host wants printed first of the village-wise pages, in this order. Default: the event's stored choice. */
  firstGiftIds?: string[];
  /** The counter service's name, printed on the cover. */
  provider?: string;
  bookNo?: string;
  /** Blank ruled pages for late arrivals (default 10). */
  blankPages?: number;
  generatedAt?: string;
};

export type BookRow = {
  serial: number;
  giftId: string;
  receiptNo: string;
  name: string;
  initial: string;
  /** Who the giver is beyond the name (issue 30): the spouse's or father's name and the title, as keyed ('' when neither). */
  identity: string;
  village: string;
  amount: number;
  mode: PaymentMode;
  note: string;
  counterCode: string;
  enteredAt: string;
  enteredBy: string;
};

export type VillageBlock = { no: number; village: string; rows: BookRow[]; count: number; subtotal: number };
export type ItemRow = { serial: number; receiptNo: string; item: string; weightGrams: number | null; approxValue: number | null; giver: string; village: string };
/** A line of a summary table; `section` marks the by-village table's lines for the maternal uncle's and the chosen givers' pages. */
export type TotalLine = { key: string; label: string; count: number; total: number; section?: 'uncle' | 'first' };
export type FlaggedGift = {
  receiptNo: string; giver: string; village: string; amount: number; mode: PaymentMode; counterCode: string; enteredAt: string;
  flags: GiftFlag[]; reviewedBy: string | null; reviewedAt: string | null;
};
/** One step of a counter's custody chain, with names resolved (the PDF words them in its language). */
export type CustodyStep = {
  fromKind: Handover['fromKind']; fromCode: string; toKind: Handover['toKind']; toCode: string; toName: string;
  cash: number; upi: number; cheque: number; items: number; byName: string; at: string; method: Handover['method']; verified: boolean; flags: string[];
};
export type CounterClose = {
  code: string; name: string; tally: CashTally | null; closedByName: string | null; afterClose: { count: number; cash: number };
  /** The counter's live gifts in scope by mode: money per mode, items counted (their estimate apart, never money). */
  byMode: { cash: { count: number; total: number }; upi: { count: number; total: number }; cheque: { count: number; total: number }; item: { count: number; total: number } };
  /** The opening float (0 when none) and the handovers from the count on. */
  float: number; chain: CustodyStep[];
};
export type Correction = {
  receiptNo: string;
  giver: string;
  action: GiftAudit['action'];
  by: string;
  at: string;
  reason: string;
  changes: { field: string; before: string; after: string }[];
};

export type MoiBook = {
  event: { id: string; title: string; titleTa: string; titleEn: string; functionType: FunctionType; date: string; venue: string; hostNames: string };
  provider: string;
  /** Issue 29: the hall's branding on the cover (its events only; null for the provider's own). */
  brand: { nameTa: string; nameEn: string; colour: string | null; footer: string; logo: string | null } | null;
  bookNo: string;
  generatedAt: string;
  /** Gifts with changes not yet on the server when the book was made (a device's book); 0 from the server. */
  notOnServer: number;
  scope: { counter: { code: string; name: string } | null; from: string | null; to: string | null };
  uncle: { rows: BookRow[]; count: number; total: number };
  /** The givers the host chose to print first (before the villages; not repeated in their village's block). */
  first: { rows: BookRow[]; count: number; subtotal: number };
  villages: VillageBlock[];
  items: ItemRow[];
  summary: {
    byVillage: TotalLine[];
    byMode: TotalLine[];
    byCounter: TotalLine[];
    byStaff: TotalLine[];
    givers: number;
    /** Money only: cash, UPI and cheque. Items are counted apart. */
    grandTotal: number;
    grandTotalWordsTa: string;
    grandTotalWordsEn: string;
    itemCount: number;
    itemApproxValue: number;
  };
  counterCloses: CounterClose[];
  corrections: Correction[];
  /** Live gifts the server flagged for review (after a close, an unconfirmed author…), in entry order. */
  flagged: FlaggedGift[];
  blankPages: number;
  /** Live gifts in scope, in entry order (the Excel and CSV rows). */
  /** `bookVillage`: the village the book files the gift under (spellings of one place joined). */
  gifts: (Gift & { counterCode: string; enteredByName: string; bookVillage: string })[];
};

/** Tamil alphabetical order; names typed in English sort among themselves. Shared so tests use the same rule. */
export const tamilCollator = new Intl.Collator('ta', { sensitivity: 'base', numeric: true });

/** Money by the one definition of the product (contract/money.ts): cash, UPI and cheque, never an item. */
export const isMoney = (g: Pick<Gift, 'mode'>) => isMoneyMode(g.mode);
/** An item's estimate for the items section (contract/money.ts itemEstimateOf), or null when none was given. */
export const itemValue = (g: Gift): number | null => g.approxValue ?? (itemEstimateOf(g) || null);

/** A person this book's input has no name for (a device holds only some users): printed as this, never as an id. */
export const UNKNOWN_PERSON = '—';
/** Fields of a gift that hold a user's id: a correction of one prints the name. */
const PERSON_FIELDS = new Set(['enteredBy', 'deletedBy', 'reviewedBy', 'pinAuthorId', 'pushedBy']);

const byEntry = (a: Gift, b: Gift) => a.enteredAt.localeCompare(b.enteredAt) || a.receiptNo.localeCompare(b.receiptNo);

export function buildBook(input: BookInput, opts: BookOptions = {}): MoiBook {
  const { event } = input;
  const people = input.people ?? {};
  const who = (id: string | null | undefined) => (id ? people[id] || UNKNOWN_PERSON : '');
  const counterById = new Map(input.counters.map((c) => [c.id, c]));
  const scopeCounter = opts.counterId ? counterById.get(opts.counterId) ?? null : null;
  if (opts.counterId && !scopeCounter) throw new Error(`Counter ${opts.counterId} is not a counter of this event`);

  const inScope = (g: Gift) =>
    g.eventId === event.id &&
    (!opts.counterId || g.counterId === opts.counterId) &&
    (!opts.from || g.enteredAt >= opts.from) &&
    (!opts.to || g.enteredAt < opts.to);
  const scoped = input.gifts.filter(inScope).sort(byEntry);
  const live = scoped.filter((g) => !g.deletedAt);
  const codeOf = (g: Gift) => counterById.get(g.counterId)?.code ?? '?';

  const row = (g: Gift, serial: number): BookRow => ({
    serial, giftId: g.id, receiptNo: g.receiptNo, name: g.name.trim(), initial: g.initial.trim(),
    identity: [g.kinName?.trim(), g.title?.trim()].filter(Boolean).join(' · '), village: g.village.trim(),
    amount: g.amount, mode: g.mode, note: g.note, counterCode: codeOf(g), enteredAt: g.enteredAt, enteredBy: who(g.enteredBy),
  });

  // Section 1: the maternal uncle's gifts and the ritual gifts, money and items alike.
  const uncleGifts = live.filter((g) => g.relation === 'maternal_uncle');
  const uncleRows = uncleGifts.map((g, i) => row(g, i + 1));
  const uncleTotal = uncleGifts.reduce((s, g) => s + moneyOf(g), 0);

  // Section 2a: the givers the host chose to print first (money gifts outside the uncle's section), in the host's order.
  const firstGifts = chosenFirst(live, opts.firstGiftIds ?? event.bookFirstGiftIds ?? []);
  const firstIds = new Set(firstGifts.map((g) => g.id));
  const firstRows = firstGifts.map((g, i) => row(g, i + 1));

  // Section 2: every other money gift, village by village (villagePages).
  const { pages, grouping } = villagePages(live, firstIds, input.villageAliases ?? [], opts.villageRules ?? event.bookVillages ?? [], opts.villageOrder ?? event.bookVillageOrder ?? []);
  const bookVillage = (g: Gift) => grouping.bookVillage(g.village);
  const villages: VillageBlock[] = pages.map((p, i) => ({ no: i + 1, village: p.village, rows: p.gifts.map((g, j) => row(g, j + 1)), count: p.count, subtotal: p.subtotal }));

  // Section 3: items, kept out of the money totals.
  const items: ItemRow[] = live.filter((g) => g.mode === 'item').map((g, i) => ({
    serial: i + 1, receiptNo: g.receiptNo, item: g.item, weightGrams: g.weightGrams ?? null, approxValue: itemValue(g),
    giver: [g.initial.trim(), g.name.trim()].filter(Boolean).join(' '), village: g.village.trim(),
  }));

  // Summary.
  const money = live.filter(isMoney);
  const tally = <K extends string>(list: Gift[], key: (g: Gift) => K, label: (k: K) => string, order?: (a: K, b: K) => number): TotalLine[] => {
    const m = new Map<K, { count: number; total: number }>();
    for (const g of list) {
      const k = key(g);
      const t = m.get(k) ?? { count: 0, total: 0 };
      t.count += 1;
      t.total += moneyOf(g);
      m.set(k, t);
    }
    const keys = [...m.keys()];
    if (order) keys.sort(order);
    return keys.map((k) => ({ key: k, label: label(k), count: m.get(k)!.count, total: m.get(k)!.total }));
  };
  // By village: the village pages' own subtotals, after a line for the maternal uncle's section and one for the
  // chosen givers, so the table adds up to the grand total and every village figure is the one on its page.
  const byVillage: TotalLine[] = [
    ...(uncleRows.length ? [{ key: '', label: '', count: uncleRows.length, total: uncleTotal, section: 'uncle' as const }] : []),
    ...(firstRows.length ? [{ key: '', label: '', count: firstRows.length, total: firstGifts.reduce((s, g) => s + moneyOf(g), 0), section: 'first' as const }] : []),
    ...villages.map((v) => ({ key: v.village, label: v.village, count: v.count, total: v.subtotal })),
  ];
  const byMode = tally(live, (g) => g.mode, (k) => k, (a, b) => (['cash', 'upi', 'cheque', 'item'] as string[]).indexOf(a) - (['cash', 'upi', 'cheque', 'item'] as string[]).indexOf(b));
  const counterOrder = (a: string, b: string) => tamilCollator.compare(counterById.get(a)?.code ?? a, counterById.get(b)?.code ?? b);
  const byCounter = tally(money, (g) => g.counterId, (k) => counterById.get(k)?.code ?? k, counterOrder);
  // Staff the input has no name for share one line, rather than one line per hidden id.
  const byStaff = tally(money, (g) => (people[g.enteredBy] ? g.enteredBy : UNKNOWN_PERSON), (k) => (k === UNKNOWN_PERSON ? k : who(k)), (a, b) => tamilCollator.compare(who(a), who(b)));
  const grandTotal = money.reduce((s, g) => s + moneyOf(g), 0);

  const closes = (scopeCounter ? [scopeCounter] : [...input.counters].sort((a, b) => a.code.localeCompare(b.code)))
    .filter((c) => c.eventId === event.id)
    .map((c) => {
      // Cash that reached the server after this counter closed: recorded, but not in its closing count.
      const late = live.filter((g) => g.counterId === c.id && g.flags?.includes('after_close'));
      const codeOfCounter = (id: string | null) => input.counters.find((x) => x.id === id)?.code ?? '';
      const nomineeName = (id: string | null) => input.nominees?.find((n) => n.id === id)?.name ?? '';
      const chain: CustodyStep[] = chainOf(c.id, input.handovers ?? []).map((h) => ({
        fromKind: h.fromKind, fromCode: codeOfCounter(h.fromCounterId), toKind: h.toKind, toCode: codeOfCounter(h.toCounterId),
        toName: h.toName || nomineeName(h.toNomineeId) || (h.toUserId ? who(h.toUserId) : ''),
        cash: h.cash, upi: h.summary.upi.total, cheque: h.summary.cheque.total, items: h.summary.item.count,
        byName: h.handedByName || who(h.handedBy), at: h.handedAt, method: h.method, verified: h.verified, flags: [...h.flags],
      }));
      return {
        code: c.code, name: c.name, tally: c.tally, closedByName: c.tally ? (people[c.tally.closedBy] ?? c.tally.closedByName ?? who(c.tally.closedBy)) : null,
        afterClose: { count: late.length, cash: late.filter((g) => g.mode === 'cash').reduce((s, g) => s + g.amount, 0) },
        byMode: modeTotals(live.filter((g) => g.counterId === c.id)),
        float: c.openingFloat?.amount ?? c.tally?.float ?? 0, chain,
      };
    });

  const giftById = new Map(input.gifts.map((g) => [g.id, g]));
  const corrections: Correction[] = input.audits
    .filter((a) => a.action !== 'create')
    .filter((a) => {
      const g = giftById.get(a.giftId);
      return !!g && inScope(g);
    })
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((a) => {
      const g = giftById.get(a.giftId)!;
      const before = a.before ?? {};
      const after = a.after ?? {};
      const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
        (f) => !['version', 'baseVersion', 'updatedAt', 'receivedAt'].includes(f) && show(before[f]) !== show(after[f]),
      );
      const value = (f: string, v: unknown) => (PERSON_FIELDS.has(f) && typeof v === 'string' ? who(v) : show(v));
      return {
        receiptNo: g.receiptNo, giver: g.name, action: a.action, by: who(a.by), at: a.at, reason: a.reason ?? '',
        changes: fields.map((f) => ({ field: f, before: value(f, before[f]), after: value(f, after[f]) })),
      };
    });

  return {
    event: {
      id: event.id, title: event.titleTa || event.titleEn || '', titleTa: event.titleTa ?? '', titleEn: event.titleEn ?? '',
      functionType: event.functionType, date: event.date, venue: event.venue, hostNames: event.hostNames,
    },
    provider: opts.provider ?? '',
    brand: event.orgId && event.brand ? {
      nameTa: event.brand.nameTa ?? '', nameEn: event.brand.nameEn ?? '', colour: event.brand.colour, footer: event.brand.footer,
      logo: input.brandLogo && /^data:image\/(png|jpeg);base64,/.test(input.brandLogo) ? input.brandLogo : null,
    } : null,
    bookNo: opts.bookNo ?? '1',
    generatedAt: opts.generatedAt ?? new Date().toISOString(),
    notOnServer: input.notOnServer ?? 0,
    scope: { counter: scopeCounter ? { code: scopeCounter.code, name: scopeCounter.name } : null, from: opts.from ?? null, to: opts.to ?? null },
    uncle: { rows: uncleRows, count: uncleRows.length, total: uncleTotal },
    first: { rows: firstRows, count: firstRows.length, subtotal: firstGifts.reduce((s, g) => s + moneyOf(g), 0) },
    villages,
    items,
    summary: {
      byVillage, byMode, byCounter, byStaff,
      givers: live.length,
      grandTotal,
      grandTotalWordsTa: `${numberToWordsTa(grandTotal)} ரூபாய் மட்டும்`,
      grandTotalWordsEn: `${numberToWordsEn(grandTotal)} Rupees Only`,
      itemCount: items.length,
      itemApproxValue: items.reduce((s, i) => s + (i.approxValue ?? 0), 0),
    },
    counterCloses: closes,
    corrections,
    flagged: live.filter((g) => g.flags && g.flags.length > 0).map((g) => ({
      receiptNo: g.receiptNo, giver: [g.initial.trim(), g.name.trim()].filter(Boolean).join(' '), village: g.village.trim(), amount: g.amount, mode: g.mode,
      counterCode: codeOf(g), enteredAt: g.enteredAt, flags: [...(g.flags ?? [])], reviewedBy: g.reviewedBy ? who(g.reviewedBy) : null, reviewedAt: g.reviewedAt ?? null,
    })),
    blankPages: Math.max(0, Math.min(200, opts.blankPages ?? 10)),
    gifts: live.map((g) => ({ ...g, counterCode: codeOf(g), enteredByName: who(g.enteredBy), bookVillage: bookVillage(g) })),
  };
}

/** The givers printed first, in the host's order: money gifts outside the maternal uncle's section. */
function chosenFirst(live: readonly Gift[], ids: readonly string[]): Gift[] {
  const order = new Map(ids.map((id, i) => [id, i] as const));
  return live.filter((g) => order.has(g.id) && g.relation !== 'maternal_uncle' && isMoney(g)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export type VillagePage = { key: string; village: string; gifts: Gift[]; count: number; subtotal: number };

/**
 * The village-wise pages: every money gift outside the maternal uncle's section and the chosen givers,
 * by village — spellings of one place joined by the alias table (its seeded groups, the hosts' own, and
 * what the phonetic fold joins), then the host's merges and renames (report/villages.ts) — in the host's
 * order, the rest in Tamil alphabetical order, "village not given" last.
 */
function villagePages(live: readonly Gift[], firstIds: ReadonlySet<string>, aliases: readonly (readonly string[])[], rules: readonly BookVillageRule[], order: readonly string[]): { pages: VillagePage[]; grouping: VillageGrouping } {
  const grouping = villageGrouping(live.map((g) => g.village), aliases, rules);
  const groups = new Map<string, Gift[]>();
  for (const g of live) {
    if (g.relation === 'maternal_uncle' || !isMoney(g) || firstIds.has(g.id)) continue;
    const k = grouping.keyOf(g.village);
    const list = groups.get(k);
    if (list) list.push(g);
    else groups.set(k, [g]);
  }
  const chosen = order.map((v) => grouping.keyOf(cleanVillage(v)));
  const rank = (k: string) => {
    const i = chosen.indexOf(k);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const keys = [...groups.keys()].sort((a, b) => {
    if (!a !== !b) return a ? -1 : 1; // "village not given" last
    return rank(a) - rank(b) || tamilCollator.compare(grouping.nameOf(a), grouping.nameOf(b));
  });
  const pages = keys.map((k) => {
    const list = groups.get(k)!;
    return { key: k, village: grouping.nameOf(k), gifts: list, count: list.length, subtotal: list.reduce((s, g) => s + moneyOf(g), 0) };
  });
  return { pages, grouping };
}

/** A village page's figures, with the spellings it joins (what the export dialog shows before the book is made). */
export type VillageFigure = { village: string; spellings: Array<{ spelling: string; count: number }>; count: number; subtotal: number };

/**
 * The whole book's village pages (no counter or time range), as buildBook makes them from the same input:
 * the figures the export dialog shows beside its merge and rename controls, so the screen and the book agree.
 */
export function bookVillageFigures(input: Pick<BookInput, 'event' | 'gifts' | 'villageAliases'>, rules?: readonly BookVillageRule[]): VillageFigure[] {
  const { event } = input;
  const live = input.gifts.filter((g) => g.eventId === event.id && !g.deletedAt);
  const firstIds = new Set(chosenFirst(live, event.bookFirstGiftIds ?? []).map((g) => g.id));
  const { pages, grouping } = villagePages(live, firstIds, input.villageAliases ?? [], rules ?? event.bookVillages ?? [], event.bookVillageOrder ?? []);
  // The spellings counted over the page's own gifts (the uncle's and the items' spellings are not on it).
  return pages.map((p) => {
    const seen = new Map<string, number>();
    for (const g of p.gifts) {
      const v = cleanVillage(g.village);
      seen.set(v, (seen.get(v) ?? 0) + 1);
    }
    const spellings = grouping.spellingsOf(p.key).map((s) => ({ spelling: s.spelling, count: seen.get(s.spelling) ?? 0 })).filter((s) => s.count > 0);
    return { village: p.village, spellings, count: p.count, subtotal: p.subtotal };
  });
}

function modeTotals(list: Gift[]): CounterClose['byMode'] {
  const t = { cash: { count: 0, total: 0 }, upi: { count: 0, total: 0 }, cheque: { count: 0, total: 0 }, item: { count: 0, total: 0 } };
  for (const g of list) {
    t[g.mode].count += 1;
    t[g.mode].total += moneyOf(g);
  }
  return t;
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(show).join(', ');
  return JSON.stringify(v);
}
