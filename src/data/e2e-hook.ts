// Test hook for the end-to-end suite and the Chromium benchmarks. Compiled in only by a build made
// with MOI_E2E_HOOK=1 (vite.config.ts defines __MOI_E2E_HOOK__), and installed there only when
// localStorage['moi.e2e'] === '1'. It drives the real repository code.
import { createGift, type NewGift } from './gifts-repo';
import { db } from './db';
import { outboxCounts } from './outbox';
import { getSyncEngine, syncNow } from './sync/app';

export type MoiTestHook = {
  createGift(input: NewGift): Promise<{ id: string; receiptNo: string }>;
  syncNow(): Promise<void>;
  counts(): Promise<{ pending: number; sending: number; rejected: number; unsynced: number; gifts: number; localPending: number }>;
  state(): ReturnType<ReturnType<typeof getSyncEngine>['getCore']>;
  /** This tab's live stream is connected (only the leader tab opens one). */
  live(): boolean;
  /** Times `n` sequential gift writes (record + outbox in one transaction) with performance.now(), in ms. */
  timeWrites(input: NewGift, n: number): Promise<number[]>;
  /** Stops the loop, empties the pulled tables and the cursor, then times a full pull (ms). */
  timeFreshPull(): Promise<{ ms: number; gifts: number }>;
};

export function installTestHook(): void {
  const hook: MoiTestHook = {
    createGift: async (input) => {
      const g = await createGift(input);
      return { id: g.id, receiptNo: g.receiptNo };
    },
    syncNow: () => syncNow(),
    counts: async () => ({ ...(await outboxCounts()), gifts: await db.gifts.count(), localPending: await db.gifts.where('_pending').equals(1).count() }),
    state: () => getSyncEngine().getCore(),
    live: () => getSyncEngine().isLive,
    timeWrites: async (input, n) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await createGift({ ...input, name: `${input.name} ${i}` });
        out.push(performance.now() - t0);
      }
      return out;
    },
    timeFreshPull: async () => {
      const engine = getSyncEngine();
      engine.stop();
      await db.transaction('rw', [db.gifts, db.meta], async () => {
        await db.gifts.clear();
        await db.meta.put({ key: 'pullCursor', value: 0 });
      });
      const t0 = performance.now();
      await engine.drain();
      return { ms: performance.now() - t0, gifts: await db.gifts.count() };
    },
  };
  (window as unknown as { __moi: MoiTestHook }).__moi = hook;
}
