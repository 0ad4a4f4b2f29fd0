// The phone's book groups villages by the owner's own alias groups (issue 27 item 5), as the server's
// book does. The owner's village table (ledger → villages) is theirs, on the server; a book made on a
// device, offline, used to know only the seeded table, so "KKD" and கள்ளிக்குடி, which the owner had
// said are one place, printed as two villages there and as one in the server's book, and a merge
// rule moved only the spelling it named. The event now carries its owners' groups to every device that
// holds it. Here an owner's phone and a counter's tablet, against the REAL server, make the book from
// their own rows (the report worker's reader) and must print the same village pages as the server's
// book, with a merge rule and after the owner removes a group. The pages are worked out from what was keyed.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import type { PullScope } from '../../contract/sync';
import { MoiDb } from '../../src/data/db';
import { restoreDeviceIdentity } from '../../src/data/device-identity';
import { createGiftOn, type NewGift } from '../../src/data/gifts-repo';
import { deleteVillageAliasOn, saveVillageAliasOn } from '../../src/data/ledger-repo';
import { bookVillageFiguresOn, setBookVillagesOn } from '../../src/data/report/book-villages';
import { loadBookInputLocalOn } from '../../src/data/report/load-book-input';
import { SyncEngine } from '../../src/data/sync/engine';
import { META, metaGet, metaSet, outboxCounts } from '../../src/data/outbox';
import { emptyEntry, toGiftFields, type EntryValues } from '../../src/features/gifts/entry/validate';
import { buildBook, type MoiBook } from '../../report/model';
import { loadBookInput } from '../../server/report/load';
import { createTestApp, type TestApp } from '../../server/test-utils';
import { injectTransport, loginCookie, seedCounter, seedEvent, seedUser } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

type Pages = Record<string, { count: number; sum: number }>;
const pagesOf = (b: MoiBook): Pages => Object.fromEntries(b.villages.map((v) => [v.village, { count: v.count, sum: v.subtotal }]));

