// A real server (createTestApp: in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL) with one
// event and counter per "world", for device-side tests that must talk to the real push/pull.
// Loaded by src/data tests through a dynamic import (src/ itself never imports server/).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { gifts } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../../server/test-utils';
import { injectTransport, loginCookie, seedCounter, seedEvent, seedUser } from './fixtures';

export type WorldDevice = { userId: string; deviceId: string; code: string; cookie: string };
export type World = {
  eventId: string;
  counterId: string;
  counterCode: string;
  devices: WorldDevice[];
  transport: (i: number, makeError: (status: number, code: string, message: string) => Error) => ReturnType<typeof injectTransport>;
  serverGifts: () => Promise<Array<{ id: string; amount: number; version: number; deleted: boolean; receiptNo: string }>>;
  appliedCount: () => Promise<number>;
  /** GET /moi/devices/me as device i's session (its code and high-water marks). */
  deviceMe: (i: number) => Promise<unknown>;
};

let shared: TestApp | null = null;
export async function startServer(): Promise<void> {
  shared ??= await createTestApp();
}
export async function stopServer(): Promise<void> {
  await shared?.close();
  shared = null;
}

/** The shared server on a real loopback port (for tests of the HTTP client itself); its base URL. */
export async function listen(): Promise<string> {
  if (!shared) throw new Error('startServer first');
  const app = shared.app;
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

export async function newWorld(nDevices: number): Promise<World> {
  if (!shared) throw new Error('startServer first');
  const app = shared.app;
  const admin = await seedUser(app, `adm${randomUUID().slice(0, 8)}`, 'event_admin');
  const staff = [];
  for (let i = 0; i < nDevices; i++) staff.push(await seedUser(app, `st${randomUUID().slice(0, 8)}`, 'counter_staff'));
  const eventId = await seedEvent(app, { adminIds: [admin.id] });
  const counterId = await seedCounter(app, eventId, { code: 'A', staffIds: staff.map((s) => s.id) });
  const devices: WorldDevice[] = [];
  for (const s of staff) {
    const deviceId = randomUUID();
    const l = await loginCookie(app, s.username, s.password, deviceId);
    devices.push({ userId: s.id, deviceId, code: l.device?.code ?? '', cookie: l.cookie });
  }
  return {
    eventId,
    counterId,
    counterCode: 'A',
    devices,
    transport: (i, makeError) => injectTransport(app, () => devices[i].cookie, makeError),
    serverGifts: async () => (await app.db.select().from(gifts).where(eq(gifts.eventId, eventId)))
      .map((g) => ({ id: g.id, amount: g.amount, version: g.version, deleted: g.deletedAt != null, receiptNo: g.receiptNo })),
    deviceMe: async (i) => {
      const res = await app.inject({ method: 'GET', url: '/moi/devices/me', headers: { cookie: devices[i].cookie } });
      if (res.statusCode !== 200) throw new Error(`devices/me → ${res.statusCode} ${res.body}`);
      return res.json();
    },
    // What took effect on the server: each gift created and each correction (its audit row).
    // A mutation applied twice shows here as a second gift or a second audit row.
    appliedCount: async () => {
      const r = await app.db.execute(sql`select (select count(*) from gifts where event_id = ${eventId})
        + (select count(*) from gift_audit where event_id = ${eventId} and action in ('update', 'delete', 'restore')) as n`);
      return Number((r as unknown as { rows: Array<{ n: number | string }> }).rows[0].n);
    },
  };
}
