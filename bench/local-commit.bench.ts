// Local commit latency in real Chromium IndexedDB through the app's own repository code
// (createGift: gift row + receipt number + outbox mutation in one Dexie transaction), 1,000
// sequential writes timed with performance.now(): offline (the commit alone), online (with
// the sync loop draining behind the writes, as at a real counter), and offline at 4× CPU throttling.
// Also the heap the offline writes leave behind after a garbage collection (MB per 1,000 writes):
// with the entry screen's live queries subscribed, Dexie unpatched kept every write's keys in each
// query's set (patches/dexie+4.4.7.patch, src/data/live-query.test.ts).
import { figure, pct } from './sync-helpers';
import { openSignedIn } from './sync-browser';

const N = Number(process.env.BENCH_WRITES ?? 1000);
const b = await openSignedIn();
try {
  const input = { eventId: b.w.eventId, counterId: b.w.counterId, counterCode: 'A', name: 'முருகன்', initial: 'மு.', village: 'மதுரை', amount: 501, enteredBy: b.w.staff.id };
  const time = (n: number) => b.page.evaluate(([i, k]) => (window as unknown as { __moi: { timeWrites(i: unknown, n: number): Promise<number[]> } }).__moi.timeWrites(i, k as number), [input, n] as const);
  await time(20); // warm-up
  const cdp = await b.context.newCDPSession(b.page);
  const heapMb = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6;
  };
  await b.context.setOffline(true);
  const heapBefore = await heapMb();
  const offline = await time(N);
  const heapGrowth = ((await heapMb()) - heapBefore) * (1000 / N);
  await b.context.setOffline(false);
  const online = await time(N);
  // And offline again with the renderer's CPU slowed 4× (a low-end tablet), as entry.save_to_ready is measured.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await b.context.setOffline(true);
  const throttled = await time(N);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await b.context.setOffline(false);
  figure('local.commit.p50', pct(offline, 50), 'ms');
  figure('local.commit.p95', pct(offline, 95), 'ms');
  figure('local.commit.p50.online', pct(online, 50), 'ms');
  figure('local.commit.p95.online', pct(online, 95), 'ms');
  figure('local.commit.p50.throttled_4x', pct(throttled, 50), 'ms');
  figure('local.commit.p95.throttled_4x', pct(throttled, 95), 'ms');
  figure('local.commit.heap_growth_per_1000', heapGrowth, 'MB');
} finally {
  await b.close();
}
process.exit(0);
