// The guest display (issue 18) against the real app on a port and a real database (PGlite;
// PostgreSQL and two instances when TEST_DATABASE_URL is set): pairing by code, masking (nothing
// of earlier gifts or totals reachable from the guest screen or its API), revocation, reconnection
// after the network drops, and the village shortcut mutation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GUEST_COOKIE, GUEST_DISPLAY_PATH, GUEST_PUBLIC_PATH } from '../../contract/guest-display';
import { createTestApp, type TestApp } from '../test-utils';
import { uuidv7 } from '../../contract/ids';
import { sql } from 'drizzle-orm';
import { loginCookie, seedCounter, seedEvent, seedUser } from '../../tests/sync/fixtures';

const PG = !!process.env.TEST_DATABASE_URL;

/** A Server-Sent Events reader over fetch: every event (name and data) and the raw text received. */
class GuestStream {
  events: { event: string; data: unknown }[] = [];
  raw = '';
  status = 0;
  ended = false;
  private ctrl = new AbortController();
  constructor(private url: string, private cookie: string) {}
  async open(): Promise<this> {
    const res = await fetch(this.url, { headers: { cookie: this.cookie, accept: 'text/event-stream' }, signal: this.ctrl.signal });
    this.status = res.status;
    if (!res.ok || !res.body) {
      this.raw = await res.text();
      this.ended = true;
      return this;
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    void (async () => {
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const text = dec.decode(value, { stream: true });
          this.raw += text;
          buf += text;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const frame = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const ev = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (ev) this.events.push({ event: ev, data: data ? JSON.parse(data) : null });
          }
        }
      } catch {
        // aborted: the network "dropped"
      }
      this.ended = true;
    })();
    return this;
  }
  async waitFor(pred: (e: { event: string; data: unknown }) => boolean, ms = 5000) {
    const end = Date.now() + ms;
    for (;;) {
      const e = this.events.find(pred);
      if (e) return e;
      if (Date.now() > end) throw new Error(`no such event within ${ms} ms; got ${JSON.stringify(this.events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  close() {
    this.ctrl.abort();
  }
}

let t: TestApp;
let t2: TestApp | null = null;
let app: FastifyInstance;
let base = '';
let base2 = '';
const W: Record<string, { id: string; cookie: string; deviceId: string }> = {};
let eventId = '';
let counterA = '';
let counterClosed = '';
const streams: GuestStream[] = [];
let seq = 0;

const guestCookieOf = (setCookie: string | string[] | undefined) => {
  const c = [setCookie ?? []].flat().find((s) => s.startsWith(`${GUEST_COOKIE}=`));
  return c ? c.split(';')[0] : '';
};
async function newCode(who = 'staffA', counterId = counterA) {
  const res = await app.inject({ method: 'POST', url: GUEST_DISPLAY_PATH, headers: { cookie: W[who].cookie }, payload: { counterId } });
  return res;
}
async function pair(code: string, a: FastifyInstance = app) {
  return a.inject({ method: 'POST', url: `${GUEST_PUBLIC_PATH}/pair`, payload: { code }, remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
}
async function paired(): Promise<{ id: string; cookie: string }> {
  const made = await newCode();
  expect(made.statusCode, made.body).toBe(201);
  const p = await pair(made.json().code);
  expect(p.statusCode, p.body).toBe(200);
  return { id: made.json().id, cookie: guestCookieOf(p.headers['set-cookie']) };
}
const show = (id: string, entry: Record<string, unknown>, who = 'staffA') =>
  app.inject({ method: 'POST', url: `${GUEST_DISPLAY_PATH}/${id}/show`, headers: { cookie: W[who].cookie }, payload: entry });
async function stream(cookie: string, url = base) {
  const s = await new GuestStream(`${url}${GUEST_PUBLIC_PATH}/stream`, cookie).open();
  streams.push(s);
  return s;
}
async function giftPush(who: string, name: string, amount: number) {
  const id = uuidv7();
  const args = { id, eventId, counterId: counterA, receiptNo: `G-${++seq}-${id.slice(-6)}`, name, village: 'மதுரை', amount, mode: 'cash', enteredAt: new Date().toISOString(), enteredBy: W[who].id };
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: W[who].cookie }, payload: { deviceId: W[who].deviceId, mutations: [{ id: randomUUID(), seq, name: 'gift.create', args }] } });
  expect(res.json().results[0].status, res.body).toBe('applied');
}
async function push(who: string, name: string, args: unknown) {
  const res = await app.inject({ method: 'POST', url: '/moi/sync/push', headers: { cookie: W[who].cookie }, payload: { deviceId: W[who].deviceId, mutations: [{ id: randomUUID(), seq: ++seq, name, args }] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0] as { status: string; code?: string };
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  for (const [key, role] of [['owner', 'event_owner'], ['admin', 'event_admin'], ['staffA', 'counter_staff'], ['staffA2', 'counter_staff'], ['stranger', 'counter_staff']] as const) {
    const u = await seedUser(app, `${key}${randomUUID().slice(0, 6)}`, role);
    const deviceId = randomUUID();
    const l = await loginCookie(app, u.username, u.password, deviceId);
    W[key] = { id: u.id, cookie: l.cookie, deviceId };
  }
  eventId = await seedEvent(app, { ownerIds: [W.owner.id], adminIds: [W.admin.id], title: 'Selvam Wedding' });
  counterA = await seedCounter(app, eventId, { code: 'A', staffIds: [W.staffA.id, W.staffA2.id] });
  counterClosed = await seedCounter(app, eventId, { code: 'Z', staffIds: [W.staffA.id], open: false });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  if (PG) {
    t2 = await createTestApp({ DATABASE_URL: app.config.databaseUrl! });
    base2 = await t2.app.listen({ port: 0, host: '127.0.0.1' });
  }
}, 120_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await t2?.close();
  await t?.close();
});

describe('pairing', () => {
  it('the counter’s staff get a 6-digit code; a screen pairs with it once', async () => {
    const made = await newCode();
    expect(made.statusCode, made.body).toBe(201);
    const { code, id, codeExpiresAt, expiresAt } = made.json();
    expect(code).toMatch(/^\d{6}$/);
    expect(Date.parse(codeExpiresAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.parse(codeExpiresAt));
    const before = await app.inject({ method: 'GET', url: `${GUEST_DISPLAY_PATH}/${id}`, headers: { cookie: W.staffA.cookie } });
    expect(before.json().paired).toBe(false);

    const p = await pair(code);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toEqual({ eventTitleTa: 'திருமணம்', eventTitleEn: 'Selvam Wedding', counterCode: 'A', expiresAt: expect.any(String) });
    const cookie = guestCookieOf(p.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${GUEST_COOKIE}=.{20,}`));
    expect(String(p.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const after = await app.inject({ method: 'GET', url: `${GUEST_DISPLAY_PATH}/${id}`, headers: { cookie: W.staffA.cookie } });
    expect(after.json().paired).toBe(true);

    // The code is spent: a second screen (or a guesser) cannot take it again.
    expect((await pair(code)).statusCode).toBe(404);
    // After a reload the screen is still paired (its cookie), and knows which counter it faces.
    const me = await app.inject({ method: 'GET', url: `${GUEST_PUBLIC_PATH}/me`, headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().counterCode).toBe('A');
  });

  it('refuses a wrong or malformed code, and a screen without a pairing', async () => {
    const wrong = await pair('000000');
    // (a 1-in-a-million chance that 000000 is open now: make sure it is not ours)
    expect([404]).toContain(wrong.statusCode);
    expect(wrong.json().code).toBe('not_found');
    expect((await pair('12ab')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${GUEST_PUBLIC_PATH}/me` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${GUEST_PUBLIC_PATH}/stream` })).statusCode).toBe(404);
  });

  it('is limited to the counter’s staff and the event’s admins, and open counters', async () => {
    expect((await newCode('stranger')).statusCode).toBe(404);
    expect((await newCode('owner')).statusCode).toBe(403);
    expect((await newCode('admin')).statusCode).toBe(201);
    const closed = await newCode('staffA', counterClosed);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('counter_closed');
    const anon = await app.inject({ method: 'POST', url: GUEST_DISPLAY_PATH, payload: { counterId: counterA } });
    expect(anon.statusCode).toBe(401);
  });

  it('guessing codes is rate limited per address', async () => {
    const ip = '10.9.9.9';
    const codes = Array.from({ length: 12 }, (_, i) => String(100000 + i));
    const res = [];
    for (const code of codes) res.push((await app.inject({ method: 'POST', url: `${GUEST_PUBLIC_PATH}/pair`, payload: { code }, remoteAddress: ip })).statusCode);
    expect(res).toContain(429);
  });
});

