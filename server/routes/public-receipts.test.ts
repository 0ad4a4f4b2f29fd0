// The public receipt check (issue 15) against the real app and database: valid, not yet synced,
// cancelled, unknown; and it leaks nothing else of the event (no other gift, no mobile, no full name).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { maskName, newReceiptToken } from '../../contract/receipts';
import { createTestApp, type TestApp } from '../test-utils';
import { uuidv7 } from '../../contract/ids';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';
import { eq } from 'drizzle-orm';
import { events, organisations } from '../db/schema';

let t: TestApp;
let app: FastifyInstance;
let cookie = '';
let deviceId = '';
let eventId = '';
let counterId = '';
let seq = 0;

async function push(mutations: unknown[]) {
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie }, payload: { deviceId, mutations } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Array<{ status: string }> }).results;
}
const mut = (name: string, args: unknown) => ({ id: randomUUID(), seq: ++seq, name, args });
function gift(over: Record<string, unknown> = {}) {
  const id = uuidv7();
  return {
    id, eventId, counterId, receiptNo: `A-T1-${String(++seq).padStart(4, '0')}`, name: 'Selvam Kumar', initial: 'R.', village: 'Madurai',
    mobile: '9876543210', amount: 1001, mode: 'cash', enteredAt: new Date().toISOString(), receiptToken: newReceiptToken(), ...over,
  };
}
const check = (token: string, remoteAddress = '127.0.0.1') => app.inject({ method: 'GET', url: `/moi/public/receipts/${token}`, remoteAddress });

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const staff = await seedUser(app, `st${randomUUID().slice(0, 6)}`, 'counter_staff');
  eventId = await seedEvent(app, { title: 'Wedding Reception' });
  counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [staff.id] });
  deviceId = randomUUID();
  cookie = (await loginCookie(app, staff.username, staff.password, deviceId)).cookie;
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('GET /moi/public/receipts/:token', () => {
  it('a synced gift is valid, with the event, the masked giver, amount, time and counter, without sign-in and not cached', async () => {
    const g = gift();
    expect((await push([mut('gift.create', g)]))[0].status).toBe('applied');
    const res = await check(g.receiptToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ status: 'valid', receiptNo: g.receiptNo, eventTitleEn: 'Wedding Reception', amount: 1001, counter: 'A · Counter A', mode: 'cash' });
    expect(body.giver).toBe(maskName('R. Selvam Kumar'));
    expect(body.giver.startsWith('R')).toBe(true);
    expect(Date.parse(body.enteredAt)).not.toBeNaN();
    // Nothing else: no mobile, no full name, no village, no ids, no note.
    const text = res.body;
    for (const secret of ['9876543210', 'Selvam Kumar', 'Selvam', 'Kumar', 'Madurai', g.id, eventId, counterId]) expect(text).not.toContain(secret);
    expect(Object.keys(body).sort()).toEqual(['amount', 'counter', 'enteredAt', 'eventDate', 'eventTitleEn', 'eventTitleTa', 'functionType', 'giver', 'hall', 'item', 'mode', 'receiptNo', 'status']);
    expect(body).toMatchObject({ functionType: 'wedding', hall: null }); // the provider's own event: no hall
  });

  it('a token the server has not received yet (the tablet has not synced) answers unknown, not an error', async () => {
    const g = gift();
    const before = await check(g.receiptToken);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 'unknown' });
    await push([mut('gift.create', g)]);
    expect((await check(g.receiptToken)).json().status).toBe('valid');
  });

  it('a deleted gift is cancelled; restored, valid again', async () => {
    const g = gift({ name: 'Meena' });
    await push([mut('gift.create', g)]);
    await push([mut('gift.delete', { id: g.id, reason: 'entered twice' })]);
    const res = await check(g.receiptToken);
    expect(res.json()).toMatchObject({ status: 'cancelled', amount: 1001 });
    expect(res.body).not.toContain('entered twice');
  });

  it('one receipt never reveals another gift of the same event', async () => {
    const a = gift({ name: 'Arumugam', amount: 501 });
    const b = gift({ name: 'Bhuvana', amount: 2001, mobile: '9123456789' });
    await push([mut('gift.create', a), mut('gift.create', b)]);
    const res = await check(a.receiptToken);
    expect(res.json().amount).toBe(501);
    for (const other of ['Bhuvana', '2,001', '2001', '9123456789', b.receiptNo]) expect(res.body).not.toContain(other);
  });

  it('a malformed token is bad input (400 with the error shape), never a 500', async () => {
    const res = await check('not a token!');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_body' });
  });

  it('is rate limited per address (guessing tokens is slow)', async () => {
    const addr = '127.9.9.9';
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await check(newReceiptToken(), addr)).statusCode;
    expect(last).toBe(429);
    expect((await check(newReceiptToken(), '127.9.9.10')).statusCode).toBe(200);
  });
});

describe('receipt tokens and masking', () => {
  it('tokens are 128-bit base64url and do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const tk = newReceiptToken();
      expect(tk).toMatch(/^[A-Za-z0-9_-]{22}$/);
      seen.add(tk);
    }
    expect(seen.size).toBe(2000);
  });

  it('masks every word to its first letter, a Tamil letter with its vowel sign', () => {
    expect(maskName('Selvam Kumar')).toBe('S•••• K••••');
    expect(maskName('மு. கருப்பசாமி')).toMatch(/^மு•• க/);
    expect(maskName('கு')).toBe('கு••');
  });
});

describe("a hall's receipt (issues 29 and 30)", () => {
  it("names the hall (name, colour, logo, as its receipts carry them) and the function type; nothing else of the hall", async () => {
    const orgId = `org-${randomUUID().slice(0, 8)}`;
    await app.db.insert(organisations).values({ id: orgId, nameTa: 'மீனாட்சி மஹால்', nameEn: 'Meenakshi Mahal', gstin: '33AAAAA0000A1Z5', address: '12 East Street, Madurai', brandColour: '#1d4ed8', logoFileId: 'f-logo-7', receiptFooter: 'Madurai' });
    await app.db.update(events).set({ orgId, functionType: 'funeral' }).where(eq(events.id, eventId));
    try {
      const g = gift();
      expect((await push([mut('gift.create', g)]))[0].status).toBe('applied');
      const res = await check(g.receiptToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'valid', functionType: 'funeral', hall: { nameTa: 'மீனாட்சி மஹால்', nameEn: 'Meenakshi Mahal', colour: '#1d4ed8', logoFileId: 'f-logo-7' } });
      for (const kept of ['33AAAAA0000A1Z5', 'East Street', orgId]) expect(res.body).not.toContain(kept);
    } finally {
      await app.db.update(events).set({ orgId: null, functionType: 'wedding' }).where(eq(events.id, eventId));
    }
  });
});
