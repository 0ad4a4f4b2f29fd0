// Issue 29 end to end: a hall's admin pays Partner Track at a stand-in Razorpay (the subscription's
// page opens in a new tab; the stand-in then signs and sends the webhook as Razorpay would), creates
// an event on the hall's page, puts a staff member of the hall's pool on a counter, the counter
// takes a gift (its tablet's push), and the hall downloads its GST invoice (Tamil PDF). A family's
// event without a plan: the counters screen says so before anyone tries to open a counter, and leads
// to the plan page, where Smart Track is paid (a Payment Link, confirmed by webhook).
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { events, gifts, invoices, orgMembers, organisations } from '../../server/db/schema';
import { loginCookie, seedEvent, seedUser } from '../sync/fixtures';
import { ADMIN, launchBrowser, newContext, startServer, type E2EServer } from './harness';

const SECRET = 'whsec_e2e_29';
let server: E2EServer;
let standin: Server;
let browser: Browser;
let context: BrowserContext;
let orgId = '';
let hall: { id: string; username: string; password: string };
let pool: { id: string; username: string; password: string };
const subs: string[] = [];
const links: string[] = [];
const refunds: string[] = [];

beforeAll(async () => {
  // The stand-in Razorpay: creates subscriptions and serves their hosted page.
  standin = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/payment_links') {
        const id = `plink_e2e${links.length + 1}`;
        links.push(id);
        const port = (standin.address() as AddressInfo).port;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id, status: 'created', amount: (JSON.parse(raw) as { amount: number }).amount, reference_id: (JSON.parse(raw) as { reference_id: string }).reference_id, short_url: `http://127.0.0.1:${port}/pay/${id}` }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/subscriptions') {
        const id = `sub_e2e${subs.length + 1}`;
        subs.push(id);
        const port = (standin.address() as AddressInfo).port;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id, status: 'created', plan_id: (JSON.parse(raw) as { plan_id: string }).plan_id, short_url: `http://127.0.0.1:${port}/pay/${id}` }));
        return;
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (req.method === 'POST' && refund) {
        refunds.push(refund[1]);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: `rfnd_e2e${refunds.length}`, entity: 'refund', amount: (JSON.parse(raw) as { amount: number }).amount, payment_id: refund[1], status: 'processed' }));
        return;
      }
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>Razorpay stand-in</title><h1>Pay ₹1,500</h1>');
    });
  });
  await new Promise<void>((r) => standin.listen(0, '127.0.0.1', r));
  server = await startServer({
    RAZORPAY_KEY_ID: 'rzp_test_e2e', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: SECRET, RAZORPAY_API_URL: `http://127.0.0.1:${(standin.address() as AddressInfo).port}`,
    RAZORPAY_PARTNER_PLAN_ID: 'plan_partner', FREE_EVENTS: '0', SUPPLIER_GSTIN: '33ABCDE1234F1Z5', SUPPLIER_NAME: 'Moi Services',
  });
  hall = await seedUser(server.app, 'hall_e2e', 'event_admin', 'hall-e2e-password');
  pool = await seedUser(server.app, 'pool_e2e', 'counter_staff', 'pool-e2e-password');
  orgId = uuidv7();
  await server.app.db.insert(organisations).values({ id: orgId, nameEn: 'Lakshmi Mahal', nameTa: 'லட்சுமி மஹால்', gstin: '33AABCL1234M1Z2', address: 'Madurai' });
  await server.app.db.insert(orgMembers).values([{ orgId, userId: hall.id, role: 'admin' }, { orgId, userId: pool.id, role: 'staff' }]);
  browser = await launchBrowser();
  context = await newContext(browser, { width: 1280, height: 1000 });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  standin?.close();
});