describe('the entry being saved, and nothing else', () => {
  it('the screen receives the counter’s entry; earlier gifts and totals are nowhere in what it can reach', async () => {
    await giftPush('staffA', 'EarlierGiverRamasamy', 7_777);
    await giftPush('staffA', 'EarlierGiverMeenakshi', 3_333);
    const g = await paired();
    const s = await stream(g.cookie);
    expect(s.status).toBe(200);
    await s.waitFor((e) => e.event === 'hello');

    const typing = { seq: 1, state: 'typing', name: 'கண்ணன்', initial: 'K.', village: 'மதுரை', amount: 1001 };
    expect((await show(g.id, typing)).statusCode).toBe(204);
    const got = await s.waitFor((e) => e.event === 'entry');
    expect(got.data).toEqual({ ...typing, item: '', receiptNo: null });
    expect((await show(g.id, { seq: 2, state: 'saved', name: 'கண்ணன்', initial: 'K.', village: 'மதுரை', amount: 1001, receiptNo: 'A-T1-0003' })).statusCode).toBe(204);
    await s.waitFor((e) => e.event === 'entry' && (e.data as { state: string }).state === 'saved');

    // Everything the guest's cookie opens: the pairing view and the stream.
    const me = await app.inject({ method: 'GET', url: `${GUEST_PUBLIC_PATH}/me`, headers: { cookie: g.cookie } });
    const reachable = `${me.body}\n${s.raw}`;
    for (const secret of ['EarlierGiverRamasamy', 'EarlierGiverMeenakshi', '7777', '3333', '11110', 'total', 'Total']) {
      expect(reachable).not.toContain(secret);
    }
    expect(Object.keys(me.json()).sort()).toEqual(['counterCode', 'eventTitleEn', 'eventTitleTa', 'expiresAt']);
    // The guest cookie is no session: the signed-in API answers 401.
    for (const url of ['/moi/sync/pull?since=0', `/moi/gifts?eventId=${eventId}`, '/moi/auth/me']) {
      const r = await app.inject({ method: 'GET', url, headers: { cookie: g.cookie } });
      expect(r.statusCode, url).toBe(401);
    }
    // The only public routes of the guest display are these four.
    const publicGuest = app.registeredRoutes.filter((r) => r.url.startsWith(GUEST_PUBLIC_PATH)).map((r) => `${r.method} ${r.url}`).sort();
    expect(publicGuest).toEqual([`GET ${GUEST_PUBLIC_PATH}/me`, `GET ${GUEST_PUBLIC_PATH}/stream`, `POST ${GUEST_PUBLIC_PATH}/leave`, `POST ${GUEST_PUBLIC_PATH}/pair`]);
  });

  it('a screen sees only its own counter’s entries', async () => {
    const a = await paired();
    const b = await paired();
    const sa = await stream(a.cookie);
    const sb = await stream(b.cookie);
    await sa.waitFor((e) => e.event === 'hello');
    await sb.waitFor((e) => e.event === 'hello');
    await show(a.id, { seq: 1, state: 'typing', name: 'OnlyForA', village: '', amount: 501 });
    await sa.waitFor((e) => e.event === 'entry');
    await show(b.id, { seq: 1, state: 'typing', name: 'OnlyForB', village: '', amount: 201 });
    await sb.waitFor((e) => e.event === 'entry');
    expect(sa.raw).not.toContain('OnlyForB');
    expect(sb.raw).not.toContain('OnlyForA');
  });

  it('only the session that made the pairing publishes to it; bad bodies are refused', async () => {
    const g = await paired();
    expect((await show(g.id, { seq: 1, state: 'typing', name: 'x' }, 'staffA2')).statusCode).toBe(404);
    expect((await show(g.id, { seq: 1, state: 'typing', name: 'x' }, 'stranger')).statusCode).toBe(404);
    const bad = await show(g.id, { seq: -1, state: 'whatever' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_body');
  });
});

describe('revoking and reconnecting', () => {
  it('the counter ends a display: its stream gets `end`, its cookie opens nothing, publishing answers 410', async () => {
    const g = await paired();
    const s = await stream(g.cookie);
    await s.waitFor((e) => e.event === 'hello');
    const del = await app.inject({ method: 'DELETE', url: `${GUEST_DISPLAY_PATH}/${g.id}`, headers: { cookie: W.staffA.cookie } });
    expect(del.statusCode).toBe(204);
    await s.waitFor((e) => e.event === 'end');
    expect((await app.inject({ method: 'GET', url: `${GUEST_PUBLIC_PATH}/me`, headers: { cookie: g.cookie } })).statusCode).toBe(404);
    expect((await show(g.id, { seq: 9, state: 'typing', name: 'late' })).statusCode).toBe(410);
    const again = await stream(g.cookie);
    expect(again.status).toBe(404);
  });

  it('a screen ends with the counter session that made it (sign-out)', async () => {
    const u = await seedUser(app, `staffOut${randomUUID().slice(0, 6)}`, 'counter_staff');
    await app.db.execute(sql`insert into counter_staff (counter_id, user_id) values (${counterA}, ${u.id})`);
    const l = await loginCookie(app, u.username, u.password, randomUUID());
    const made = await app.inject({ method: 'POST', url: GUEST_DISPLAY_PATH, headers: { cookie: l.cookie }, payload: { counterId: counterA } });
    expect(made.statusCode, made.body).toBe(201);
    const p = await pair(made.json().code);
    const cookie = guestCookieOf(p.headers['set-cookie']);
    expect((await app.inject({ method: 'GET', url: `${GUEST_PUBLIC_PATH}/me`, headers: { cookie } })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/moi/auth/logout', headers: { cookie: l.cookie } });
    expect((await app.inject({ method: 'GET', url: `${GUEST_PUBLIC_PATH}/me`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('after the network drops, the screen reconnects with its cookie and gets the next entry', async () => {
    const g = await paired();
    const first = await stream(g.cookie);
    await first.waitFor((e) => e.event === 'hello');
    await show(g.id, { seq: 1, state: 'typing', name: 'BeforeDrop', amount: 101 });
    await first.waitFor((e) => e.event === 'entry');
    first.close(); // Wi-Fi gone
    await new Promise((r) => setTimeout(r, 100));
    await show(g.id, { seq: 2, state: 'typing', name: 'WhileAway', amount: 201 });
    const second = await stream(g.cookie);
    expect(second.status).toBe(200);
    await second.waitFor((e) => e.event === 'hello');
    await show(g.id, { seq: 3, state: 'saved', name: 'AfterReconnect', amount: 1001, receiptNo: 'A-T1-0009' });
    await second.waitFor((x) => x.event === 'entry' && (x.data as { name: string }).name === 'AfterReconnect');
    // The newest entry is the one on show (one published while away is not stored for replay,
    // though a notification still in flight when the screen came back may arrive first).
    expect((second.events.filter((x) => x.event === 'entry').at(-1)!.data as { name: string }).name).toBe('AfterReconnect');
  });

  it.runIf(PG)('the counter on one instance, the screen on another (LISTEN/NOTIFY)', async () => {
    const g = await paired();
    const s = await stream(g.cookie, base2);
    await s.waitFor((e) => e.event === 'hello');
    await show(g.id, { seq: 1, state: 'typing', name: 'AcrossInstances', amount: 2001 });
    const e = await s.waitFor((x) => x.event === 'entry');
    expect((e.data as { name: string }).name).toBe('AcrossInstances');
  });
});

describe('village shortcuts (event.villageShortcut.set)', () => {
  const eventRow = async (who: string) => {
    const res = await app.inject({ method: 'GET', url: '/moi/sync/pull?since=0&limit=5000', headers: { cookie: W[who].cookie } });
    const ch = (res.json().changes as { type: string; id: string; row?: { villageShortcuts?: Record<string, string> } }[]).filter((c) => c.type === 'event' && c.id === eventId);
    return ch.at(-1)?.row;
  };
  it('staff and admins set and remove abbreviations; each one is kept beside the others', async () => {
    expect((await push('staffA', 'event.villageShortcut.set', { eventId, abbr: 'MDU', village: 'மதுரை' })).status).toBe('applied');
    expect((await push('staffA2', 'event.villageShortcut.set', { eventId, abbr: 'usl', village: 'உசிலம்பட்டி' })).status).toBe('applied');
    expect((await push('admin', 'event.villageShortcut.set', { eventId, abbr: 'தி.ம', village: 'திருமங்கலம்' })).status).toBe('applied');
    expect((await eventRow('staffA'))?.villageShortcuts).toEqual({ mdu: 'மதுரை', usl: 'உசிலம்பட்டி', 'தி.ம': 'திருமங்கலம்' });
    expect((await push('staffA', 'event.villageShortcut.set', { eventId, abbr: 'usl', village: null })).status).toBe('applied');
    expect((await eventRow('owner'))?.villageShortcuts).toEqual({ mdu: 'மதுரை', 'தி.ம': 'திருமங்கலம்' });
  });
  it('others are refused, and so is a malformed abbreviation', async () => {
    const owner = await push('owner', 'event.villageShortcut.set', { eventId, abbr: 'x', village: 'X' });
    expect(owner).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const stranger = await push('stranger', 'event.villageShortcut.set', { eventId, abbr: 'x', village: 'X' });
    expect(stranger).toMatchObject({ status: 'rejected', code: 'not_found' });
    const bad = await push('staffA', 'event.villageShortcut.set', { eventId, abbr: 'two words', village: 'X' });
    expect(bad).toMatchObject({ status: 'rejected', code: 'invalid_body' });
  });
});
