// Shared set-up for the counter-day end-to-end test and the entry benchmark: through the real
// REST API, the app admin creates an event admin, an owner and an open event; the event admin
// creates counters A and B, two staff with PINs, and opens both counters. Plus a tiny cookie client.
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { counters, users } from '../../server/db/schema';
import { DEMO_EVENT_ID, DEMO_USERNAMES } from '../../server/seed-demo';
import { ADMIN, type E2EServer } from './harness';

export type Api = { cookie: string };
export const PW = 'e2e-password-123';

export async function call<T>(s: E2EServer, who: Api | null, method: string, path: string, json?: unknown): Promise<T> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(who ? { cookie: who.cookie } : {}) },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** `deviceId`: sign in as that (new) tablet, which a push must then name (the session's own device). */
export async function login(s: E2EServer, username: string, password: string, deviceId?: string): Promise<Api> {
  const res = await fetch(`${s.url}/moi/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password, ...(deviceId ? { deviceId } : {}) }) });
  if (!res.ok) throw new Error(`login ${username} → ${res.status} ${await res.text()}`);
  return { cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

export type CounterDay = { eventId: string; counterA: string; counterB: string };

export async function setUpCounterDay(server: E2EServer): Promise<CounterDay> {
  const admin = await login(server, ADMIN.username, ADMIN.password);
  const ea = (await call<{ user: { id: string } }>(server, admin, 'POST', '/moi/admin/users', { username: 'ea1', password: PW, name: 'Ganesan', role: 'event_admin' })).user;
  const owner = (await call<{ user: { id: string } }>(server, admin, 'POST', '/moi/admin/users', { username: 'owner1', password: PW, name: 'Selvam', role: 'event_owner' })).user;
  const ev = (await call<{ event: { id: string } }>(server, admin, 'POST', '/moi/events', {
    titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: new Date().toISOString().slice(0, 10),
    venue: 'Meenakshi Mahal, Madurai', hostNames: 'Selvam & Meenakshi', thankYouNote: 'தங்கள் வருகைக்கு நன்றி!', upiId: 'selvam@okaxis',
    ownerIds: [owner.id], adminIds: [ea.id],
  })).event;
  await call(server, admin, 'POST', `/moi/events/${ev.id}/status`, { status: 'open' });
  const eaApi = await login(server, 'ea1', PW);
  const a = (await call<{ counter: { id: string } }>(server, eaApi, 'POST', `/moi/events/${ev.id}/counters`, { code: 'A', name: 'Main entrance' })).counter;
  const b = (await call<{ counter: { id: string } }>(server, eaApi, 'POST', `/moi/events/${ev.id}/counters`, { code: 'B', name: 'Dining hall' })).counter;
  await call(server, eaApi, 'POST', '/moi/admin/users', { username: 'staff1', password: PW, name: 'Kavitha', role: 'counter_staff', eventId: ev.id, counterIds: [a.id], pin: '111111' });
  await call(server, eaApi, 'POST', '/moi/admin/users', { username: 'staff2', password: PW, name: 'Saravanan', role: 'counter_staff', eventId: ev.id, counterIds: [a.id, b.id], pin: '222222' });
  await call(server, eaApi, 'POST', `/moi/counters/${a.id}/open`, {});
  await call(server, eaApi, 'POST', `/moi/counters/${b.id}/open`, {});
  return { eventId: ev.id, counterA: a.id, counterB: b.id };
}

/**
 * The sign-in page arrives rendered at build time and is hydrated after: wait until its password
 * field is React's, so what is typed next goes through the app's own handlers.
 */
export async function untilSignInHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.querySelector('input[type="password"]') ?? {}).some((k) => k.startsWith('__reactProps')), null, { timeout: 30_000 });
}

/** Sign in through the sign-in page and wait for the gift entry screen. */
export async function signInAtCounter(page: Page, server: E2EServer, username: string): Promise<void> {
  await page.goto(`${server.url}/session/signin`);
  await untilSignInHydrated(page);
  await page.getByLabel(/Username/).fill(username);
  await page.locator('input[type="password"]').fill(PW);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/counter/gifts/entry', { timeout: 30_000 });
}

/**
 * The demo event's counters A and B closed with a count of their cash, as the counter's tablet
 * records it (₹11,730 counted against ₹11,750 expected, "Change given"): the close sheet and the
 * handover slip have something to show.
 */
export async function closeDemoCountersCounted(server: E2EServer): Promise<void> {
  const db = server.app.db;
  const [admin] = await db.select().from(users).where(eq(users.username, DEMO_USERNAMES.eventAdmin));
  const at = new Date().toISOString();
  for (const code of ['A', 'B']) {
    await db.update(counters).set({
      status: 'closed', closedAt: at, closedBy: admin.id,
      tally: { counts: { n500: 20, n200: 5, n100: 7, c10: 3 }, countedTotal: 11_730, expectedCash: 11_750, difference: -20, reason: 'Change given', closedBy: admin.id, closedAt: at, closedByName: admin.name },
    }).where(and(eq(counters.eventId, DEMO_EVENT_ID), eq(counters.code, code)));
  }
}

/** The demo event's admin signed in (in whatever language the page is in) and on the event's counters screen. */
export async function openDemoCountersAsAdmin(page: Page, server: E2EServer, password: string): Promise<void> {
  await page.goto(`${server.url}/session/signin`);
  await page.locator('input[name="username"]').fill(DEMO_USERNAMES.eventAdmin);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/session/signin'), { timeout: 30_000 });
  await page.goto(`${server.url}/event/counter?event=${DEMO_EVENT_ID}`);
}