it('a hall pays Partner Track, runs an event with its pool staff, and downloads its invoice', { timeout: 90_000 }, async () => {
  const page = await context.newPage();
  await page.goto(`${server.url}/session/signin`);
  await page.getByLabel('Username').fill(hall.username);
  await page.getByLabel(/^Password/).fill(hall.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 20_000 });
  await page.goto(`${server.url}/partners`);
  await page.getByText('Waiting for payment').or(page.getByText('No Partner Track yet')).first().waitFor({ timeout: 20_000 });

  // Pay: Razorpay's page (the stand-in) opens in a new tab.
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /Pay Partner Track/ }).click()]);
  await tab.waitForURL(/\/pay\/sub_e2e1/, { timeout: 10_000 });
  await tab.close();
  // Razorpay confirms the first charge by webhook.
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ entity: 'event', event: 'subscription.charged', created_at: now, payload: {
    subscription: { entity: { id: subs[0], status: 'active', paid_count: 1, current_end: now + 30 * 86_400 } },
    payment: { entity: { id: 'pay_e2e1', amount: 150_000, status: 'captured', created_at: now } },
  } });
  const hook = await fetch(`${server.url}/moi/billing/razorpay/webhook`, {
    method: 'POST', body, headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_e2e1', 'x-razorpay-signature': createHmac('sha256', SECRET).update(body).digest('hex') },
  });
  expect(hook.status).toBe(200);
  await page.reload();
  await page.getByText('Active', { exact: true }).waitFor({ timeout: 20_000 });

  // A new event of the hall: entitled by the hall's Partner Track.
  await page.getByLabel(/^Event title/).fill('Ravi & Priya wedding');
  await page.getByLabel(/^Date/).fill(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.getByText(/Ravi & Priya wedding/).waitFor({ timeout: 20_000 });
  const [ev] = await server.app.db.select().from(events).where(eq(events.orgId, orgId));
  expect(ev.entitled).toBe('partner_track');

  // The hall's admin opens the event, makes a counter and puts the pool's staff member on it (the calls the counters screen makes).
  const api = (method: string, url: string, json?: unknown) => page.evaluate(async ([m, u, j]) => {
    const r = await fetch(u as string, { method: m as string, headers: j ? { 'content-type': 'application/json' } : {}, body: j ? JSON.stringify(j) : undefined, credentials: 'include' });
    return { status: r.status, body: await r.json() as Record<string, unknown> };
  }, [method, url, json] as const);
  expect((await api('POST', `/moi/events/${ev.id}/status`, { status: 'open' })).status).toBe(200);
  const counter = await api('POST', `/moi/events/${ev.id}/counters`, { code: 'A', name: 'Main' });
  expect(counter.status).toBe(201);
  const counterId = (counter.body.counter as { id: string }).id;
  expect((await api('PUT', `/moi/counters/${counterId}/staff`, { userIds: [pool.id] })).status).toBe(200);
  expect((await api('POST', `/moi/counters/${counterId}/open`, {})).status).toBe(200);

  // The counter takes a gift (the pool staff member, signed in on the counter's tablet).
  // (Its tablet's push, as the counter screen's outbox sends it; the counter screen itself is covered by counter-day.e2e.)
  const deviceId = uuidv7();
  const { cookie } = await loginCookie(server.app, pool.username, pool.password, deviceId);
  const push = await server.app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie }, payload: { deviceId, mutations: [{ id: uuidv7(), seq: 1, name: 'gift.create',
    args: { id: uuidv7(), eventId: ev.id, counterId, receiptNo: 'A-1', name: 'ரவி', village: 'மதுரை', amount: 1001, enteredAt: new Date().toISOString() } }] } });
  expect((push.json() as { results: Array<{ status: string }> }).results[0].status).toBe('applied');
  const saved = await server.app.db.select().from(gifts).where(eq(gifts.counterId, counterId));
  expect(saved.map((g) => g.amount)).toEqual([1001]);

  // The hall downloads its invoice.
  await page.reload();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Tamil PDF' }).first().click()]);
  expect(download.suggestedFilename()).toMatch(/^MOI-\d{2}-\d{2}-00001-ta\.pdf$/);
  const pdf = await download.path();
  expect(pdf).toBeTruthy();
});

