// A small wedding for the report tests: two counters (one closed with a tally), money in three
// modes across Tamil and English villages, the maternal uncle, an item, a deleted and an edited gift.
import type { Counter, Gift, GiftAudit, MoiEvent } from '../contract/entities';
import type { BookInput } from './model';

const E = '01900000-0000-7000-8000-000000000001';
const A = '01900000-0000-7000-8000-0000000000a1';
const B = '01900000-0000-7000-8000-0000000000b1';
let n = 0;
const id = () => `01900000-0000-7000-8000-${String(++n).padStart(12, '0')}`;

export const event: MoiEvent = {
  id: E, titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam & Meenakshi Wedding', functionType: 'wedding', date: '2026-11-20',
  venue: 'மதுரை', hostNames: 'செல்வம், மீனாட்சி', thankYouNote: '', upiId: null, ownerIds: ['u-owner'], adminIds: [], status: 'open', plan: null,
};

export const counters: Counter[] = [
  { id: A, eventId: E, code: 'A', name: 'முதல் கவுண்டர்', status: 'closed', staffIds: ['u-s1'], openedAt: null, openedBy: null, closedAt: '2026-11-20T10:00:00.000Z', closedBy: 'u-s1',
    tally: { counts: { n500: 4, n100: 5 }, countedTotal: 2500, expectedCash: 2601, difference: -101, reason: 'ஒரு நோட்டு குறைவு', closedBy: 'u-s1', closedAt: '2026-11-20T10:00:00.000Z' } },
  { id: B, eventId: E, code: 'B', name: 'Counter B', status: 'open', staffIds: ['u-s2'], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null },
];

type G = Partial<Gift> & Pick<Gift, 'name' | 'village' | 'amount'>;
const gift = (g: G, i: number): Gift => ({
  id: id(), eventId: E, counterId: A, receiptNo: `A-T1-${String(i + 1).padStart(4, '0')}`, initial: '', mobile: '', relation: 'relative', mode: 'cash',
  reference: '', item: '', note: '', enteredAt: new Date(Date.UTC(2026, 10, 20, 4, i)).toISOString(), enteredBy: 'u-s1', receivedAt: null, version: 1,
  deletedAt: null, deletedBy: null, deleteReason: null, ...g,
});

export const gifts: Gift[] = ([
  { name: 'முருகன்', initial: 'க.', village: 'மேலூர்', amount: 1001 },
  { name: 'பொன்னம்மாள்', village: 'திருநெல்வேலி', amount: 501, mode: 'upi', reference: 'UPI123' },
  { name: 'Karthik', village: 'Madurai', amount: 2001, counterId: B, enteredBy: 'u-s2', flags: ['author_unverified'], reviewedAt: '2026-11-20T07:00:00.000Z', reviewedBy: 'u-admin' },
  { name: 'ஸ்ரீநிவாசன்', village: 'மேலூர்', amount: 101 },
  { name: 'வெள்ளைச்சாமி', village: 'அலங்காநல்லூர்', amount: 5001, relation: 'maternal_uncle', note: 'சீர்' },
  { name: 'கௌரவம்', village: 'அலங்காநல்லூர்', amount: 0, mode: 'item', item: 'தங்கச் சங்கிலி', weightGrams: 8, approxValue: 48000 },
  { name: 'சொத்து', village: '', amount: 201, mode: 'cheque', reference: '000123 SBI', counterId: B, enteredBy: 'u-s2' },
  { name: 'நீக்கப்பட்டவர்', village: 'மேலூர்', amount: 999, deletedAt: '2026-11-20T06:00:00.000Z', deletedBy: 'u-admin', deleteReason: 'இரட்டைப் பதிவு' },
  { name: 'பாண்டி', village: 'அலங்காநல்லூர்', amount: 1001, enteredAt: '2026-11-20T10:05:00.000Z', flags: ['after_close'] },
] as G[]).map(gift);

export const audits: GiftAudit[] = [
  { id: 'a1', giftId: gifts[0].id, action: 'update', by: 'u-admin', at: '2026-11-20T05:00:00.000Z', reason: 'தொகை தவறு', before: { amount: 101, version: 1 }, after: { amount: 1001, version: 2 } },
  { id: 'a2', giftId: gifts[7].id, action: 'delete', by: 'u-admin', at: '2026-11-20T06:00:00.000Z', reason: 'இரட்டைப் பதிவு', before: { deletedAt: null }, after: { deletedAt: '2026-11-20T06:00:00.000Z' } },
];

export const people = { 'u-s1': 'கண்ணன்', 'u-s2': 'Suresh', 'u-admin': 'நிர்வாகி' };

export const sampleInput = (): BookInput => ({ event, counters, gifts, audits, people });
