// `npm run seed:demo`: one wedding with Tamil and English titles, two counters, an event admin, an
// event owner, two counter staff and ~200 gifts with realistic names, villages and customary amounts.
// Skips (and says so) when the demo event is already there. Passwords: DEMO_PASSWORD, else printed.
import { searchFoldOf } from './domain/gifts';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { moneyOf } from '../contract/money';
import { newReceiptToken } from '../contract/receipts';
import type { Role } from '../contract/roles';
import { ensureAdmin, insertUser, randomPassword } from './bootstrap';
import { loadConfig } from './config';
import { DatabaseLockedError, openDb, type Db } from './db/client';
import { counterStaff, counters, devices, eventMembers, events, giftAudit, gifts, users } from './db/schema';
import { uuidv7 } from '../contract/ids';
import { newSalt, storedPinHash } from './passwords';

export const DEMO_EVENT_ID = '01900000-0000-7000-8000-00000000de70';
export const DEMO_USERNAMES = { eventAdmin: 'demo-eventadmin', owner: 'demo-owner', staff1: 'demo-staff1', staff2: 'demo-staff2' } as const;
export const DEMO_PIN = { staff1: '111111', staff2: '222222' } as const;

type Pair = [ta: string, en: string];
type Vocabulary = {
  givenNames: { male: Pair[]; female: Pair[] };
  initials: Pair[];
  places: Pair[];
  customaryAmounts: number[];
  receiptThanks: Pair[];
};

const vocabPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'vocabulary', 'moi-vocabulary.json');
export const loadVocabulary = (): Vocabulary => JSON.parse(readFileSync(vocabPath, 'utf8')) as Vocabulary;

/** Small seeded PRNG (mulberry32) so every demo looks the same. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const weighted = <T>(xs: readonly (readonly [T, number])[]): T => {
    let r = next() * xs.reduce((s, [, w]) => s + w, 0);
    for (const [x, w] of xs) if ((r -= w) < 0) return x;
    return xs[xs.length - 1][0];
  };
  return { next, pick, weighted };
}

const AMOUNT_WEIGHTS: (readonly [number, number])[] = [
  [101, 20], [201, 14], [251, 5], [501, 22], [1001, 14], [1116, 5], [2001, 6], [5001, 3], [10001, 1],
  [100, 2], [200, 2], [500, 3], [1000, 2], [2000, 1],
];
const RELATIONS = [['relative', 45], ['friend', 25], ['neighbour', 15], ['colleague', 10], ['other', 5]] as const;
const MODES = [['cash', 80], ['upi', 14], ['cheque', 3], ['item', 3]] as const;
const ITEMS: Pair[] = [['தங்க மோதிரம் (4 கிராம்)', 'Gold ring (4 g)'], ['வெள்ளி குத்துவிளக்கு', 'Silver lamp'], ['பட்டுப் புடவை', 'Silk saree']];
const BANKS = ['Indian Bank', 'Canara Bank', 'State Bank of India', 'Tamilnad Mercantile Bank'];

export type DemoResult = {
  created: boolean;
  eventId: string;
  gifts: number;
  /** Sum of those gifts' amounts in rupees, after the demo's one correction: what every screen totals. */
  total: number;
  /** The demo users' password (null when they already existed). */
  password: string | null;
  usernames: typeof DEMO_USERNAMES;
};

