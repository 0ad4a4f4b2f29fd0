// The set-up of an event through the admin screens, in Chromium with the service worker on:
// the app admin creates an event admin and an event (with that admin) and opens the event; the
// event admin creates two counters and two counter staff, sets their PINs, and opens both
// counters (opening goes through the device's outbox). The server then holds exactly that.
// With MOI_SHOTS=1 it also saves screenshots to /tmp/shots/admin-e2e/.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, launchBrowser, newContext, startServer, waitForServiceWorker, type E2EServer } from './harness';

const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/admin-e2e' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const PW = 'e2e-password-123';
const t0 = Date.now();
const step = (what: string) => { if (process.env.E2E_TRACE) console.log(`[admin.e2e ${((Date.now() - t0) / 1000).toFixed(1)}s] ${what}`); };

async function signIn(page: Page, base: string, username: string, password: string) {
  await page.goto(`${base}/session/signin`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/session/signin'), { timeout: 30_000 });
}

/** Choose an option of a Mantine Select / MultiSelect by its label. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string | RegExp, option: string | RegExp) {
  const input = scope.getByLabel(label).filter({ visible: true }).first();
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function api<T>(s: E2EServer, cookie: string, path: string): Promise<T> {
  const res = await fetch(`${s.url}${path}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('setting up an event through the admin screens', () => {
  let server: E2EServer;
  let browser: Browser;
  let eventId = '';
  let adminCookie = '';

  beforeAll(async () => {
    server = await startServer(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('app admin → event admin → counters, staff, PINs, open counters', { timeout: 240_000 }, async () => {
    // ---- app admin ----
    const adminCtx = await newContext(browser, { width: 1440, height: 900 });
    const page = await adminCtx.newPage();
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);

    step('event admin account');
    await page.goto(`${server.url}/admin/Eventadmin`);
    await page.getByRole('button', { name: 'New event admin' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('ganesan.admin');
    await dialog.getByLabel('Full name').fill('கணேசன்');
    await dialog.getByLabel('Mobile number').fill('9876543210');
    await dialog.getByLabel(/^Password/).fill(PW);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByTestId('users-table').getByText('ganesan.admin').count(), { timeout: 15_000 }).toBe(1);

    step('event');
    await page.goto(`${server.url}/admin/eventownerpage`);
    await page.getByRole('button', { name: 'New event' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title in Tamil').fill('செல்வம் – மீனாட்சி திருமணம்');
    await dialog.getByLabel('Title in English').fill('Selvam weds Meenakshi');
    // The date from the calendar: today's day in the month it opens on.
    await dialog.getByLabel('Date').click();
    const today = new Date();
    await page.getByRole('button', { name: `${today.getDate()} ${today.toLocaleString('en-IN', { month: 'long' })} ${today.getFullYear()}` }).click();
    await dialog.getByLabel('Venue').fill('Meenakshi Mahal, Madurai');
    await dialog.getByLabel('Bride and groom').fill('Selvam & Meenakshi');
    await dialog.getByLabel("Host's UPI id (optional)").fill('selvam@okaxis');
    await pick(page, dialog, 'Event admins', /கணேசன்/);
    await page.keyboard.press('Escape'); // close the dropdown, keep the dialog
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/event-form.png` });
    await dialog.getByRole('button', { name: 'Create' }).click();
    const row = page.getByTestId('events-table').getByRole('row', { name: /Selvam weds Meenakshi/ });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    step('open the event');
    await row.getByRole('button', { name: /Actions/ }).click();
    await page.getByRole('menuitem', { name: 'Open the event' }).click();
    await expect.poll(() => row.getByText('Open').count(), { timeout: 15_000 }).toBe(1);
    await adminCtx.close();

    // ---- event admin, on a tablet ----
    const eaCtx = await newContext(browser, { width: 800, height: 1280 });
    const ea = await eaCtx.newPage();
    await signIn(ea, server.url, 'ganesan.admin', PW);
    step('event admin signs in');
    await ea.goto(`${server.url}/event/counter`);
    await expect.poll(() => ea.getByRole('textbox', { name: 'Event', exact: true }).or(ea.getByRole('combobox', { name: 'Event', exact: true })).first().inputValue(), { timeout: 30_000 }).toContain('Selvam weds Meenakshi');
    // the event's admin corrects its venue in the app admin's event form (saved on the server)
    await ea.getByRole('button', { name: 'Edit event' }).click();
    dialog = ea.getByRole('dialog');
    expect(await dialog.getByLabel('Owners (hosts)').count()).toBe(0);
    await dialog.getByLabel('Venue').fill('Meenakshi Mahal (first floor), Madurai');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await expect.poll(() => ea.getByTestId('event-details').textContent(), { timeout: 30_000 }).toContain('first floor');
    // the event's admin closes the event (asked first), sees it closed, and reopens it
    await expect.poll(() => ea.getByTestId('event-status').textContent(), { timeout: 30_000 }).toBe('Open');
    await ea.getByRole('button', { name: 'Close the event' }).click();
    dialog = ea.getByRole('dialog');
    if (SHOTS) await ea.screenshot({ path: `${SHOTS}/close-event-confirm.png` });
    await dialog.getByRole('button', { name: 'Close the event' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await expect.poll(() => ea.getByTestId('event-status').textContent(), { timeout: 30_000 }).toBe('Closed');
    await ea.getByText('This event is closed; its counters cannot be opened.').waitFor();
    await ea.getByRole('button', { name: 'Reopen' }).click();
    await expect.poll(() => ea.getByTestId('event-status').textContent(), { timeout: 30_000 }).toBe('Open');
    for (const [code, name] of [['A', 'Main entrance'], ['B', 'Dining hall']] as const) {
      await ea.getByRole('button', { name: 'New counter' }).click();
      dialog = ea.getByRole('dialog');
      await dialog.getByLabel('Code').fill(code);
      await dialog.getByLabel('Counter name').fill(name);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await ea.getByTestId(`counter-card-${code}`).waitFor({ timeout: 15_000 });
    }

    // two staff: the first with counter A and a PIN at creation, the second assigned and given a PIN from the counters page
    step('staff');
    await ea.goto(`${server.url}/eventadmin/counter/staff`);
    await ea.getByRole('button', { name: 'New staff member' }).click();
    dialog = ea.getByRole('dialog');
    await dialog.getByLabel('Username').fill('kavitha.staff');
    await dialog.getByLabel('Full name').fill('Kavitha');
    await dialog.getByLabel(/^Password/).fill(PW);
    await pick(ea, dialog, 'Counters', /^A/);
    await ea.keyboard.press('Escape');
    await dialog.getByLabel(/6-digit PIN/).fill('111111');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => ea.getByTestId('staff-table').getByText('A · PIN set').count(), { timeout: 15_000 }).toBe(1);
    await ea.getByRole('button', { name: 'New staff member' }).click();
    dialog = ea.getByRole('dialog');
    await dialog.getByLabel('Username').fill('saravanan.staff');
    await dialog.getByLabel('Full name').fill('சரவணன்');
    await dialog.getByLabel(/^Password/).fill(PW);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => ea.getByTestId('staff-table').getByText('saravanan.staff').count(), { timeout: 15_000 }).toBe(1);

    await ea.goto(`${server.url}/event/counter`);
    step('assign + PIN');
    const cardB = ea.getByTestId('counter-card-B');
    await cardB.getByRole('button', { name: 'Assign staff' }).click();
    dialog = ea.getByRole('dialog');
    await pick(ea, dialog, 'Counter staff', /சரவணன்/);
    await ea.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => cardB.getByText(/சரவணன் · No PIN/).count(), { timeout: 15_000 }).toBe(1);
    await cardB.getByRole('button', { name: 'Set PIN' }).click();
    dialog = ea.getByRole('dialog');
    await dialog.getByLabel('6-digit PIN').fill('222222');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => cardB.getByText(/சரவணன் · PIN set/).count(), { timeout: 15_000 }).toBe(1);

    step('open counters');
    // open both counters (through the outbox) once the device holds them
    for (const code of ['A', 'B']) {
      const card = ea.getByTestId(`counter-card-${code}`);
      await card.getByRole('button', { name: 'Open counter' }).click();
      // The opening float (issue 18) is asked for first; none here.
      await ea.getByRole('dialog').getByRole('button', { name: 'Open the counter' }).click();
      await expect.poll(() => card.getByTestId('counter-status').textContent(), { timeout: 15_000 }).toBe('Open');
    }
    await expect.poll(() => ea.getByText('Waiting to sync').count(), { timeout: 30_000 }).toBe(0);
    if (SHOTS) await ea.screenshot({ path: `${SHOTS}/event-counters-800.png` });
    await eaCtx.close();

    step('check the server');
    // ---- the server holds exactly that ----
    const res = await fetch(`${server.url}/moi/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    adminCookie = cookie;
    const { events } = await api<{ events: { id: string; titleEn: string; status: string; upiId: string; adminIds: string[] }[] }>(server, cookie, '/moi/events');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ titleEn: 'Selvam weds Meenakshi', status: 'open', upiId: 'selvam@okaxis', venue: 'Meenakshi Mahal (first floor), Madurai' });
    eventId = events[0]!.id;
    const { counters } = await api<{ counters: { code: string; name: string; status: string; staff: { username: string; hasPin: boolean }[] }[] }>(server, cookie, `/moi/counters?eventId=${events[0]!.id}`);
    const summary = counters.map((c) => ({ code: c.code, name: c.name, status: c.status, staff: c.staff.map((s) => `${s.username}:${s.hasPin}`) })).sort((a, b) => a.code.localeCompare(b.code));
    expect(summary).toEqual([
      { code: 'A', name: 'Main entrance', status: 'open', staff: ['kavitha.staff:true'] },
      { code: 'B', name: 'Dining hall', status: 'open', staff: ['saravanan.staff:true'] },
    ]);
  });
  it('the owner sees the gifts that reached the server with their totals; the deleted one is listed with its reason', { timeout: 240_000 }, async () => {
    expect(eventId).not.toBe('');
    const send = async (cookie: string, method: string, path: string, json?: unknown) => {
      const r = await fetch(`${server.url}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) });
      const text = await r.text();
      if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };
    const signInApi = async (username: string, deviceId?: string) => {
      const r = await fetch(`${server.url}/moi/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PW, deviceId }) });
      const body = await r.json();
      return { cookie: r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), user: body.user, device: body.device };
    };
    // an owner for the event (the owners' screen is exercised in the first test's event form)
    const owner = (await send(adminCookie, 'POST', '/moi/admin/users', { username: 'selvam.host', password: PW, name: 'Selvam', role: 'event_owner' })).user;
    await send(adminCookie, 'PATCH', `/moi/events/${eventId}`, { ownerIds: [owner.id] });
    // twelve gifts from Kavitha's tablet at counter A (as its sync would push them)
    const { counters } = await send(adminCookie, 'GET', `/moi/counters?eventId=${eventId}`);
    const a = counters.find((c: { code: string }) => c.code === 'A');
    const deviceId = crypto.randomUUID();
    const staff = await signInApi('kavitha.staff', deviceId);
    const amounts = [101, 201, 501, 1001, 251, 2001, 5001, 1116, 100, 500, 1000, 10001];
    const giftIds: string[] = [];
    const mutations = amounts.map((amount, i) => {
      const id = `0190${String(i).padStart(4, '0')}-0000-7000-8000-${String(i + 1).padStart(12, '0')}`;
      giftIds.push(id);
      return {
        id: crypto.randomUUID(), seq: i + 1, name: 'gift.create',
        args: {
          id, eventId, counterId: a.id, receiptNo: `A-${staff.device.code}-${String(i + 1).padStart(4, '0')}`, name: i % 2 ? 'முருகன்' : 'Lakshmi', initial: '', village: 'மதுரை',
          mobile: '', relation: 'relative', mode: i === 3 ? 'upi' : 'cash', amount, reference: '', item: '', note: '', enteredAt: new Date(Date.now() - (12 - i) * 60_000).toISOString(), enteredBy: staff.user.id,
        },
      };
    });
    const pushed = await send(staff.cookie, 'POST', '/moi/sync/push', { deviceId, mutations });
    expect(pushed.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    // the event admin deletes the ₹10,001 entry, with a reason, from the manage screen
    const eaCtx = await newContext(browser, { width: 1440, height: 900 });
    const ea = await eaCtx.newPage();
    await signIn(ea, server.url, 'ganesan.admin', PW);
    await ea.goto(`${server.url}/event/gifts/manage`);
    const last = `A-${staff.device.code}-0012`;
    await ea.getByRole('button', { name: `Delete ${last}` }).click({ timeout: 30_000 });
    const dialog = ea.getByRole('dialog');
    await dialog.getByLabel(/Reason for deleting/).fill('Amount keyed wrongly');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // the dialog closes once the delete is committed on the device; leaving earlier would abort it
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await ea.goto(`${server.url}/eventadmin/eventadmindeletedgifts`);
    await expect.poll(() => ea.getByTestId('delete-info').textContent(), { timeout: 30_000 }).toContain('Amount keyed wrongly');
    expect(await ea.getByTestId('delete-info').textContent()).toContain('கணேசன்');
    if (SHOTS) await ea.screenshot({ path: `${SHOTS}/deleted-1440.png` });
    // the deletion reaches the server (the row's cloud mark turns to "on the server")
    await expect.poll(() => ea.getByLabel('Waiting to sync').count(), { timeout: 30_000 }).toBe(0);
    await eaCtx.close();

    // the owner, on a phone
    const ownerCtx = await newContext(browser, { width: 390, height: 844 });
    const op = await ownerCtx.newPage();
    await signIn(op, server.url, 'selvam.host', PW);
    await op.goto(`${server.url}/event/gift`);
    const liveSum = amounts.slice(0, 11).reduce((x, y) => x + y, 0);
    await expect.poll(() => op.getByTestId('total-count').first().textContent(), { timeout: 30_000 }).toBe('Gifts11');
    expect(await op.getByTestId('total-sum').first().textContent()).toBe(`Total₹${liveSum.toLocaleString('en-IN')}`);
    expect(await op.getByTestId('total-upi').first().textContent()).toBe('UPI₹1,001');
    if (SHOTS) await op.screenshot({ path: `${SHOTS}/owner-event-gifts-390.png`, fullPage: true });
    await ownerCtx.close();
  });
});
