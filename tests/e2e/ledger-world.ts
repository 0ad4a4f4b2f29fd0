// A host with a ledger worth looking at, for the ledger's end-to-end test and screenshots: the demo
// event (seed-demo) plus an earlier function of the same host whose givers return, spelt the other
// way (Tamil ↔ English), and a second host whose ledger must never show.
import { eq } from 'drizzle-orm';
import { gifts, users } from '../../server/db/schema';
import { uuidv7 } from '../../contract/ids';
import { DEMO_EVENT_ID, DEMO_USERNAMES, seedDemo } from '../../server/seed-demo';
import { call, login, type Api } from './counter-fixtures';
import { ADMIN, type E2EServer } from './harness';

export const DEMO_PW = 'demo-password-123';

export type LedgerWorld = { ownerId: string; pastEventId: string; pastCounterId: string; owner: Api };

export async function setUpLedgerWorld(s: E2EServer): Promise<LedgerWorld> {
  await seedDemo(s.app.db, { password: DEMO_PW, giftCount: 120 });
  const [owner] = await s.app.db.select().from(users).where(eq(users.username, DEMO_USERNAMES.owner));
  const admin = await login(s, ADMIN.username, ADMIN.password);
  const past = (await call<{ event: { id: string } }>(s, admin, 'POST', '/moi/events', {
    titleTa: 'காதணி விழா', titleEn: 'Ear-piercing', functionType: 'ear_piercing', date: '2024-05-12', venue: 'Melur', hostNames: 'Selvam',
    thankYouNote: 'நன்றி', ownerIds: [owner.id], adminIds: [],
  })).event;
  const counter = (await call<{ counter: { id: string } }>(s, admin, 'POST', `/moi/events/${past.id}/counters`, { code: 'A', name: 'Main' })).counter;
  // A third of the demo's givers came to the earlier function too.
  const demo = await s.app.db.select().from(gifts).where(eq(gifts.eventId, DEMO_EVENT_ID));
  const back = demo.filter((_, i) => i % 3 === 0).slice(0, 40);
  await s.app.db.insert(gifts).values(back.map((g, i) => ({
    id: uuidv7(), eventId: past.id, counterId: counter.id, receiptNo: `A-OLD-${i + 1}`, name: g.name, initial: g.initial, village: g.village,
    mobile: g.mobile, relation: g.relation, mode: 'cash' as const, amount: [101, 501, 1001, 251][i % 4], enteredAt: '2024-05-12T05:00:00.000Z', enteredBy: owner.id,
  })));
  return { ownerId: owner.id, pastEventId: past.id, pastCounterId: counter.id, owner: await login(s, DEMO_USERNAMES.owner, DEMO_PW) };
}
