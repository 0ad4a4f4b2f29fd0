// Issue 29: plans that activate on payment. The Razorpay adapter runs against a stand-in Razorpay
// this test starts on loopback (Payment Links, Subscriptions, Basic auth); webhooks are signed with
// the webhook secret as Razorpay signs them. Entitlement: checked at event open and counter open,
// never on a gift; a lapse mid-function-day; a device that learns of a payment when it syncs; overrides.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import { mayOpenCounters } from '../../contract/billing';
import { createTestApp, type TestApp } from '../test-utils';
import { events, invoices, orgMembers, organisations, subscriptions } from '../db/schema';
import { loginCookie, seedCounter, seedUser } from '../../tests/sync/fixtures';

const SECRET = 'whsec_test_29';
let t: TestApp;
let standin: Server;
const seen: Array<{ path: string; auth: string; body: Record<string, unknown> }> = [];
let n = 0;
const refundedAtStandin = new Map<string, number>();

async function startStandin(): Promise<string> {
  standin = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', body });
      const ok = req.headers.authorization === `Basic ${Buffer.from('rzp_test_key:rzp_test_secret').toString('base64')}`;
      res.setHeader('content-type', 'application/json');
      if (!ok) { res.statusCode = 401; res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } })); return; }
      n += 1;
      if (req.url === '/v1/payment_links') {
        res.end(JSON.stringify({ id: `plink_${n}`, short_url: `https://rzp.io/i/${n}`, status: 'created', reference_id: body.reference_id, amount: body.amount }));
      } else if (req.url === '/v1/subscriptions') {
        res.end(JSON.stringify({ id: `sub_${n}`, short_url: `https://rzp.io/s/${n}`, status: 'created', plan_id: body.plan_id }));
      } else if (/^\/v1\/payments\/[^/]+\/refund$/.test(req.url ?? '')) {
        // Razorpay's refunds: no more than what was captured and not yet refunded.
        const pay = decodeURIComponent((req.url ?? '').split('/')[3]);
        const amount = Number(body.amount);
        if ((refundedAtStandin.get(pay) ?? 0) + amount > 99_900) {
          res.statusCode = 400; res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The refund amount provided is greater than amount captured' } })); return;
        }
        refundedAtStandin.set(pay, (refundedAtStandin.get(pay) ?? 0) + amount);
        res.end(JSON.stringify({ id: `rfnd_${n}`, entity: 'refund', amount, currency: 'INR', payment_id: pay, status: 'processed', notes: body.notes }));
      } else { res.statusCode = 404; res.end(JSON.stringify({ error: { code: 'NOT_FOUND', description: 'no route' } })); }
    });
  });
  await new Promise<void>((r) => standin.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(standin.address() as AddressInfo).port}`;
}

let adminCookie = '';
let hallCookie = '';
let hallDevice = '';
let ownerCookie = '';
let staff: { id: string; cookie: string; deviceId: string };
let orgId = '';

beforeAll(async () => {
  const url = await startStandin();
  t = await createTestApp({
    RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'rzp_test_secret', RAZORPAY_WEBHOOK_SECRET: SECRET, RAZORPAY_API_URL: url,
    RAZORPAY_PARTNER_PLAN_ID: 'plan_partner', FREE_EVENTS: '0', SUPPLIER_GSTIN: '33ABCDE1234F1Z5', SUPPLIER_NAME: 'Moi Services',
  });
  adminCookie = (await loginCookie(t.app, 'admin', 'admin-test-password')).cookie;
  const hall = await seedUser(t.app, 'hall29', 'event_admin');
  const owner = await seedUser(t.app, 'family29', 'event_owner');
  const s = await seedUser(t.app, 'pool29', 'counter_staff');
  hallDevice = randomUUID();
  hallCookie = (await loginCookie(t.app, hall.username, hall.password, hallDevice)).cookie;
  ownerCookie = (await loginCookie(t.app, owner.username, owner.password)).cookie;
  const deviceId = randomUUID();
  staff = { id: s.id, deviceId, cookie: (await loginCookie(t.app, s.username, s.password, deviceId)).cookie };
  const org = await t.app.inject({ method: 'POST', url: '/moi/orgs', headers: { cookie: adminCookie }, payload: { nameEn: 'Lakshmi Mahal', nameTa: 'லட்சுமி மஹால்', gstin: '29ABCDE1234F1Z5', address: 'Bengaluru' } });
  expect(org.statusCode, org.body).toBe(201);
  orgId = (org.json() as { org: { id: string } }).org.id;
  for (const [u, role] of [[hall.id, 'admin'], [s.id, 'staff']] as const) {
    const r = await t.app.inject({ method: 'PUT', url: `/moi/orgs/${orgId}/members`, headers: { cookie: adminCookie }, payload: { userId: u, role } });
    expect(r.statusCode, r.body).toBe(200);
  }
  owner29 = owner.id;
}, 60_000);
afterAll(async () => { await t?.close(); standin?.close(); });

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

function sign(body: string, secret = SECRET) { return createHmac('sha256', secret).update(body).digest('hex'); }
async function deliver(payload: unknown, opts: { id?: string; secret?: string; tamper?: boolean } = {}) {
  const body = JSON.stringify(payload);
  const sig = sign(body, opts.secret);
  return t.app.inject({
    method: 'POST', url: '/moi/billing/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': opts.id ?? `evt_${randomUUID()}` },
    payload: opts.tamper ? body.replace('99900', '100') : body,
  });
}
const at = () => Math.floor(Date.now() / 1000);
const paymentCaptured = (pay: string, order: string, amount = 99_900) => ({ entity: 'event', event: 'payment.captured', created_at: at(), payload: { payment: { entity: { id: pay, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: order, email: 'f@example.com', contact: '+919876543210', created_at: at() } } } });
const linkPaid = (link: string, ref: string, pay: string, order: string) => ({
  entity: 'event', event: 'payment_link.paid', created_at: at(),
  payload: {
    payment_link: { entity: { id: link, status: 'paid', reference_id: ref, order_id: order, amount: 99_900, amount_paid: 99_900 } },
    order: { entity: { id: order, status: 'paid', amount: 99_900, amount_paid: 99_900 } },
    payment: { entity: { id: pay, amount: 99_900, status: 'captured', order_id: order, created_at: at() } },
  },
});
const orderPaid = (pay: string, order: string) => ({ entity: 'event', event: 'order.paid', created_at: at(), payload: { order: { entity: { id: order, status: 'paid', amount: 99_900 } }, payment: { entity: { id: pay, amount: 99_900, status: 'captured', order_id: order, created_at: at() } } } });
const subEvent = (event: string, sub: string, status: string, paidCount: number, createdAt: number, payment?: string) => ({
  entity: 'event', event, created_at: createdAt,
  payload: {
    subscription: { entity: { id: sub, status, paid_count: paidCount, current_end: createdAt + 30 * 86_400, charge_at: createdAt + 30 * 86_400, notes: { moi_org_id: orgId } } },
    ...(payment ? { payment: { entity: { id: payment, amount: 150_000, status: 'captured', created_at: createdAt } } } : {}),
  },
});

async function newEvent(opts: { org?: boolean; date?: string } = {}): Promise<string> {
  const id = uuidv7();
  const res = opts.org
    ? await t.app.inject({ method: 'POST', url: `/moi/orgs/${orgId}/events`, headers: { cookie: hallCookie }, payload: { id, titleEn: 'Hall wedding', functionType: 'wedding', date: opts.date ?? today() } })
    : await t.app.inject({ method: 'POST', url: '/moi/events', headers: { cookie: adminCookie }, payload: { id, titleEn: 'Family wedding', functionType: 'wedding', date: opts.date ?? today(), ownerIds: [(await ownerId())] } });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}
let owner29 = '';
const ownerId = async () => owner29;
const openEvent = (id: string, cookie = adminCookie) => t.app.inject({ method: 'POST', url: `/moi/events/${id}/status`, headers: { cookie }, payload: { status: 'open' } });
const entitled = async (id: string) => (await t.app.db.select({ e: events.entitled }).from(events).where(eq(events.id, id)))[0].e;
const invoiceCount = async (paymentId: string) => (await t.app.db.select().from(invoices).where(eq(invoices.paymentId, paymentId))).length;
let seq = 0;
async function push(who: { cookie: string; deviceId: string }, name: string, args: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: who.cookie }, payload: { deviceId: who.deviceId, mutations: [{ id: randomUUID(), seq: ++seq, name, args }] } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Array<{ status: string; code?: string; message?: string }> }).results[0];
}

describe(`Razorpay webhooks (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('checks the signature on the raw body: a good one applies, a bad one or a changed body is refused', async () => {
    const ev = await newEvent();
    const pay = await t.app.inject({ method: 'POST', url: `/moi/events/${ev}/pay`, headers: { cookie: ownerCookie } });
    expect(pay.statusCode, pay.body).toBe(200);
    const link = (pay.json() as { linkId: string }).linkId;
    const sent = seen.at(-1)!;
    expect(sent.path).toBe('/v1/payment_links');
    expect(sent.body).toMatchObject({ amount: 99_900, currency: 'INR', reference_id: ev });
    expect((await deliver(linkPaid(link, ev, 'pay_sig', 'order_sig'), { secret: 'wrong' })).statusCode).toBe(400);
    expect((await deliver(linkPaid(link, ev, 'pay_sig', 'order_sig'), { tamper: true })).statusCode).toBe(400);
    expect(await entitled(ev)).toBeNull();
    const ok = await deliver(linkPaid(link, ev, 'pay_sig', 'order_sig'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await entitled(ev)).toBe('smart_track');
    expect(await invoiceCount('pay_sig')).toBe(1);
  });

  it('a replayed event id changes nothing', async () => {
    const ev = await newEvent();
    const link = (await t.app.inject({ method: 'POST', url: `/moi/events/${ev}/pay`, headers: { cookie: ownerCookie } })).json().linkId as string;
    const first = await deliver(linkPaid(link, ev, 'pay_replay', 'order_replay'), { id: 'evt_replay' });
    const again = await deliver(linkPaid(link, ev, 'pay_replay', 'order_replay'), { id: 'evt_replay' });
    expect([first.json().outcome, again.json().outcome]).toEqual(['applied', 'duplicate']);
    expect(await invoiceCount('pay_replay')).toBe(1);
  });

  it('payment.captured before and after order.paid / payment_link.paid: one entitlement, one invoice', async () => {
    // Before: the captured payment alone names no event; the link's delivery completes it.
    const a = await newEvent();
    const la = (await t.app.inject({ method: 'POST', url: `/moi/events/${a}/pay`, headers: { cookie: ownerCookie } })).json().linkId as string;
    await deliver(paymentCaptured('pay_early', 'order_a'));
    expect(await entitled(a)).toBeNull();
    expect(await invoiceCount('pay_early')).toBe(0);
    await deliver(linkPaid(la, a, 'pay_early', 'order_a'));
    await deliver(orderPaid('pay_early', 'order_a'));
    expect(await entitled(a)).toBe('smart_track');
    expect(await invoiceCount('pay_early')).toBe(1);
    // After: the link's delivery grants; the late payment.captured and order.paid change nothing.
    const b = await newEvent();
    const lb = (await t.app.inject({ method: 'POST', url: `/moi/events/${b}/pay`, headers: { cookie: ownerCookie } })).json().linkId as string;
    await deliver(linkPaid(lb, b, 'pay_late', 'order_b'));
    await deliver(orderPaid('pay_late', 'order_b'));
    await deliver(paymentCaptured('pay_late', 'order_b'));
    expect(await entitled(b)).toBe('smart_track');
    expect(await invoiceCount('pay_late')).toBe(1);
  });

  it('a subscription going pending → halted → active, in any arrival order, entitles the hall’s events accordingly', async () => {
    const sub = await t.app.inject({ method: 'POST', url: `/moi/orgs/${orgId}/subscribe`, headers: { cookie: hallCookie } });
    expect(sub.statusCode, sub.body).toBe(200);
    const subId = (sub.json() as { subscriptionId: string }).subscriptionId;
    expect(seen.at(-1)).toMatchObject({ path: '/v1/subscriptions', body: { plan_id: 'plan_partner', notes: { moi_org_id: orgId } } });
    const ev = await newEvent({ org: true });
    expect((await openEvent(ev, hallCookie)).json().code).toBe('not_entitled');
    const t0 = at();
    await deliver(subEvent('subscription.activated', subId, 'active', 1, t0, 'pay_sub_1'));
    expect(await entitled(ev)).toBe('partner_track');
    expect(await invoiceCount('pay_sub_1')).toBe(1);
    await deliver(subEvent('subscription.pending', subId, 'pending', 1, t0 + 10));
    expect(await entitled(ev)).toBe('partner_track'); // Razorpay is still retrying the charge
    await deliver(subEvent('subscription.halted', subId, 'halted', 1, t0 + 20));
    expect(await entitled(ev)).toBeNull();
    await deliver(subEvent('subscription.charged', subId, 'active', 2, t0 + 30, 'pay_sub_2'));
    expect(await entitled(ev)).toBe('partner_track');
    // A late 'halted' from before the successful charge does not undo it.
    await deliver(subEvent('subscription.halted', subId, 'halted', 1, t0 + 25));
    expect(await entitled(ev)).toBe('partner_track');
    const [row] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect([row.status, row.paidCount]).toEqual(['active', 2]);
    // The hall sees its plan's state and its invoices (billed to the hall, IGST: Karnataka).
    const page = (await t.app.inject({ method: 'GET', url: `/moi/orgs/${orgId}`, headers: { cookie: hallCookie } })).json();
    expect(page.plan.subscription.status).toBe('active');
    expect(page.invoices.length).toBe(2);
    const pdf = await t.app.inject({ method: 'GET', url: `/moi/invoices/${page.invoices[0].id}/pdf?lang=ta`, headers: { cookie: hallCookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await t.app.inject({ method: 'GET', url: `/moi/invoices/${page.invoices[0].id}/pdf`, headers: { cookie: ownerCookie } })).statusCode).toBe(404);
  });
});

describe('the provider refunds a payment', () => {
  it('an app admin refunds a Smart Track: Razorpay’s refunds API, one credit note, the event no longer entitled; the later refund webhook changes nothing', async () => {
    const ev = await newEvent();
    const link = (await t.app.inject({ method: 'POST', url: `/moi/events/${ev}/pay`, headers: { cookie: ownerCookie } })).json().linkId as string;
    await deliver(linkPaid(link, ev, 'pay_refund', 'order_refund'));
    expect(await entitled(ev)).toBe('smart_track');
    const refund = (cookie: string, payload: unknown = {}) => t.app.inject({ method: 'POST', url: '/moi/admin/payments/pay_refund/refund', headers: { cookie }, payload: payload as object });
    expect((await refund(hallCookie)).statusCode).toBe(403);
    expect((await refund(adminCookie, { amountPaise: 200_000 })).statusCode).toBe(400);
    const r = await refund(adminCookie);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'processed', amountPaise: 99_900, refundedPaise: 99_900, entitled: null });
    expect(seen.at(-1)).toMatchObject({ path: '/v1/payments/pay_refund/refund', body: { amount: 99_900 } });
    expect(await entitled(ev)).toBeNull();
    const refundId = r.json().refundId as string;
    const notes = () => t.app.db.select().from(invoices).where(eq(invoices.paymentId, refundId));
    const [note] = await notes();
    expect(note.series).toBe('credit_note');
    expect(note.serial).toMatch(/^MCN\/\d{2}-\d{2}\/\d{5}$/);
    // Razorpay's refund.processed for the same refund arrives later: nothing changes.
    const hook = await deliver({ entity: 'event', event: 'refund.processed', created_at: at(), payload: { refund: { entity: { id: refundId, entity: 'refund', amount: 99_900, payment_id: 'pay_refund', status: 'processed' } } } });
    expect(hook.statusCode).toBe(200);
    expect(await notes()).toHaveLength(1);
    const billing = (await t.app.inject({ method: 'GET', url: '/moi/admin/billing', headers: { cookie: adminCookie } })).json();
    expect(billing.payments.find((p: { id: string }) => p.id === 'pay_refund').refundedPaise).toBe(99_900);
    // Refunded in full: a second refund is refused before Razorpay is asked.
    const calls = seen.length;
    expect((await refund(adminCookie)).statusCode).toBe(409);
    expect(seen.length).toBe(calls);
  });
});

