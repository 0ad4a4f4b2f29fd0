// The messaging outbox's guarantees against the real app and database, with the generic webhook
// adapter talking to a stand-in receiver on a loopback port: one message per gift however often it
// is pushed, exactly once across a crash between send and record and across two instances, retries
// with backoff then give-up, opt-out, template checks, rate limits, and the host family's updates.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils';
import { openDb, type DbHandle } from '../db/client';
import { events, gifts, organisations, ledgerGiven, ledgerInvitations, ledgerLinks, ledgerMembers, ledgerPeople, messageOutbox, users } from '../db/schema';
import { makeVenue, type Venue } from '../../tests/messaging/venue';
import { webhookStandIn, type StandIn } from '../../tests/messaging/stand-ins';
import { providerFor } from './index';
import { MessageWorker, backoffMs, type WorkerOptions } from './outbox';
import { scanHostUpdates } from './host-updates';
import { scanLedgerReminders } from './ledger-reminders';
import { seedUser } from '../../tests/sync/fixtures';

const SECRET = 'webhook-secret-0123456789';
let t: TestApp;
let app: FastifyInstance;
let hook: StandIn;
let v: Venue;
let clock = Date.now() + 1000;
const worker = (o: Partial<WorkerOptions> = {}) => new MessageWorker(app.db, providerFor(app.config.messaging)!, { publicUrl: 'https://moi.example.in', now: () => clock, ...o });
const rows = () => app.db.select().from(messageOutbox).orderBy(messageOutbox.createdAt);
const rowOf = async (giftId: string) => (await app.db.select().from(messageOutbox).where(eq(messageOutbox.giftId, giftId)))[0];