export async function seedDemo(db: Db, opts: { password?: string; giftCount?: number; now?: Date } = {}): Promise<DemoResult> {
  const existing = await db.select({ id: events.id }).from(events).where(eq(events.id, DEMO_EVENT_ID)).limit(1);
  if (existing.length) return { created: false, eventId: DEMO_EVENT_ID, gifts: 0, total: 0, password: null, usernames: DEMO_USERNAMES };

  const v = loadVocabulary();
  const r = rng(20260214);
  const password = opts.password ?? randomPassword();
  const now = opts.now ?? new Date();
  const giftCount = opts.giftCount ?? 200;

  // Users first (each in its own transaction inside insertUser); reuse any that exist already.
  const ensure = async (username: string, role: Role, name: string, mobile: string) => {
    const found = (await db.select().from(users).where(eq(users.username, username)).limit(1))[0];
    return found ?? insertUser(db, { username, password, role, name, mobile, userType: role === 'counter_staff' ? 'staff' : null });
  };
  const admin = await ensure(DEMO_USERNAMES.eventAdmin, 'event_admin', 'Kavitha Ramasamy', '9443012345');
  const owner = await ensure(DEMO_USERNAMES.owner, 'event_owner', 'Selvam Pandian', '9842054321');
  const staff1 = await ensure(DEMO_USERNAMES.staff1, 'counter_staff', 'Muthu Kannan', '9786011111');
  const staff2 = await ensure(DEMO_USERNAMES.staff2, 'counter_staff', 'Meena Alagar', '9786022222');

  // The wedding is today by this machine's clock and zone (the zone screens show dates in), so the
  // dashboard's "today" holds it. The counters opened at 7 a.m.; the gifts arrive at 20–130 s intervals
  // and all before `now` (squeezed into the day so far when the seed runs early in the morning).
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const gapRng = rng(20260215); // drawn up front (to fit the day so far), from a stream of their own
  const gaps = Array.from({ length: giftCount }, () => Math.floor(20_000 + gapRng.next() * 110_000));
  const span = gaps.reduce((a, b) => a + b, 0) + 60_000;
  let openedAt = midnight + 7 * 3_600_000;
  if (openedAt + span > now.getTime()) openedAt = Math.max(midnight, now.getTime() - span);
  const squeeze = Math.min(1, (now.getTime() - openedAt) / span);
  const opened = new Date(openedAt);

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(events).values({
      id: DEMO_EVENT_ID,
      titleTa: 'செல்வம் – மீனாட்சி திருமணம்',
      titleEn: 'Selvam & Meenakshi Wedding',
      functionType: 'wedding',
      date,
      venue: 'Sri Meenakshi Mahal, Madurai',
      hostNames: 'Selvam & Meenakshi',
      thankYouNote: `${v.receiptThanks[0][0]} / ${v.receiptThanks[0][1]}`,
      upiId: 'selvam.wedding@upi',
      status: 'open',
      plan: 'smart_track',
    });
    await tx.insert(eventMembers).values([
      { eventId: DEMO_EVENT_ID, userId: owner.id, role: 'owner' },
      { eventId: DEMO_EVENT_ID, userId: admin.id, role: 'admin' },
      { eventId: DEMO_EVENT_ID, userId: staff1.id, role: 'staff' },
      { eventId: DEMO_EVENT_ID, userId: staff2.id, role: 'staff' },
    ]);

    const desks = [
      { code: 'A', name: 'Counter A — மணமகன் தரப்பு (groom’s side)', staff: staff1, pin: DEMO_PIN.staff1, device: 'D1' },
      { code: 'B', name: 'Counter B — மணமகள் தரப்பு (bride’s side)', staff: staff2, pin: DEMO_PIN.staff2, device: 'D2' },
    ];
    const made: { id: string; code: string; staffId: string; deviceId: string; deviceCode: string; seq: number }[] = [];
    for (const d of desks) {
      const id = uuidv7();
      await tx.insert(counters).values({ id, eventId: DEMO_EVENT_ID, code: d.code, name: d.name, status: 'open', openedAt: opened.toISOString(), openedBy: admin.id });
      const salt = newSalt();
      await tx.insert(counterStaff).values({ counterId: id, userId: d.staff.id, pinSalt: salt, pinHash: await storedPinHash(d.pin, salt) });
      // A demo tablet per counter; its short code goes into the receipt numbers.
      const deviceId = uuidv7();
      const codeTaken = (await tx.select({ id: devices.id }).from(devices).where(eq(devices.code, d.device)).limit(1)).length > 0;
      const deviceCode = codeTaken ? `${d.device}${Math.floor(r.next() * 900 + 100)}` : d.device;
      await tx.insert(devices).values({ id: deviceId, code: deviceCode, label: `Demo tablet ${d.code}`, userId: d.staff.id });
      made.push({ id, code: d.code, staffId: d.staff.id, deviceId, deviceCode, seq: 0 });
    }

    const rows: (typeof gifts.$inferInsert)[] = [];
    let t = opened.getTime();
    for (let i = 0; i < giftCount; i++) {
      r.next(); // where the gap used to be drawn: the gifts stay those of earlier demos
      t += Math.floor(gaps[i] * squeeze);
      const c = made[r.next() < 0.55 ? 0 : 1];
      c.seq += 1;
      const tamil = r.next() < 0.6; // most counters key names in Tamil; some in English
      const female = r.next() < 0.3;
      const given = r.pick(female ? v.givenNames.female : v.givenNames.male);
      const initial = r.pick(v.initials);
      const place = r.pick(v.places);
      const mode = r.weighted(MODES);
      const item = mode === 'item' ? r.pick(ITEMS) : null;
      const mobile = r.next() < 0.4 ? `${r.pick(['9', '8', '7', '6'])}${String(Math.floor(r.next() * 1e9)).padStart(9, '0')}` : '';
      const amount = mode === 'item' ? 0 : r.weighted(AMOUNT_WEIGHTS);
      const reference = mode === 'upi' ? String(Math.floor(r.next() * 1e12)).padStart(12, '0')
        : mode === 'cheque' ? `${String(Math.floor(r.next() * 1e6)).padStart(6, '0')} ${r.pick(BANKS)}` : '';
      const enteredAt = new Date(t).toISOString();
      rows.push({
        id: uuidv7(t),
        eventId: DEMO_EVENT_ID,
        counterId: c.id,
        receiptNo: `${c.code}-${c.deviceCode}-${String(c.seq).padStart(3, '0')}`,
        // As a tablet gives each gift: the secret behind its receipt link and QR (never from the seeded
        // generator, which anyone can re-run: a guessable token would open any receipt).
        receiptToken: newReceiptToken(),
        name: tamil ? given[0] : given[1],
        initial: tamil ? initial[0] : initial[1],
        village: tamil ? place[0] : place[1],
        mobile,
        relation: r.weighted(RELATIONS),
        mode,
        amount,
        reference,
        item: item ? (tamil ? item[0] : item[1]) : '',
        note: '',
        enteredAt,
        enteredBy: c.staffId,
        deviceId: c.deviceId,
        receivedAt: new Date(Math.min(t + Math.floor(r.next() * 30_000 * squeeze), now.getTime())).toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += 100) await tx.insert(gifts).values(rows.slice(i, i + 100).map((g) => ({ ...g, searchFold: searchFoldOf(g) })));

    // One corrected entry, so the audit trail and the deleted list are not empty in the demo.
    const corrected = rows[7];
    const auditId = uuidv7();
    await tx.update(gifts).set({ amount: 1001, version: 2 }).where(eq(gifts.id, corrected.id!));
    await tx.insert(giftAudit).values({ id: auditId, giftId: corrected.id!, eventId: DEMO_EVENT_ID, action: 'update', by: admin.id, reason: 'Keyed 101 instead of 1001', before: { amount: corrected.amount }, after: { amount: 1001 } });
    const removed = rows[12];
    const auditId2 = uuidv7();
    const at = new Date(Date.parse(removed.enteredAt) + 120_000).toISOString();
    await tx.update(gifts).set({ deletedAt: at, deletedBy: admin.id, deleteReason: 'Entered twice', version: 2 }).where(eq(gifts.id, removed.id!));
    await tx.insert(giftAudit).values({ id: auditId2, giftId: removed.id!, eventId: DEMO_EVENT_ID, action: 'delete', by: admin.id, at, reason: 'Entered twice', before: {}, after: { deletedAt: at } });
  });

  // Count what the screens count: the gifts not deleted, with the corrected amount.
  const live = (await db.select({ amount: gifts.amount, mode: gifts.mode }).from(gifts).where(and(eq(gifts.eventId, DEMO_EVENT_ID), isNull(gifts.deletedAt))));
  return { created: true, eventId: DEMO_EVENT_ID, gifts: live.length, total: live.reduce((a, g) => a + moneyOf(g), 0), password, usernames: DEMO_USERNAMES };
}

