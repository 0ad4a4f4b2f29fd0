// The replication core with the live adapter: a fake stream, the in-memory fake server, the device
// on fake-indexeddb, real (short) timers. What a person would notice: another counter's save is
// pulled as soon as the server says so, the idle poll runs only while the stream is down, and the
// stream alone never makes the top bar say "online".
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from '../../../tests/support/fake-sync-server';
import { META, metaSet } from '../outbox';
import { SyncEngine, alreadyAt, type SyncEngineOptions } from './engine';
import { fakeLiveServer } from './fake-live';
import { fakeLocks } from './fake-locks';
import type { Channel } from './leader';
import { closeTestDevices, testDevice } from '../../../tests/support/data-kit';
import type { SyncTransport } from './transport';

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) e.stop();
  await closeTestDevices();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(5);
  }
}

/** A transport that counts pulls, can hold them until released, and answers with `cursor` when set. */
function counting(base: SyncTransport) {
  let release: () => void = () => {};
  const c = {
    pulls: 0,
    hold: false,
    cursor: undefined as number | undefined,
    release: () => release(),
    transport: null as unknown as SyncTransport,
  };
  c.transport = {
    ...base,
    pull: async (...a) => {
      c.pulls++;
      if (c.hold) await new Promise<void>((r) => { release = r; });
      const page = await base.pull(...a);
      return c.cursor === undefined ? page : { ...page, cursor: c.cursor };
    },
  };
  return c;
}

async function started(extra: Partial<SyncEngineOptions> = {}) {
  const db = await testDevice();
  const live = fakeLiveServer();
  const c = counting(new FakeSyncServer().transport());
  const e = new SyncEngine({ db, transport: c.transport, useLocks: false, listenToWindow: false, idlePollMs: 80, live: live.open, ...extra });
  engines.push(e);
  e.start();
  return { db, live, c, e };
}

describe('SyncEngine with the live stream', () => {
  it('the leader opens the stream on start and pulls right after each "changes"; a burst during a pass costs one more pass', async () => {
    const { live, c, e } = await started({ idlePollMs: 60_000 });
    await until(() => c.pulls === 1 && !e.getCore().sending);
    expect(live.sources).toHaveLength(1);
    live.last!.open();
    live.last!.changes(1);
    await until(() => c.pulls === 2 && !e.getCore().sending);
    c.hold = true;
    live.last!.changes(2);
    await until(() => c.pulls === 3);
    c.hold = false;
    for (let i = 3; i < 8; i++) live.last!.changes(i);
    await sleep(50);
    expect(c.pulls).toBe(3); // the pass under way may have pulled before those commits: wait for it
    c.release();
    await until(() => c.pulls === 4 && !e.getCore().sending);
    await sleep(100);
    expect(c.pulls).toBe(4);
  });

  it('no second pull for the event of its own push when the pass under way already pulled past it', async () => {
    const { live, c, e } = await started({ idlePollMs: 60_000 });
    await until(() => c.pulls === 1 && !e.getCore().sending);
    live.last!.open();
    c.hold = true;
    c.cursor = 50;
    void e.syncNow();
    await until(() => c.pulls === 2);
    live.last!.changes(50); // announced while this device's pull is on its way
    c.hold = false;
    c.release();
    await until(() => !e.getCore().sending);
    await sleep(100);
    expect(c.pulls).toBe(2);
  });

  it('does not pull for an event announcing a cursor it already has (or passed)', async () => {
    const { db, live, c, e } = await started({ idlePollMs: 60_000 });
    await until(() => c.pulls === 1 && !e.getCore().sending);
    await metaSet(db, META.pullCursor, 17);
    live.last!.open();
    live.last!.changes(17);
    live.last!.changes(12);
    await sleep(100);
    expect(c.pulls).toBe(1);
    live.last!.changes(18);
    await until(() => c.pulls === 2);
  });

  it('polls only while the stream is down', async () => {
    const { live, c, e } = await started();
    live.last!.open();
    await until(() => c.pulls >= 1 && !e.getCore().sending);
    const before = c.pulls;
    await sleep(400);
    expect(c.pulls).toBe(before); // connected: no 80 ms idle poll
    live.last!.fail();
    await until(() => c.pulls >= before + 2, 2_000); // down: the idle poll is back
    expect(e.isLive).toBe(false);
  });

  it('a connected stream says nothing about the server answering: the status stays unknown', async () => {
    const { live, c, e } = await started();
    c.hold = true;
    live.last!.open();
    live.last!.changes(3);
    await sleep(100);
    expect(e.isLive).toBe(true);
    expect(e.getCore().online).toBeNull();
    expect(e.getCore().lastSyncAt).toBeNull();
  });

  it('stop (sign-out) closes the stream and a late event pulls nothing', async () => {
    const { live, c, e } = await started({ idlePollMs: 60_000 });
    await until(() => c.pulls === 1 && !e.getCore().sending);
    live.last!.open();
    e.stop();
    expect(live.last!.closed).toBe(true);
    live.last!.changes(9);
    await sleep(50);
    expect(c.pulls).toBe(1);
  });

  it('one stream per device: only the tab holding the lock opens it, the next one when that tab closes', async () => {
    const db = await testDevice();
    const live = fakeLiveServer();
    const locks = fakeLocks();
    const noChannel = (): Channel | null => null;
    const tab = () => {
      const e = new SyncEngine({ db, transport: new FakeSyncServer().transport(), locks, openChannel: noChannel, listenToWindow: false, idlePollMs: 60_000, live: live.open });
      engines.push(e);
      e.start();
      return e;
    };
    const a = tab();
    const b = tab();
    await until(() => a.isLeader);
    expect(b.isLeader).toBe(false);
    expect(live.sources).toHaveLength(1);
    a.stop();
    await until(() => b.isLeader);
    expect(live.sources).toHaveLength(2);
    expect(live.sources[0].closed).toBe(true);
  });
});

describe('follower tabs', () => {
  it('know the leader\'s stream is live (so their screens skip the 15 s poll), also when opened after it, and when it drops', async () => {
    const db = await testDevice();
    const live = fakeLiveServer();
    const locks = fakeLocks();
    const name = `moi-sync-live-test-${Math.random()}`;
    const tab = () => {
      const e = new SyncEngine({
        db, transport: new FakeSyncServer().transport(), locks, listenToWindow: false, idlePollMs: 60_000, live: live.open,
        openChannel: () => new BroadcastChannel(name) as unknown as Channel,
      });
      engines.push(e);
      e.start();
      return e;
    };
    const a = tab();
    await until(() => a.isLeader);
    live.last!.open();
    expect(a.isLive).toBe(true);
    // Opened after the stream connected: it asks, the leader answers.
    const b = tab();
    await until(() => b.isLive);
    expect(b.isLeader).toBe(false);
    live.last!.fail();
    expect(a.isLive).toBe(false);
    await until(() => !b.isLive);
    // The leader tab closes: the other one leads and reports its own stream.
    a.stop();
    await until(() => b.isLeader);
    expect(b.isLive).toBe(false);
    live.last!.open();
    expect(b.isLive).toBe(true);
  });
});

describe('alreadyAt', () => {
  it('compares numeric cursors, and any other kind only for equality', () => {
    expect([alreadyAt(5, 5), alreadyAt(6, 5), alreadyAt(4, 5)]).toEqual([true, true, false]);
    expect([alreadyAt('a:1', 'a:1'), alreadyAt('a:2', 'a:1'), alreadyAt(undefined, 0)]).toEqual([true, false, false]);
  });
});
