// @vitest-environment jsdom
// useAfterPull: a screen of server figures refreshes after each pull that moved the cursor (as a
// live-stream pull writes it), not on mount, and at most once per interval in a burst.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterPull } from './admin-queries';
import { db } from './db';
import { META, metaSet } from './outbox';

afterEach(async () => { await db.meta.delete(META.pullCursor); });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('useAfterPull', () => {
  it('runs after the cursor moves, not on mount, and a burst of pulls costs one more run after the interval', async () => {
    await metaSet(db, META.pullCursor, 10);
    let runs = 0;
    const { unmount } = renderHook(() => useAfterPull(() => { runs++; }, 300));
    await sleep(150);
    expect(runs).toBe(0);
    await metaSet(db, META.pullCursor, 11);
    await waitFor(() => expect(runs).toBe(1));
    await metaSet(db, META.pullCursor, 12);
    await sleep(30);
    await metaSet(db, META.pullCursor, 13);
    await sleep(100);
    expect(runs).toBe(1);
    await waitFor(() => expect(runs).toBe(2), { timeout: 2_000 });
    await sleep(400);
    expect(runs).toBe(2);
    unmount();
    await metaSet(db, META.pullCursor, 14);
    await sleep(100);
    expect(runs).toBe(2);
  });
});