describe('a book made on a device groups villages as the server\'s book does', () => {
  const devices: MoiDb[] = [];
  afterAll(async () => { for (const d of devices) { d.close(); await d.delete(); } });

  it('with the owner\'s alias groups and a merge rule, and again after a group is removed', async () => {
    const app = t.app;
    const owner = await seedUser(app, `own${randomUUID().slice(0, 8)}`, 'event_owner');
    const staff = await seedUser(app, `st${randomUUID().slice(0, 8)}`, 'counter_staff');
    const eventId = await seedEvent(app, { ownerIds: [owner.id] });
    const counterId = await seedCounter(app, eventId, { code: 'A', staffIds: [staff.id] });
    const device = async (user: { username: string; password: string }, name: string) => {
      const deviceId = randomUUID();
      const login = await loginCookie(app, user.username, user.password, deviceId);
      const db = new MoiDb(`moi-${name}-${Date.now()}`);
      devices.push(db);
      await db.open();
      await restoreDeviceIdentity(db, { deviceId, code: login.device!.code });
      const engine = new SyncEngine({ db, useLocks: false, listenToWindow: false, timers: false, transport: injectTransport(app, () => login.cookie, (s, c, m) => new Error(`${s} ${c} ${m}`)) as never });
      const sync = async () => {
        await engine.drain();
        expect(await outboxCounts(db), `${name}'s outbox`).toMatchObject({ pending: 0, sending: 0, rejected: 0 });
      };
      return { db, sync };
    };
    const phone = await device(owner, 'owner-phone');
    const tablet = await device(staff, 'counter-tablet');

    // The owner's village table, kept on the server: KKD is கள்ளிக்குடி, VDP is வாடிப்பட்டி (neither in the seeded table).
    const kkd = uuidv7();
    const vdp = uuidv7();
    await saveVillageAliasOn(phone.db, { id: kkd, names: ['கள்ளிக்குடி', 'KKD'] });
    await saveVillageAliasOn(phone.db, { id: vdp, names: ['வாடிப்பட்டி', 'VDP'] });
    await phone.sync();

    // The counter keys the gifts and syncs.
    await tablet.sync();
    const keyed = (v: Partial<EntryValues>): NewGift => ({ ...toGiftFields({ ...emptyEntry(), mode: 'cash', ...v }), eventId, counterId, counterCode: 'A', authorId: staff.id });
    for (const [name, village, amount] of [
      ['முருகன்', 'கள்ளிக்குடி', 1001], ['Selvi', 'KKD', 2001], ['ராஜா', 'கள்ளிக்குடி', 501],
      ['கண்ணன்', 'மேலூர்', 3001], ['Karthik', 'VDP', 201], ['பொன்னி', 'VDP', 301], ['சேகர்', 'வாடிப்பட்டி', 101],
    ] as const) await createGiftOn(tablet.db, keyed({ name, village, amount: String(amount) }));
    await tablet.sync();

    // Offline on the phone, the host merges KKD into மேலூர்: the whole place (both spellings) goes there.
    await phone.sync();
    await setBookVillagesOn(phone.db, eventId, [{ from: 'KKD', to: 'மேலூர்' }]);
    await phone.sync();
    await tablet.sync();

    const serverPages = async () => pagesOf(buildBook((await loadBookInput((app as unknown as { db: Parameters<typeof loadBookInput>[0] }).db, eventId))!, { blankPages: 0 }));
    // What the report worker reads on the device, and the export dialog's village figures there.
    const devicePages = async (db: MoiDb) => pagesOf(buildBook((await loadBookInputLocalOn(db, eventId))!, { blankPages: 0 }));
    const dialogPages = async (db: MoiDb) => Object.fromEntries((await bookVillageFiguresOn(db, eventId)).map((f) => [f.village, { count: f.count, sum: f.subtotal }]));

    // Worked out from what was keyed: கள்ளிக்குடி and KKD (1001 + 2001 + 501) with மேலூர் (3001); VDP typed
    // twice and வாடிப்பட்டி once, one village printed as the spelling typed most.
    const GROUPED: Pages = { 'மேலூர்': { count: 4, sum: 1001 + 2001 + 501 + 3001 }, VDP: { count: 3, sum: 201 + 301 + 101 } };
    expect(await serverPages(), 'server').toEqual(GROUPED);
    expect(await devicePages(phone.db), 'owner\'s phone').toEqual(GROUPED);
    expect(await devicePages(tablet.db), 'counter tablet').toEqual(GROUPED);
    expect(await dialogPages(phone.db), 'export dialog on the phone').toEqual(GROUPED);

    // The owner removes the VDP group: every device's book splits that village again, as the server's does.
    await deleteVillageAliasOn(phone.db, { id: vdp });
    await phone.sync();
    await tablet.sync();
    const SPLIT: Pages = { 'மேலூர்': GROUPED['மேலூர்'], VDP: { count: 2, sum: 201 + 301 }, 'வாடிப்பட்டி': { count: 1, sum: 101 } };
    expect(await serverPages(), 'server, group removed').toEqual(SPLIT);
    expect(await devicePages(phone.db), 'owner\'s phone, group removed').toEqual(SPLIT);
    expect(await devicePages(tablet.db), 'counter tablet, group removed').toEqual(SPLIT);
    expect(await dialogPages(tablet.db), 'export dialog on the tablet, group removed').toEqual(SPLIT);

    // A device that pulled the event before events carried the groups: its row has none, and its stored
    // fingerprint for events is what servers answered then (the role and the visible events, hashed as
    // server/domain/sync-pull.ts does). Its next sync pulls the events again, and its book groups as the server's.
    const old = createHash('sha256').update('counter_staff').update(`|${eventId}`).digest('base64url').slice(0, 16);
    const ev = (await tablet.db.events.get(eventId))!;
    expect(ev.villageAliases).toEqual([['கள்ளிக்குடி', 'KKD']]);
    await tablet.db.events.put({ ...ev, villageAliases: undefined });
    await metaSet(tablet.db, META.pullScope, { ...(await metaGet<PullScope>(tablet.db, META.pullScope)), event: old });
    expect(await devicePages(tablet.db), 'a device holding the event from before').not.toEqual(SPLIT);
    await tablet.sync();
    expect((await tablet.db.events.get(eventId))!.villageAliases).toEqual([['கள்ளிக்குடி', 'KKD']]);
    expect(await devicePages(tablet.db), 'that device after its next sync').toEqual(SPLIT);
  }, 120_000);
});
