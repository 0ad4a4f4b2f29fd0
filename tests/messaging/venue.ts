// A venue for messaging tests: an event (Tamil title, thank-you note), a counter, a staff member
// signed in on a tablet, and gift.create pushes with the giver's mobile and consent.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { newReceiptToken } from '../../contract/receipts';
import { events } from '../../server/db/schema';
import { uuidv7 } from '../../contract/ids';
import { TEST_ADMIN } from '../../server/test-utils';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../sync/fixtures';

export type Venue = {
  eventId: string; counterId: string; cookie: string; deviceId: string; adminCookie: string;
  push(mutations: Array<{ id: string; seq: number; name: string; args: unknown }>): Promise<Array<{ status: string }>>;
  gift(over?: Record<string, unknown>): Record<string, unknown> & { id: string; receiptToken: string; receiptNo: string };
  mut(args: unknown, name?: string): { id: string; seq: number; name: string; args: unknown };
};

export async function makeVenue(app: FastifyInstance): Promise<Venue> {
  const staff = await seedUser(app, `st${randomUUID().slice(0, 6)}`, 'counter_staff');
  const evAdmin = await seedUser(app, `ea${randomUUID().slice(0, 6)}`, 'event_admin');
  const eventId = await seedEvent(app, { title: 'Selvam Wedding', adminIds: [evAdmin.id] });
  await app.db.update(events).set({ titleTa: 'செல்வம் திருமணம்', thankYouNote: 'வருகைக்கு நன்றி' }).where(eq(events.id, eventId));
  const counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [staff.id] });
  const deviceId = randomUUID();
  const cookie = (await loginCookie(app, staff.username, staff.password, deviceId)).cookie;
  const adminCookie = (await loginCookie(app, TEST_ADMIN.username, TEST_ADMIN.password)).cookie;
  let seq = 0;
  let receipt = 0;
  return {
    eventId, counterId, cookie, deviceId, adminCookie,
    async push(mutations) {
      const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie }, payload: { deviceId, mutations } });
      if (res.statusCode !== 200) throw new Error(res.body);
      return (res.json() as { results: Array<{ status: string }> }).results;
    },
    gift(over = {}) {
      const id = uuidv7();
      return {
        id, eventId, counterId, receiptNo: `A-T1-${String(++receipt).padStart(4, '0')}-${id.slice(-6)}`, name: 'முருகன்', village: 'மதுரை', mobile: '9876543210',
        amount: 1001, mode: 'cash', enteredAt: new Date().toISOString(), receiptToken: newReceiptToken(), messageConsent: true, ...over,
      } as Record<string, unknown> & { id: string; receiptToken: string; receiptNo: string };
    },
    mut: (args, name = 'gift.create') => ({ id: randomUUID(), seq: ++seq, name, args }),
  };
}
