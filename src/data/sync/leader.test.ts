// Leader election with an in-memory Web Locks manager (same queueing rules: one holder, FIFO,
// abort removes a waiter) and Node's real BroadcastChannel between the "tabs".
import { afterEach, describe, expect, it } from 'vitest';
import { fakeLocks } from './fake-locks';
import { TabLeader, type Channel, type LeaderMsg, type Locks } from './leader';

let serial = 0;
const opened: Channel[] = [];
afterEach(() => { for (const c of opened.splice(0)) c.close(); });

function tab(locks: Locks | null, name: string) {
  const got: LeaderMsg[] = [];
  let elected = 0;
  const t = new TabLeader({ elected: () => { elected++; }, message: (m) => got.push(m) }, {
    locks,
    openChannel: () => { const c = new BroadcastChannel(name) as unknown as Channel; opened.push(c); return c; },
  });
  return { t, got, elected: () => elected };
}
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('TabLeader', () => {
  it('elects one tab per device; when it stops, a waiting tab takes over', async () => {
    const locks = fakeLocks();
    const name = `moi-sync-test-${serial++}`;
    const a = tab(locks, name);
    const b = tab(locks, name);
    a.t.start();
    b.t.start();
    await tick();
    expect([a.t.isLeader, b.t.isLeader]).toEqual([true, false]);
    expect(a.t.holdsLock).toBe(true);
    expect(a.elected()).toBe(1);
    a.t.stop();
    await tick();
    expect([a.t.isLeader, b.t.isLeader]).toEqual([false, true]);
    expect(b.elected()).toBe(1);
    expect(locks.holders).toBe(1);
    b.t.stop();
    await tick();
    expect(locks.holders).toBe(0);
  });

  it('without Web Locks every tab leads at once (not holding a lock: others may be sending)', () => {
    const a = tab(null, `moi-sync-test-${serial++}`);
    a.t.start();
    expect(a.t.isLeader).toBe(true);
    expect(a.t.holdsLock).toBe(false);
    a.t.stop();
  });

  it('carries nudges to the leader and its state back to the followers', async () => {
    const locks = fakeLocks();
    const name = `moi-sync-test-${serial++}`;
    const a = tab(locks, name);
    const b = tab(locks, name);
    a.t.start();
    b.t.start();
    await tick();
    b.t.post({ kind: 'nudge' });
    a.t.post({ kind: 'drained' });
    await tick();
    expect(a.got).toEqual([{ kind: 'nudge' }]);
    expect(b.got).toEqual([{ kind: 'drained' }]);
    a.t.stop();
    b.t.stop();
  });

  it('a tab that stops while waiting never leads and does not keep the lock from the next one', async () => {
    const locks = fakeLocks();
    const name = `moi-sync-test-${serial++}`;
    const a = tab(locks, name);
    const b = tab(locks, name);
    const c = tab(locks, name);
    a.t.start();
    b.t.start();
    c.t.start();
    await tick();
    b.t.stop();
    a.t.stop();
    await tick();
    expect(b.elected()).toBe(0);
    expect(c.t.isLeader).toBe(true);
    c.t.stop();
  });
});
