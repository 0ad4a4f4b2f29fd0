// @vitest-environment jsdom
// useAfterPull: a screen of server figures refreshes after each pull that moved the cursor (as a
// live-stream pull writes it), not on mount, and at most once per interval in a burst.
import { renderHook, waitFor } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterPull } from './admin-queries';
import { db } from './db';
import { META, metaSet } from './outbox';

afterEach(async () => { await db.meta.delete(META.pullCursor); });

describe('useAfterPull', () => {
  it('runs after the cursor moves, not on mount, and a burst of pulls costs one more run after the interval', async () => {
    await metaSet(db, META.pullCursor, 10);
    // Each run is tagged with the cursor the test wrote last, and when it ran.
    let cursor = 10;
    const runs: Array<{ cursor: number; at: number }> = [];
    const move = async (c: number) => { cursor = c; await metaSet(db, META.pullCursor, c); };
    // Signals instead of sleeps: `seen` reads the cursor as the hook does, after it in the same
    // component, so once `seen` shows a value the hook's effect for that value has run.
    const { result, unmount } = renderHook(() => {
      useAfterPull(() => { runs.push({ cursor, at: Date.now() }); }, 300);
      return useLiveQuery(async () => (await db.meta.get(META.pullCursor))?.value ?? null, []);
    });
    await waitFor(() => expect(result.current).toBe(10));
    expect(runs).toEqual([]); // not on mount (a run would have been made in that same effect)

    await move(11);
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0].cursor).toBe(11);

    // A burst inside the interval (the hook sees 12, then 13): one more run, when the interval
    // since the first is over.
    await move(12);
    await waitFor(() => expect(result.current).toBe(12));
    await move(13);
    await waitFor(() => expect(result.current).toBe(13));
    await waitFor(() => expect(runs).toHaveLength(2), { timeout: 2_000 });
    expect(runs[1].cursor).toBe(13);
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(295);

    // The next move's run is the signal that the burst left nothing else behind: a third run for
    // the burst would have come before it.
    await move(14);
    await waitFor(() => expect(runs).toHaveLength(3), { timeout: 2_000 });
    expect(runs.map((r) => r.cursor)).toEqual([11, 13, 14]);

    // Unmounted with a run pending (inside the interval): it never comes. The hook had scheduled it
    // (`seen` shows 15) at most 300 ms ahead, so a 300 ms timer set after the unmount fires after
    // the moment it was due (timers fire in order of expiry).
    await move(15);
    await waitFor(() => expect(result.current).toBe(15));
    unmount();
    await new Promise((r) => setTimeout(r, 300));
    expect(runs.map((r) => r.cursor)).toEqual([11, 13, 14]);
  });
});
