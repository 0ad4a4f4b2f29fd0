// The live adapter alone: a fake stream, a timer the test fires.
import { describe, expect, it } from 'vitest';
import { fakeLiveServer } from './fake-live';
import { LIVE_DEAD_MS, LIVE_RETRY_MAX_MS, LIVE_RETRY_MIN_MS, LIVE_WATCH_MS, LiveStream, cursorOfEvent } from './live';

function harness() {
  const server = fakeLiveServer();
  const timers: Array<{ fn: () => void; ms: number; cancelled: boolean }> = [];
  const events: Array<['changes', unknown] | ['connected', boolean]> = [];
  const live = new LiveStream(
    { changes: (c) => events.push(['changes', c]), connected: (on) => events.push(['connected', on]) },
    {
      open: server.open,
      random: () => 0.5,
      setTimer: (fn, ms) => { const t = { fn, ms, cancelled: false }; timers.push(t); return t; },
      clearTimer: (t) => { (t as { cancelled: boolean }).cancelled = true; },
    },
  );
  const fire = () => { const t = timers.filter((x) => !x.cancelled).at(-1)!; t.cancelled = true; t.fn(); return t.ms; };
  return { server, live, events, timers, fire };
}

describe('LiveStream', () => {
  it('opens one stream and passes on each "changes" with its cursor; connected once it opens', () => {
    const h = harness();
    h.live.start();
    h.live.start();
    expect(h.server.sources).toHaveLength(1);
    expect(h.live.connected).toBe(false);
    h.server.last!.open();
    h.server.last!.changes(41);
    h.server.last!.changes({ p: 3, tx: '9' });
    expect(h.live.connected).toBe(true);
    expect(h.events).toEqual([['connected', true], ['changes', 41], ['changes', { p: 3, tx: '9' }]]);
  });

  it('reconnects after a drop with a growing delay, back to the shortest once a stream delivers', () => {
    const h = harness();
    h.live.start();
    h.server.last!.open();
    h.server.last!.fail();
    expect(h.server.sources[0].closed).toBe(true); // not left to the browser's own retry
    expect(h.live.connected).toBe(false);
    expect(h.fire()).toBe(LIVE_RETRY_MIN_MS);
    h.server.last!.fail();
    expect(h.fire()).toBe(2 * LIVE_RETRY_MIN_MS);
    h.server.last!.fail();
    expect(h.fire()).toBe(4 * LIVE_RETRY_MIN_MS);
    expect(h.server.sources).toHaveLength(4);
    h.server.last!.changes(1);
    h.server.last!.fail();
    expect(h.fire()).toBe(LIVE_RETRY_MIN_MS);
    for (let i = 0; i < 20; i++) { h.server.last!.fail(); h.fire(); }
    h.server.last!.fail();
    expect(h.fire()).toBe(LIVE_RETRY_MAX_MS);
    expect(h.events.filter((e) => e[0] === 'connected')).toEqual([['connected', true], ['connected', false], ['connected', true], ['connected', false]]);
  });

  it('stop closes the stream, cancels a reconnect and ignores a late event of the old stream', () => {
    const h = harness();
    h.live.start();
    const first = h.server.last!;
    first.open();
    first.fail();
    h.live.stop();
    expect(h.timers.every((t) => t.cancelled)).toBe(true);
    first.changes(5);
    expect(h.events.filter((e) => e[0] === 'changes')).toEqual([]);
    h.live.start();
    h.server.last!.open();
    h.live.stop();
    expect(h.server.last!.closed).toBe(true);
    expect(h.live.connected).toBe(false);
  });

  it('the network came back: reconnects at once instead of waiting out the delay', () => {
    const h = harness();
    h.live.start();
    h.server.last!.fail();
    h.live.reconnectNow();
    expect(h.server.sources).toHaveLength(2);
    expect(h.timers[0].cancelled).toBe(true);
    h.live.reconnectNow(); // already open: nothing more
    expect(h.server.sources).toHaveLength(2);
  });

  it('without EventSource (or with no way to open one) it stays off and never connects', () => {
    const events: unknown[] = [];
    const live = new LiveStream({ changes: (c) => events.push(c), connected: (on) => events.push(on) }, { open: () => null });
    live.start();
    expect(live.connected).toBe(false);
    expect(events).toEqual([]);
  });

  it('reads the cursor of an event\'s data, undefined for anything else', () => {
    expect(cursorOfEvent('{"cursor":12}')).toBe(12);
    expect(cursorOfEvent('{"cursor":"a:1"}')).toBe('a:1');
    expect(cursorOfEvent('{}')).toBeUndefined();
    expect(cursorOfEvent('not json')).toBeUndefined();
    expect(cursorOfEvent('')).toBeUndefined();
  });

  it('a stream that says nothing for LIVE_DEAD_MS is taken for dead: closed and reconnected; pings keep it alive', () => {
    const server = fakeLiveServer();
    let now = 1_000_000;
    let watch: (() => void) | null = null;
    let watchMs = 0;
    const timers: Array<() => void> = [];
    const events: unknown[] = [];
    const live = new LiveStream({ changes: (c) => events.push(c), connected: (on) => events.push(on) }, {
      open: server.open, random: () => 0.5, now: () => now,
      setTimer: (fn) => { timers.push(fn); return fn; }, clearTimer: () => {},
      every: (fn, ms) => { watch = fn; watchMs = ms; return fn; }, stopEvery: () => { watch = null; },
    });
    live.start();
    expect(watchMs).toBe(LIVE_WATCH_MS);
    server.last!.open();
    server.last!.changes(5);
    // Pings (every 20 s) keep a quiet stream alive well past LIVE_DEAD_MS.
    for (let i = 0; i < 5; i++) {
      now += 20_000;
      server.last!.ping();
      watch!();
    }
    expect(server.sources).toHaveLength(1);
    expect(live.connected).toBe(true);
    // Then silence: the watch drops it once LIVE_DEAD_MS passed, and the retry opens a new one.
    now += LIVE_DEAD_MS - 1;
    watch!();
    expect(server.sources[0].closed).toBe(false);
    now += 2;
    watch!();
    expect(server.sources[0].closed).toBe(true);
    expect(live.connected).toBe(false);
    timers.at(-1)!();
    expect(server.sources).toHaveLength(2);
    server.last!.open();
    expect(live.connected).toBe(true);
    live.stop();
    expect(watch).toBeNull();
  });
});