/**
 * The embedded database is open in a running `npm start`: ask that server to seed (POST
 * /moi/admin/seed-demo with the token it wrote into the data directory). Null when it cannot.
 */
async function seedThroughServer(dataDir: string, holderPid: number, password: string | undefined): Promise<DemoResult | null> {
  const { LOCAL_TOKEN_HEADER, readLocalServer } = await import('./local-admin');
  const info = readLocalServer(dataDir);
  if (!info || info.pid !== holderPid) return null;
  const url = new URL('/moi/admin/seed-demo', info.url);
  const body = JSON.stringify(password ? { password } : {});
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), [LOCAL_TOKEN_HEADER]: info.token },
      // The server's own certificate (mkcert, Caddy's CA) need not be trusted by Node; the address is
      // this machine's, written by the server itself.
      rejectUnauthorized: false,
      timeout: 120_000,
    }, (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => {
        if (res.statusCode === 200) resolve(JSON.parse(text) as DemoResult);
        else reject(new Error(`The running server refused to seed (${res.statusCode}): ${text}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error('The running server did not answer in time')));
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  const config = loadConfig();
  const password = process.env.DEMO_PASSWORD || undefined;
  const started = Date.now();
  let res: DemoResult | undefined;
  let via = '';
  let handle: Awaited<ReturnType<typeof openDb>> | null = null;
  try {
    handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    const viaServer = await seedThroughServer(config.dataDir, err.holder.pid, password);
    if (!viaServer) {
      throw new Error(`${err.message}
If it is npm start, run npm run seed:demo again once it is up; otherwise stop that process and run npm run seed:demo again.`, { cause: err });
    }
    res = viaServer;
    via = ` through the running server (process ${err.holder.pid})`;
  }
  try {
    if (handle) {
      const adminLine = await ensureAdmin(handle.db, config);
      if (adminLine) console.log(adminLine);
      res = await seedDemo(handle.db, { password });
    }
    if (!res) return;
    if (!res.created) {
      console.log('The demo event is already there; nothing was added.');
      return;
    }
    const pw = process.env.DEMO_PASSWORD ? 'the DEMO_PASSWORD you set' : `"${res.password}" (shown only this once)`;
    console.log([
      `Demo added${via} in ${((Date.now() - started) / 1000).toFixed(1)} s: "Selvam & Meenakshi Wedding" (செல்வம் – மீனாட்சி திருமணம்) with ${res.gifts} gifts (₹${res.total.toLocaleString('en-IN')}) on counters A and B, one gift corrected and one deleted (entered twice).`,
      `Users (password ${pw}):`,
      `  ${DEMO_USERNAMES.eventAdmin}  event admin`,
      `  ${DEMO_USERNAMES.owner}       event owner (host)`,
      `  ${DEMO_USERNAMES.staff1}      counter staff, counter A, shift PIN ${DEMO_PIN.staff1}`,
      `  ${DEMO_USERNAMES.staff2}      counter staff, counter B, shift PIN ${DEMO_PIN.staff2}`,
    ].join('\n'));
  } finally {
    await handle?.close();
  }
}

// Run only as a script (tests import seedDemo).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