beforeAll(async () => {
  hook = await webhookStandIn({ secret: SECRET });
  t = await createTestApp({ MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: hook.url, MESSAGING_WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://moi.example.in' }, { messagingWorker: false });
  app = t.app;
  v = await makeVenue(app);
}, 120_000);
afterAll(async () => { await t?.close(); await hook?.close(); });
beforeEach(async () => {
  // Each test starts with an empty outbox and a quiet stand-in.
  await app.db.delete(messageOutbox);
  await app.db.execute(sql`delete from message_opt_outs`);
  hook.requests.length = 0;
  hook.accepted.length = 0;
  clock = Math.max(clock, Date.now() + 1000); // never behind the database's now() (rows are due from their insert)
});

describe('the giver\'s receipt message', () => {
  it('is sent once with the receipt number, amount, event, thank-you note and the verification link', async () => {
    const g = v.gift({ amount: 1001 });
    expect((await v.push([v.mut(g)]))[0].status).toBe('applied');
    expect(await worker().runOnce()).toBe(1);
    expect(hook.violations).toEqual([]);
    expect(hook.accepted).toHaveLength(1);
    const sent = hook.accepted[0];
    expect(sent.to).toBe('9876543210');
    expect(sent.text).toBe(`மொய் ரசீது ${g.receiptNo}: ₹1,001 பெற்றோம், செல்வம் திருமணம். வருகைக்கு நன்றி சரிபார்க்க: https://moi.example.in/r/${g.receiptToken}`);
    const r = await rowOf(g.id);
    expect(r).toMatchObject({ state: 'sent', providerMessageId: sent.id, attempts: 1, channel: 'sms' });
  });

  it('at a funeral (issue 30) thanks the giver quietly for sharing the family\'s grief: no "thank you for your presence!"', async () => {
    await app.db.update(events).set({ functionType: 'funeral', thankYouNote: '' }).where(eq(events.id, v.eventId));
    try {
      const g = v.gift({ amount: 501 });
      expect((await v.push([v.mut(g)]))[0].status).toBe('applied');
      await worker().runOnce();
      const sent = hook.accepted.find((a) => a.text.includes(g.receiptNo))!;
      expect(sent.text).toContain('எங்கள் துயரில் பங்கு கொண்டமைக்கு நன்றி');
      expect(sent.text).not.toContain('வருகைக்கு நன்றி');
      expect(sent.text).not.toContain('!');
    } finally {
      await app.db.update(events).set({ functionType: 'wedding', thankYouNote: 'வருகைக்கு நன்றி' }).where(eq(events.id, v.eventId));
    }
  });

  it('for a hall’s event (issue 29) is signed with the hall’s name; the provider’s own events carry none', async () => {
    await app.db.insert(organisations).values({ id: 'org-outbox-hall', nameTa: 'லட்சுமி மஹால்', nameEn: 'Lakshmi Mahal' }).onConflictDoNothing();
    await app.db.update(events).set({ orgId: 'org-outbox-hall' }).where(eq(events.id, v.eventId));
    try {
      const g = v.gift({ amount: 701 });
      expect((await v.push([v.mut(g)]))[0].status).toBe('applied');
      await worker().runOnce();
      const sent = hook.accepted.find((a) => a.text.includes(g.receiptNo))!;
      expect(sent.text).toContain('வருகைக்கு நன்றி — லட்சுமி மஹால் சரிபார்க்க:');
    } finally {
      await app.db.update(events).set({ orgId: null }).where(eq(events.id, v.eventId));
    }
    const plain = v.gift({ amount: 702 });
    expect((await v.push([v.mut(plain)]))[0].status).toBe('applied');
    await worker().runOnce();
    expect(hook.accepted.find((a) => a.text.includes(plain.receiptNo))!.text).not.toContain('மஹால்');
  });

  it('is not sent for a gift created and deleted in the same sync: the message says why', async () => {
    const g = v.gift();
    const kept = v.gift({ mobile: '9876500000' });
    const res = await v.push([v.mut(g), v.mut(kept), v.mut({ id: g.id, reason: 'keyed twice' }, 'gift.delete')]);
    expect(res.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    await worker().runOnce();
    expect(hook.accepted.map((m) => m.to)).toEqual(['9876500000']);
    expect(await rowOf(g.id)).toMatchObject({ state: 'cancelled', reason: 'gift_deleted: the gift was deleted before its receipt was sent' });
    expect((await rowOf(kept.id)).state).toBe('sent');
  });

  it('is not sent without the giver\'s consent, or without a mobile', async () => {
    await v.push([v.mut(v.gift({ messageConsent: false })), v.mut(v.gift({ mobile: '' })), v.mut(v.gift({ messageConsent: undefined }))]);
    expect(await rows()).toHaveLength(0);
    await worker().runOnce();
    expect(hook.requests).toHaveLength(0);
  });

  it('a gift pushed twice (same mutation again, and under a new mutation id) or edited queues and sends one message', async () => {
    const g = v.gift();
    const m = v.mut(g);
    await v.push([m]);
    expect((await v.push([m]))[0].status).toBe('duplicate');
    expect((await v.push([v.mut(g)]))[0].status).toBe('duplicate');
    await v.push([v.mut({ id: g.id, baseVersion: 1, patch: { amount: 2001 }, reason: 'typo' }, 'gift.update')]);
    expect(await rows()).toHaveLength(1);
    await worker().runOnce();
    await worker().runOnce();
    expect(hook.accepted).toHaveLength(1);
    expect(hook.requests).toHaveLength(1);
  });

  it('exactly once across a crash between the provider\'s answer and the record: resent with the same key, which the provider drops', async () => {
    const g = v.gift();
    await v.push([v.mut(g)]);
    const crashing = worker({ afterSend: () => { throw new Error('power cut'); } });
    await expect(crashing.runOnce()).rejects.toThrow('power cut');
    expect((await rowOf(g.id)).state).toBe('sending');
    // Before the lease runs out nobody touches it.
    expect(await worker().runOnce()).toBe(0);
    clock += 3 * 60_000;
    expect(await worker().runOnce()).toBe(1);
    expect(hook.requests).toHaveLength(2);
    expect(new Set(hook.requests.map((r) => r.headers['idempotency-key']))).toEqual(new Set([`giver_receipt:${g.id}`]));
    expect(hook.accepted).toHaveLength(1);
    expect(await rowOf(g.id)).toMatchObject({ state: 'sent', providerMessageId: hook.accepted[0].id });
  });

  it('two instances working the same outbox at once send each message exactly once', async () => {
    const gifts = Array.from({ length: 24 }, (_, i) => v.gift({ mobile: `98765${String(10000 + i).slice(1)}0`.slice(0, 10) }));
    await v.push(gifts.map((g) => v.mut(g)));
    let second: DbHandle | null = null;
    const url = app.config.databaseUrl;
    if (url) second = await openDb({ databaseUrl: url });
    try {
      const a = worker({ batchSize: 3, instanceId: 'A' });
      const b = new MessageWorker(second?.db ?? app.db, providerFor(app.config.messaging)!, { publicUrl: 'https://moi.example.in', now: () => clock, batchSize: 3, instanceId: 'B' });
      const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(na + nb).toBe(24);
    } finally {
      await second?.close();
    }
    expect(hook.requests).toHaveLength(24);
    expect(new Set(hook.requests.map((r) => r.headers['idempotency-key'])).size).toBe(24);
    expect((await rows()).every((r) => r.state === 'sent')).toBe(true);
  });

  it('retries an outage with backoff, then gives up with the provider\'s reason', async () => {
    const g = v.gift();
    await v.push([v.mut(g)]);
    const w = worker({ maxAttempts: 3 });
    hook.failNext({ status: 503, body: { error: 'upstream down' } }, { status: 429, body: { error: 'slow down' } }, { status: 500, body: { error: 'boom' } });
    await w.runOnce();
    let r = await rowOf(g.id);
    expect(r).toMatchObject({ state: 'pending', attempts: 1, reason: '503: upstream down' });
    expect(Date.parse(r.nextAttemptAt) - clock).toBe(backoffMs(1));
    expect(await w.runOnce()).toBe(0); // not due yet
    clock += backoffMs(1);
    await w.runOnce();
    r = await rowOf(g.id);
    expect(r).toMatchObject({ state: 'pending', attempts: 2 });
    expect(Date.parse(r.nextAttemptAt) - clock).toBe(backoffMs(2));
    clock += backoffMs(2);
    await w.runOnce();
    r = await rowOf(g.id);
    expect(r.state).toBe('given_up');
    expect(r.reason).toContain('after 3 attempts: 500: boom');
    expect(hook.accepted).toHaveLength(0);
  });

  it('recovers when the outage ends', async () => {
    const g = v.gift();
    await v.push([v.mut(g)]);
    hook.failNext({ status: 502, body: { error: 'bad gateway' } });
    await worker().runOnce();
    clock += backoffMs(1);
    await worker().runOnce();
    expect(await rowOf(g.id)).toMatchObject({ state: 'sent', attempts: 2, reason: null });
  });

  it('a refusal (4xx) is failed at once with the provider\'s reason, not retried', async () => {
    const g = v.gift();
    await v.push([v.mut(g)]);
    hook.failNext({ status: 400, body: { error: 'number not on WhatsApp' } });
    await worker().runOnce();
    expect(await rowOf(g.id)).toMatchObject({ state: 'failed', reason: '400: number not on WhatsApp', attempts: 1 });
    clock += 3_600_000;
    await worker().runOnce();
    expect(hook.requests).toHaveLength(1);
  });

  it('honours an opt-out: nothing is sent to that mobile, and what was queued is cancelled', async () => {
    const queued = v.gift({ mobile: '9000000001' });
    await v.push([v.mut(queued)]);
    const res = await app.inject({ method: 'POST', url: '/moi/admin/messaging/opt-outs', headers: { cookie: v.adminCookie }, payload: { mobile: '9000000001' } });
    expect(res.statusCode, res.body).toBe(200);
    const later = v.gift({ mobile: '9000000001' });
    const other = v.gift({ mobile: '9000000002' });
    await v.push([v.mut(later), v.mut(other)]);
    await worker().runOnce();
    expect((await rowOf(queued.id))).toMatchObject({ state: 'cancelled', reason: 'opted_out' });
    expect((await rowOf(later.id))).toMatchObject({ state: 'cancelled', reason: 'opted_out' });
    expect(hook.accepted.map((a) => a.to)).toEqual(['9000000002']);
  });

  it('limits messages per recipient (the rest wait) and per event', async () => {
    const gs = [1, 2, 3].map(() => v.gift({ mobile: '9111111111' }));
    await v.push(gs.map((g) => v.mut(g)));
    await worker({ perRecipientPerHour: 2 }).runOnce();
    expect(hook.accepted).toHaveLength(2);
    const waiting = (await rows()).filter((r) => r.state === 'pending');
    expect(waiting).toHaveLength(1);
    expect(waiting[0].reason).toBe('rate limited: recipient');
    expect(waiting[0].attempts).toBe(0);
    clock += 3_600_000 + 1;
    await worker({ perRecipientPerHour: 2 }).runOnce();
    expect(hook.accepted).toHaveLength(3);

    const many = [1, 2, 3, 4].map((i) => v.gift({ mobile: `92222222${10 + i}` }));
    await v.push(many.map((g) => v.mut(g)));
    clock += 61_000;
    await worker({ perEventPerMinute: 3 }).runOnce();
    expect(hook.accepted).toHaveLength(3 + 3);
    expect((await rows()).filter((r) => r.reason === 'rate limited: event')).toHaveLength(1);
  });

  it('refuses a message that does not match its template (nothing is sent)', async () => {
    const put = await app.inject({
      method: 'PUT', url: '/moi/admin/messaging/templates', headers: { cookie: v.adminCookie },
      payload: { key: 'giver_receipt', lang: 'ta', body: 'ரசீது {#var#} தொகை {#var#}', variables: ['receiptNo', 'village'], dltTemplateId: '1107000000000000001', waTemplateName: 'moi_receipt', waLanguage: 'ta' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const g = v.gift();
    await v.push([v.mut(g)]);
    await worker().runOnce();
    const r = await rowOf(g.id);
    expect(r.state).toBe('failed');
    expect(r.reason).toMatch(/^template_mismatch: variable village is empty/);
    expect(hook.requests).toHaveLength(0);
    // A template whose placeholders and variables disagree is not saved.
    const bad = await app.inject({
      method: 'PUT', url: '/moi/admin/messaging/templates', headers: { cookie: v.adminCookie },
      payload: { key: 'giver_receipt', lang: 'ta', body: 'ரசீது {#var#}', variables: ['receiptNo', 'amount'], dltTemplateId: '', waTemplateName: '', waLanguage: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_body');
    await app.db.execute(sql`delete from message_templates`);
  });
});

describe('the host family\'s updates', () => {
  it('live totals every N gifts, each counter\'s close summary and the day\'s total, each once', async () => {
    const put = await app.inject({
      method: 'PUT', url: `/moi/events/${v.eventId}/host-messaging`, headers: { cookie: v.adminCookie },
      payload: { mobiles: ['9444444444'], channel: 'sms', lang: 'en', rhythm: 'every_gifts', everyGifts: 3, everyMinutes: null },
    });
    expect(put.statusCode, put.body).toBe(200);
    const before = (await app.db.execute(sql`select count(*)::int as n, coalesce(sum(amount),0)::int as s from gifts where event_id = ${v.eventId} and deleted_at is null`) as unknown as { rows: Array<{ n: number; s: number }> }).rows[0];
    const need = 3 - (before.n % 3);
    await v.push(Array.from({ length: need }, () => v.mut(v.gift({ messageConsent: false, amount: 101 }))));
    const w = worker({ scan: scanHostUpdates });
    await w.runOnce();
    await w.runOnce();
    const n = before.n + need;
    const hostMsgs = hook.accepted.filter((a) => a.to === '9444444444');
    expect(hostMsgs).toHaveLength(1);
    expect(hostMsgs[0].text).toMatch(new RegExp(`^Selvam Wedding: ${n} gifts so far, total ₹[\\d,]+ \\(as of \\d\\d:\\d\\d\\)\\.$`));

    // The counter closes: its summary, and (every counter closed) the day's total.
    const close = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: v.cookie }, payload: { deviceId: v.deviceId, mutations: [v.mut({ id: v.counterId, tally: { counts: {}, countedTotal: 0, expectedCash: 0, difference: 0, reason: null } }, 'counter.close')] } });
    expect(close.statusCode, close.body).toBe(200);
    await w.runOnce();
    await w.runOnce();
    const texts = hook.accepted.filter((a) => a.to === '9444444444').map((a) => a.text);
    expect(texts).toHaveLength(3);
    expect(texts.some((x) => /^Selvam Wedding: counter A Counter A closed with \d+ gifts, ₹[\d,]+; cash counted ₹0\.$/.test(x))).toBe(true);
    expect(texts.some((x) => /^Selvam Wedding: total for \d{4}-\d\d-\d\d: \d+ gifts, ₹[\d,]+\. Thank you!$/.test(x))).toBe(true);
  });

  it('only event admins of the event set the host numbers; bad numbers are refused', async () => {
    const bad = await app.inject({ method: 'PUT', url: `/moi/events/${v.eventId}/host-messaging`, headers: { cookie: v.adminCookie }, payload: { mobiles: ['12345'], channel: 'sms', lang: 'en', rhythm: 'end', everyGifts: null, everyMinutes: null } });
    expect(bad.statusCode).toBe(400);
    const staff = await app.inject({ method: 'GET', url: `/moi/events/${v.eventId}/host-messaging`, headers: { cookie: v.cookie } });
    expect(staff.statusCode).toBe(403);
  });
});

describe('the ledger\'s reminders', () => {
  it('a few days before a function the host was invited to, the host hears whose it is and what moi went each way, once', async () => {
    const owner = await seedUser(app, `ow${Date.now() % 100000}`, 'event_owner');
    await app.db.update(users).set({ mobile: '9333333333' }).where(eq(users.id, owner.id));
    const pid = `p-${owner.id}`;
    await app.db.insert(ledgerPeople).values({ id: pid, ownerId: owner.id, name: 'முருகன்', initial: 'மு.', village: 'மேலூர்' });
    // Moi received from Murugan (a gift of ₹1,001 linked to him; a deleted one does not count) and given to him.
    const g = v.gift({ amount: 1001, messageConsent: false });
    const gone = v.gift({ amount: 5001, messageConsent: false });
    expect((await v.push([v.mut(g), v.mut(gone)])).map((r) => r.status)).toEqual(['applied', 'applied']);
    // (The counter was closed by an earlier test, so staff can no longer delete there: an admin's delete.)
    await app.db.update(gifts).set({ deletedAt: new Date().toISOString() }).where(eq(gifts.id, gone.id));
    await app.db.insert(ledgerLinks).values([{ ownerId: owner.id, giftId: g.id, personId: pid, how: 'manual' }, { ownerId: owner.id, giftId: gone.id, personId: pid, how: 'manual' }]);
    await app.db.insert(ledgerGiven).values({ id: `gv-${owner.id}`, ownerId: owner.id, personId: pid, functionType: 'housewarming', date: '2025-02-01', amount: 2001, createdBy: owner.id });
    const day = (d: number) => new Date(clock + d * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    await app.db.insert(ledgerInvitations).values([
      { id: `in1-${owner.id}`, ownerId: owner.id, personId: pid, functionType: 'wedding', date: day(2), createdBy: owner.id },
      { id: `in2-${owner.id}`, ownerId: owner.id, personId: pid, functionType: 'ear_piercing', date: day(10), createdBy: owner.id },
      { id: `in3-${owner.id}`, ownerId: owner.id, personId: pid, functionType: 'puberty', date: day(1), createdBy: owner.id, deletedAt: new Date().toISOString() },
      { id: `in4-${owner.id}`, ownerId: owner.id, personId: pid, functionType: 'engagement', date: day(-1), createdBy: owner.id },
    ]);
    // The family (issue 30): a member who chose reminders hears it too; one who did not, and a removed one, do not.
    const fam = [['9444444441', true, false], ['9444444442', false, false], ['9444444443', true, true]] as const;
    for (const [mobile, reminders, removed] of fam) {
      const m = await seedUser(app, `fm${mobile}`, 'event_owner');
      await app.db.update(users).set({ mobile }).where(eq(users.id, m.id));
      await app.db.insert(ledgerMembers).values({ id: `lm-${m.id}`, ownerId: owner.id, memberId: m.id, role: 'view', reminders, removedAt: removed ? new Date().toISOString() : null });
    }
    const w = worker({ scan: async (db, now) => { await scanLedgerReminders(db, now); } });
    await w.runOnce();
    await w.runOnce();
    const toHost = hook.accepted.filter((a) => a.to === '9333333333').map((a) => a.text);
    expect(toHost).toEqual([`மொய் நினைவூட்டல்: மு. முருகன் (மேலூர்) அவர்களின் திருமணம் ${day(2)} அன்று. அவர்களிடம் பெற்றது ₹1,001; நாம் செய்தது ₹2,001.`]);
    expect(hook.accepted.filter((a) => a.to === '9444444441').map((a) => a.text)).toEqual(toHost);
    expect(hook.accepted.filter((a) => a.to === '9444444442' || a.to === '9444444443')).toEqual([]);
    expect(hook.violations).toEqual([]);
    // The function comes nearer: still only the one reminder.
    clock += 86_400_000;
    await w.runOnce();
    expect(hook.accepted.filter((a) => a.to === '9333333333')).toHaveLength(1);
  });
});

describe('admin screens\' API', () => {
  it('shows the provider with its secrets never sent back, and the outbox with states', async () => {
    const res = await app.inject({ method: 'GET', url: '/moi/admin/messaging', headers: { cookie: v.adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    expect(res.json()).toMatchObject({ provider: 'webhook', channel: 'sms', settings: expect.arrayContaining([{ name: 'MESSAGING_WEBHOOK_SECRET', set: true, secret: true, value: null }]) });
    const g = v.gift({ mobile: '9555555555' });
    await v.push([v.mut(g)]);
    const test = await app.inject({ method: 'POST', url: '/moi/admin/messaging/test', headers: { cookie: v.adminCookie }, payload: { to: '9666666666', lang: 'en' } });
    expect(test.statusCode, test.body).toBe(200);
    await worker().runOnce();
    const list = await app.inject({ method: 'GET', url: '/moi/admin/messaging/outbox', headers: { cookie: v.adminCookie } });
    const msgs = list.json().messages as Array<{ kind: string; state: string; recipient: string }>;
    expect(msgs.map((m) => [m.kind, m.state]).sort()).toEqual([['giver_receipt', 'sent'], ['test', 'sent']]);
    expect(list.body).not.toContain('9555555555');
    expect(hook.accepted.find((a) => a.to === '9666666666')?.text).toBe('Moi test message from moi.example.in.');
    const staff = await app.inject({ method: 'GET', url: '/moi/admin/messaging/outbox', headers: { cookie: v.cookie } });
    expect(staff.statusCode).toBe(403);
  });
});