describe('entitlement', () => {
  it('an event without a plan is refused with a way to pay; an override with a reason opens it', async () => {
    const ev = await newEvent();
    const r = await openEvent(ev);
    expect(r.statusCode).toBe(402);
    expect(r.json().code).toBe('not_entitled');
    expect(r.json().message).toMatch(/Smart Track.*ஸ்மார்ட் டிராக்/s);
    expect((await t.app.inject({ method: 'POST', url: `/moi/events/${ev}/override`, headers: { cookie: adminCookie }, payload: { reason: '' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/moi/events/${ev}/override`, headers: { cookie: hallCookie }, payload: { reason: 'Temple trust, free of charge' } })).statusCode).toBe(403);
    const o = await t.app.inject({ method: 'POST', url: `/moi/events/${ev}/override`, headers: { cookie: adminCookie }, payload: { reason: 'Temple trust, free of charge' } });
    expect(o.json().entitled).toBe('override');
    expect((await openEvent(ev)).statusCode).toBe(200);
    const billing = (await t.app.inject({ method: 'GET', url: '/moi/admin/billing', headers: { cookie: adminCookie } })).json();
    expect(billing.overrides.map((x: { reason: string }) => x.reason)).toContain('Temple trust, free of charge');
  });

  it('a lapse in the middle of the function day stops neither its counters opening nor its gifts; the next day it does', async () => {
    const ev = await newEvent({ org: true });
    expect(await entitled(ev)).toBe('partner_track'); // the hall's subscription is active (previous test)
    expect((await openEvent(ev, hallCookie)).statusCode).toBe(200);
    const c1 = await seedCounter(t.app, ev, { code: 'A', staffIds: [staff.id], open: false });
    const c2 = await seedCounter(t.app, ev, { code: 'B', staffIds: [staff.id], open: false });
    expect((await push(staff, 'counter.open', { id: c1 })).status).toBe('rejected'); // staff do not open counters
    const hall = { cookie: hallCookie, deviceId: hallDevice };
    expect((await push(hall, 'counter.open', { id: c1 })).status).toBe('applied');
    // The subscription halts at noon.
    const [s] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    await deliver(subEvent('subscription.halted', s.id, 'halted', 2, at() + 1000));
    expect(await entitled(ev)).toBeNull();
    // The second counter still opens today; gifts are saved.
    expect((await push(hall, 'counter.open', { id: c2 })).status).toBe('applied');
    const gift = await push(staff, 'gift.create', { id: uuidv7(), eventId: ev, counterId: c1, receiptNo: 'A-1', name: 'Ravi', amount: 501, enteredAt: new Date().toISOString() });
    expect(gift.status).toBe('applied');
    // Tomorrow, with no plan, a counter of it would not open.
    const [row] = await t.app.db.select().from(events).where(eq(events.id, ev));
    expect(row.entitledThrough).toBe(today());
    expect(mayOpenCounters(row, Date.now())).toBe(true);
    expect(mayOpenCounters(row, Date.now() + 86_400_000)).toBe(false);
  });

  it('a device learns of the payment when it next syncs (the event row it pulls says what entitles it); the event then opens', async () => {
    const ev = await newEvent();
    // The family's device pulls while nothing entitles the event.
    const pull = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/moi/sync/pull?since=0&limit=5000', headers: { cookie: ownerCookie } });
      return (res.json() as { changes: Array<{ type: string; id: string; row?: { entitled?: string | null } }> }).changes.find((c) => c.type === 'event' && c.id === ev)?.row;
    };
    expect((await pull())?.entitled ?? null).toBeNull();
    const link = (await t.app.inject({ method: 'POST', url: `/moi/events/${ev}/pay`, headers: { cookie: ownerCookie } })).json().linkId as string;
    await deliver(linkPaid(link, ev, 'pay_offline', 'order_offline'));
    expect((await pull())?.entitled).toBe('smart_track');
    expect((await openEvent(ev)).statusCode).toBe(200);
  });

  it('the free first event is taken once per hall when configured', async () => {
    const other = uuidv7();
    await t.app.db.insert(organisations).values({ id: other, nameEn: 'Free Hall' });
    const hall2 = await seedUser(t.app, 'hall29b', 'event_admin');
    await t.app.db.insert(orgMembers).values({ orgId: other, userId: hall2.id, role: 'admin' });
    const cookie = (await loginCookie(t.app, hall2.username, hall2.password)).cookie;
    const cfg = t.app.config.billing;
    cfg.freeEvents = 1;
    try {
      const mk = async () => {
        const id = uuidv7();
        await t.app.inject({ method: 'POST', url: `/moi/orgs/${other}/events`, headers: { cookie }, payload: { id, titleEn: 'W', functionType: 'wedding', date: today() } });
        return id;
      };
      const [e1, e2] = [await mk(), await mk()];
      expect((await openEvent(e1, cookie)).statusCode).toBe(200);
      expect(await entitled(e1)).toBe('free_first');
      expect((await openEvent(e2, cookie)).statusCode).toBe(402);
    } finally {
      cfg.freeEvents = 0;
    }
  });
});
