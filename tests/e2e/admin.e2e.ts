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
    await dialog.getByLabel('Date').fill(new Date().toISOString().slice(0, 10));
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
    await dialog.getByLabel(/4-digit PIN/).fill('1111');
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
    await dialog.getByLabel('4-digit PIN').fill('2222');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => cardB.getByText(/சரவணன் · PIN set/).count(), { timeout: 15_000 }).toBe(1);

    step('open counters');
    // open both counters (through the outbox) once the device holds them
    for (const code of ['A', 'B']) {
      const card = ea.getByTestId(`counter-card-${code}`);
      await card.getByRole('button', { name: 'Open counter' }).click();
      await expect.poll(() => card.getByTestId('counter-status').textContent(), { timeout: 15_000 }).toBe('Open');
    }
    await expect.poll(() => ea.getByText('Waiting to sync').count(), { timeout: 30_000 }).toBe(0);
    if (SHOTS) await ea.screenshot({ path: `${SHOTS}/event-counters-800.png` });
    await eaCtx.close();

    step('check the server');
    // ---- the server holds exactly that ----
    const res = await fetch(`${server.url}/moi/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const { events } = await api<{ events: { id: string; titleEn: string; status: string; upiId: string; adminIds: string[] }[] }>(server, cookie, '/moi/events');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ titleEn: 'Selvam weds Meenakshi', status: 'open', upiId: 'selvam@okaxis' });
    const { counters } = await api<{ counters: { code: string; name: string; status: string; staff: { username: string; hasPin: boolean }[] }[] }>(server, cookie, `/moi/counters?eventId=${events[0]!.id}`);
    const summary = counters.map((c) => ({ code: c.code, name: c.name, status: c.status, staff: c.staff.map((s) => `${s.username}:${s.hasPin}`) })).sort((a, b) => a.code.localeCompare(b.code));
    expect(summary).toEqual([
      { code: 'A', name: 'Main entrance', status: 'open', staff: ['kavitha.staff:true'] },
      { code: 'B', name: 'Dining hall', status: 'open', staff: ['saravanan.staff:true'] },
    ]);
  });
});
