// Issue 29: reminders before a hall's Partner Track renews or ends, through the messaging outbox to
// the hall's admins: once per subscription, period and kind however often (or concurrently) the scan
// runs; none for a renewal further off than three days; the message as the provider receives it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import { createTestApp, type TestApp } from '../test-utils';
import { messageOutbox, orgMembers, organisations, subscriptions, users } from '../db/schema';
import { webhookStandIn, type StandIn } from '../../tests/messaging/stand-ins';
import { seedUser } from '../../tests/sync/fixtures';
import { providerFor } from '../messaging/index';
import { MessageWorker } from '../messaging/outbox';
import { PLAN_REMINDER_DAYS, scanPlanReminders } from './reminders';

const SECRET = 'webhook-secret-reminders-0123';
const DAY = 86_400_000;
let t: TestApp;
let hook: StandIn;
let orgId = '';
let adminId = '';
const now = Date.parse('2026-11-27T06:00:00.000Z');

const outbox = () => t.app.db.select().from(messageOutbox).orderBy(messageOutbox.idempotencyKey);
async function subscription(opts: { status?: string; chargeAt: number | null; currentEnd: number }) {
  const id = `sub_${randomUUID().slice(0, 8)}`;
  await t.app.db.insert(subscriptions).values({
    id, orgId, status: opts.status ?? 'active', paidCount: 1,
    chargeAt: opts.chargeAt === null ? null : new Date(opts.chargeAt).toISOString(), currentEnd: new Date(opts.currentEnd).toISOString(),
  });
  return id;
}

beforeAll(async () => {
  hook = await webhookStandIn({ secret: SECRET });
  t = await createTestApp({ MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: hook.url, MESSAGING_WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://moi.example.in' }, { messagingWorker: false });
  orgId = uuidv7();
  await t.app.db.insert(organisations).values({ id: orgId, nameTa: 'லட்சுமி மஹால்', nameEn: 'Lakshmi Mahal' });
  const admin = await seedUser(t.app, `hallrem${randomUUID().slice(0, 6)}`, 'event_admin');
  const staff = await seedUser(t.app, `poolrem${randomUUID().slice(0, 6)}`, 'counter_staff');
  adminId = admin.id;
  await t.app.db.update(users).set({ mobile: '9876543210' }).where(eq(users.id, admin.id));
  await t.app.db.update(users).set({ mobile: '9876500000' }).where(eq(users.id, staff.id));
  await t.app.db.insert(orgMembers).values([{ orgId, userId: admin.id, role: 'admin' }, { orgId, userId: staff.id, role: 'staff' }]);
}, 60_000);
afterAll(async () => { await t?.close(); await hook?.close(); });
beforeEach(async () => {
  await t.app.db.delete(messageOutbox);
  await t.app.db.delete(subscriptions);
  hook.accepted.length = 0;
});

describe(`Partner Track reminders (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a renewal 3 days away: one reminder to the hall’s admin, even when the job runs twice (and twice at once); 10 days away: none', async () => {
    const soon = await subscription({ chargeAt: now + PLAN_REMINDER_DAYS * DAY - 3_600_000, currentEnd: now + PLAN_REMINDER_DAYS * DAY - 3_600_000 });
    await subscription({ chargeAt: now + 10 * DAY, currentEnd: now + 10 * DAY });
    expect(await scanPlanReminders(t.app.db, now)).toBe(1);
    expect(await scanPlanReminders(t.app.db, now + 60_000)).toBe(0);
    await Promise.all([scanPlanReminders(t.app.db, now + 120_000), scanPlanReminders(t.app.db, now + 120_000)]);
    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.recipient])).toEqual([['plan_renewal', '9876543210']]);
    expect(rows[0].idempotencyKey).toBe(`plan_renewal:${soon}:2026-11-30:${adminId}`);
    // The worker sends it; the text names the hall, the day and the amount.
    const worker = new MessageWorker(t.app.db, providerFor(t.app.config.messaging)!, { publicUrl: 'https://moi.example.in', now: () => Date.now() + 1000 });
    expect(await worker.runOnce()).toBe(1);
    expect(hook.accepted.map((a) => a.text)).toEqual(['மொய்: லட்சுமி மஹால் பார்ட்னர் டிராக் 2026-11-30 அன்று புதுப்பிக்கப்படும்; ₹1,500 வசூலிக்கப்படும்.']);
    // The next period's reminder is a new one.
    await t.app.db.update(subscriptions).set({ chargeAt: new Date(now + 32 * DAY).toISOString() }).where(eq(subscriptions.id, soon));
    expect(await scanPlanReminders(t.app.db, now + 30 * DAY)).toBe(1);
  });

  it('an entitled subscription with no further charge: one reminder before it ends; a halted or cancelled one, none', async () => {
    await subscription({ chargeAt: null, currentEnd: now + 2 * DAY });
    await subscription({ status: 'halted', chargeAt: now + DAY, currentEnd: now + DAY });
    await subscription({ status: 'cancelled', chargeAt: null, currentEnd: now + DAY });
    expect(await scanPlanReminders(t.app.db, now, 'en')).toBe(1);
    expect(await scanPlanReminders(t.app.db, now + 60_000, 'en')).toBe(0);
    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.lang, r.vars])).toEqual([['plan_expiry', 'en', { hall: 'Lakshmi Mahal', date: '2026-11-29' }]]);
  });
});
