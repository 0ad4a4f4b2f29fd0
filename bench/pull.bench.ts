// Fresh-device pull: 20,000 gifts seeded server-side (with their change-log entries), then a
// device signed in as the counter's staff empties its gifts and cursor and times a full pull
// through the app's sync engine into Chromium IndexedDB.
import { changeLog, gifts } from '../server/db/schema';
import { figure, giftMaker } from './sync-helpers';
import { openSignedIn } from './sync-browser';

const N = Number(process.env.BENCH_PULL ?? 20_000);
const b = await openSignedIn(async (w) => {
  const make = giftMaker(11);
  const base = { eventId: w.eventId, counterId: w.counterId, enteredBy: w.staff.id, deviceCode: 'Z9' };
  for (let i = 0; i < N; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({ ...make(i + k, base), deviceId: w.deviceId }));
    await w.app.db.insert(gifts).values(rows);
    await w.app.db.insert(changeLog).values(rows.map((g) => ({ type: 'gift', entityId: g.id, eventId: g.eventId, counterId: g.counterId })));
  }
});
try {
  const r = await b.page.evaluate(() => (window as unknown as { __moi: { timeFreshPull(): Promise<{ ms: number; gifts: number }> } }).__moi.timeFreshPull());
  if (r.gifts !== N) console.log(`(pulled ${r.gifts} gifts, expected ${N})`);
  figure('pull.20k', r.ms / 1000, 's');
  figure('pull.20k.rate', r.gifts / (r.ms / 1000), 'gifts/s', 0);
} finally {
  await b.close();
}
process.exit(0);