it('a family event without a plan: the counters screen warns and leads to Smart Track; once paid, the warning is gone', { timeout: 90_000 }, async () => {
  const admin = await seedUser(server.app, 'family_admin_e2e', 'event_admin', 'family-admin-e2e-password');
  const eventId = await seedEvent(server.app, { adminIds: [admin.id], title: 'Kumar weds Latha' });
  const ctx = await newContext(browser, { width: 800, height: 1000 });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/session/signin`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 20_000 });
  await page.goto(`${server.url}/event/counter?event=${eventId}`);
  const warning = page.getByTestId('plan-warning');
  await expect.poll(() => warning.textContent(), { timeout: 20_000 }).toContain('This event has no plan yet, so its counters cannot open');
  await warning.getByRole('link', { name: 'Plan and payment' }).click();
  await page.waitForURL((u) => u.pathname === '/event/plan' && u.searchParams.get('event') === eventId);
  const [tab] = await Promise.all([ctx.waitForEvent('page'), page.getByRole('button', { name: /Pay Smart Track/ }).click()]);
  await tab.waitForURL(/\/pay\/plink_e2e1/, { timeout: 10_000 });
  await tab.close();
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ entity: 'event', event: 'payment_link.paid', created_at: now, payload: {
    payment_link: { entity: { id: links[0], status: 'paid', reference_id: eventId, order_id: 'order_e2e2', amount: 99_900, amount_paid: 99_900 } },
    order: { entity: { id: 'order_e2e2', status: 'paid', amount: 99_900, amount_paid: 99_900 } },
    payment: { entity: { id: 'pay_e2e2', amount: 99_900, status: 'captured', order_id: 'order_e2e2', created_at: now } },
  } });
  const hook = await fetch(`${server.url}/moi/billing/razorpay/webhook`, {
    method: 'POST', body, headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_e2e2', 'x-razorpay-signature': createHmac('sha256', SECRET).update(body).digest('hex') },
  });
  expect(hook.status).toBe(200);
  const [ev] = await server.app.db.select().from(events).where(eq(events.id, eventId));
  expect(ev.entitled).toBe('smart_track');
  const planRead = page.waitForResponse((r) => r.url().endsWith(`/moi/events/${eventId}/plan`) && r.status() === 200, { timeout: 20_000 });
  await page.goto(`${server.url}/event/counter?event=${eventId}`);
  await planRead;
  await page.getByTestId('event-details').waitFor({ timeout: 20_000 });
  expect(await warning.count()).toBe(0);
  await ctx.close();
});

it('the provider refunds the family’s Smart Track from its billing page: a credit note, and the event is no longer entitled', { timeout: 90_000 }, async () => {
  const ctx = await newContext(browser, { width: 1440, height: 1000 });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/session/signin`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 20_000 });
  await page.goto(`${server.url}/admin/billing`);
  const row = page.getByRole('row').filter({ hasText: 'pay_e2e2' });
  await row.getByRole('button', { name: 'Refund' }).click();
  if (process.env.MOI_SHOTS === '1') {
    for (const w of [390, 800, 1440]) {
      await page.setViewportSize({ width: w, height: 1000 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots/branding/provider-refund-${w}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
  }
  await row.getByRole('button', { name: 'Refund ₹999.00' }).click();
  await page.getByText('Refunded ₹999.00 of pay_e2e2; a credit note was issued.').waitFor({ timeout: 20_000 });
  expect(refunds).toEqual(['pay_e2e2']);
  const [ev] = await server.app.db.select().from(events).where(eq(events.entitled, 'smart_track'));
  expect(ev).toBeUndefined();
  const notes = await server.app.db.select().from(invoices).where(eq(invoices.series, 'credit_note'));
  expect(notes.map((n) => n.paymentId)).toEqual(['rfnd_e2e1']);
  // Refunded in full: no Refund button any more.
  await expect.poll(() => row.getByRole('button', { name: 'Refund' }).count()).toBe(0);
  await ctx.close();
});
