import { afterEach, describe, expect, it } from 'vitest';
import { MoiDb, type LocalGift } from './db';
import {
  computeGiftTotals, counterCash, eventVillages, filterGifts, findLikelyRepeat, loadScopeGifts, phoneticFold,
  rejectedGiftIds, suggestVillages, totalsByCounter, transliterateTamil,
} from './gift-queries';

const EV = '01900000-0000-7000-8000-000000000001';
const EV2 = '01900000-0000-7000-8000-000000000002';
const CA = '01900000-0000-7000-8000-00000000000a';
const CB = '01900000-0000-7000-8000-00000000000b';
let n = 0;
function gift(p: Partial<LocalGift>): LocalGift {
  n++;
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`, eventId: EV, counterId: CA, receiptNo: `A-T1-${String(n).padStart(4, '0')}`,
    name: 'x', initial: '', village: '', mobile: '', relation: 'other', mode: 'cash', amount: 101, reference: '', item: '', note: '',
    enteredAt: new Date(Date.UTC(2026, 10, 22, 6, 0, n)).toISOString(), enteredBy: 'u1', receivedAt: null, version: 1,
    deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0, ...p,
  };
}

const sample = () => [
  gift({ name: 'முருகன்', initial: 'மு.', village: 'மதுரை', amount: 501, mobile: '9876543210' }),
  gift({ name: 'Meenakshi', initial: 'K.', village: 'Usilampatti', amount: 1001, mode: 'upi', counterId: CB }),
  gift({ name: 'செல்வம்', village: 'தேனி', amount: 201, mode: 'cheque' }),
  gift({ name: 'Raja', village: 'Melur', amount: 0, mode: 'item', item: 'Gold ring' }),
  gift({ name: 'Kannan', village: 'Madurai', amount: 2001, deletedAt: '2026-11-22T07:00:00.000Z', deletedBy: 'u1', deleteReason: 'entered twice' }),
];

describe('search', () => {
  it('finds Tamil names by Tamil prefix and by English spelling', () => {
    const g = sample();
    expect(filterGifts(g, { query: 'முரு' }).map((x) => x.name)).toEqual(['முருகன்']);
    expect(filterGifts(g, { query: 'murugan' }).map((x) => x.name)).toEqual(['முருகன்']);
    expect(filterGifts(g, { query: 'selvam' }).map((x) => x.name)).toEqual(['செல்வம்']);
    expect(filterGifts(g, { query: 'theni' }).map((x) => x.name)).toEqual(['செல்வம்']);
  });
  it('matches initial, village, receipt number and mobile, every term required', () => {
    const g = sample();
    expect(filterGifts(g, { query: 'usilam' })).toHaveLength(1);
    expect(filterGifts(g, { query: '98765' }).map((x) => x.name)).toEqual(['முருகன்']);
    expect(filterGifts(g, { query: g[2].receiptNo.toLowerCase() }).map((x) => x.name)).toEqual(['செல்வம்']);
    expect(filterGifts(g, { query: 'meenakshi k' })).toHaveLength(1);
    expect(filterGifts(g, { query: 'meenakshi melur' })).toHaveLength(0);
  });
  it('leaves deleted gifts out unless asked, and filters by counter, mode and time, newest first', () => {
    const g = sample();
    expect(filterGifts(g, {})).toHaveLength(4);
    expect(filterGifts(g, { deleted: 'only' }).map((x) => x.name)).toEqual(['Kannan']);
    expect(filterGifts(g, { counterIds: [CB] }).map((x) => x.name)).toEqual(['Meenakshi']);
    expect(filterGifts(g, { mode: 'cheque' }).map((x) => x.name)).toEqual(['செல்வம்']);
    expect(filterGifts(g, { since: g[2].enteredAt }).map((x) => x.name)).toEqual(['Raja', 'செல்வம்']);
  });
  it('filters by relation: the maternal uncle (தாய்மாமன்) alone', () => {
    const g = [...sample(), gift({ name: 'வெள்ளைச்சாமி', relation: 'maternal_uncle', amount: 5001 })];
    expect(filterGifts(g, { relation: 'maternal_uncle' }).map((x) => x.name)).toEqual(['வெள்ளைச்சாமி']);
    expect(filterGifts(g, { relation: null })).toHaveLength(5);
  });
  it('a corrected gift read again (same id, new object) is found by its new details only', () => {
    const [g] = sample();
    expect(filterGifts([g], { query: 'murugan' })).toHaveLength(1);
    const same = { ...g };
    expect(filterGifts([same], { query: 'மதுரை' })).toHaveLength(1);
    const corrected = { ...g, name: 'பெருமாள்', village: 'Thirumangalam', mobile: '9000000001' };
    expect(filterGifts([corrected], { query: 'murugan' })).toHaveLength(0);
    expect(filterGifts([corrected], { query: 'perumal thiru' })).toHaveLength(1);
    expect(filterGifts([corrected], { query: '90000' })).toHaveLength(1);
    expect(filterGifts([corrected], { query: '98765' })).toHaveLength(0);
  });
  it('a name of several words, dots or extra spaces is found by any of its words', () => {
    const g = [gift({ name: 'M.Murugan  Pandi', initial: 'S. K.', village: 'Usilampatti\u00a0Town' })];
    expect(filterGifts(g, { query: 'm murugan' })).toHaveLength(1);
    expect(filterGifts(g, { query: 'pandi' })).toHaveLength(1);
    expect(filterGifts(g, { query: 'pandy' })).toHaveLength(1);
    expect(filterGifts(g, { query: 'town' })).toHaveLength(1);
    expect(filterGifts(g, { query: 's k' })).toHaveLength(1);
  });
  it('transliterates Tamil and folds spellings', () => {
    expect(transliterateTamil('முருகன்')).toBe('murukan');
    expect(phoneticFold('Murugan')).toBe(phoneticFold(transliterateTamil('முருகன்')));
    expect(phoneticFold('Madurai')).toBe(phoneticFold(transliterateTamil('மதுரை')));
  });
});

describe('totals', () => {
  it('sums live gifts by mode, items counted apart, deleted ones only counted as deleted', () => {
    const t = computeGiftTotals(sample());
    expect(t).toEqual({ count: 4, sum: 501 + 1001 + 201, cash: 501, upi: 1001, cheque: 201, item: 0, items: 1, deleted: 1 });
    const byCounter = totalsByCounter(sample());
    expect(byCounter.get(CB)?.sum).toBe(1001);
    expect(byCounter.get(CA)?.count).toBe(3);
  });
});

describe('device queries', () => {
  let db: MoiDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('detects a likely repeat only at the same event, same name, village and amount, within 10 minutes', async () => {
    db = new MoiDb(`q-${Math.random()}`);
    const now = Date.UTC(2026, 10, 22, 10, 0, 0);
    await db.gifts.bulkAdd([
      gift({ name: 'Murugan', village: 'Melur', amount: 501, enteredAt: new Date(now - 5 * 60_000).toISOString() }),
      gift({ name: 'Raja', village: 'Melur', amount: 501, enteredAt: new Date(now - 15 * 60_000).toISOString() }),
      gift({ name: 'Selvam', village: 'Theni', amount: 201, eventId: EV2, enteredAt: new Date(now - 60_000).toISOString() }),
    ]);
    expect((await findLikelyRepeat({ eventId: EV, name: ' murugan ', village: 'MELUR', amount: 501 }, now, db))?.name).toBe('Murugan');
    expect(await findLikelyRepeat({ eventId: EV, name: 'Murugan', village: 'Melur', amount: 1001 }, now, db)).toBeNull();
    expect(await findLikelyRepeat({ eventId: EV, name: 'Raja', village: 'Melur', amount: 501 }, now, db)).toBeNull();
    expect(await findLikelyRepeat({ eventId: EV, name: 'Selvam', village: 'Theni', amount: 201 }, now, db)).toBeNull();
  });

  it('suggests villages of this event, most used first, Tamil or English', async () => {
    db = new MoiDb(`q-${Math.random()}`);
    await db.gifts.bulkAdd([
      gift({ village: 'Melur' }), gift({ village: 'Madurai' }), gift({ village: 'Madurai' }), gift({ village: 'மதுரை' }),
      gift({ village: 'Theni', eventId: EV2 }),
    ]);
    const villages = await eventVillages(EV, db);
    expect(villages).toEqual(['Madurai', 'Melur', 'மதுரை']);
    expect(suggestVillages(villages, 'ma')).toEqual(['Madurai', 'மதுரை']);
    expect(suggestVillages(villages, 'மது')).toEqual(['மதுரை']);
  });

  it('loads a scope, sums a counter’s cash and knows which gifts the server refused', async () => {
    db = new MoiDb(`q-${Math.random()}`);
    const gs = sample();
    await db.gifts.bulkAdd(gs);
    expect(await loadScopeGifts({ eventId: EV }, db)).toHaveLength(5);
    expect(await loadScopeGifts({ counterIds: [CB] }, db)).toHaveLength(1);
    expect(await loadScopeGifts({ counterIds: [] }, db)).toHaveLength(0);
    // Several counters (a key named twice still gives each gift once), as anyOf did.
    const both = await loadScopeGifts({ counterIds: [CA, CB, CA] }, db);
    expect(both.map((g) => g.id).sort()).toEqual(gs.filter((g) => g.counterId === CA || g.counterId === CB).map((g) => g.id).sort());
    expect(await counterCash(CA, db)).toBe(501);
    await db.outbox.add({ id: 'm1', deviceId: 'd', seq: 1, name: 'gift.create', args: { id: gs[0].id }, createdAt: '', attempts: 1, lastError: 'x', lastErrorCode: 'not_assigned', state: 'rejected' });
    expect([...(await rejectedGiftIds(db))]).toEqual([gs[0].id]);
  });
});
