// The guest feed (issue 18): what the counter sends to the giver's screen — the entry as typed
// (debounced), the saved gift, a cleared form — and only to a paired screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestEntry } from '../../../../contract/guest-display';
import { PUBLISH_DEBOUNCE_MS, createGuestFeed } from './guest-feed';

const typed = (name: string, amount = '', village = '') => ({ name, initial: '', village, amount, mode: 'cash', item: '' });
const saved = { name: 'கண்ணன்', initial: 'K.', village: 'மதுரை', amount: 1001, mode: 'cash', item: '', receiptNo: 'A-T1-0001' };

describe('guest feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('publishes the entry as typed (debounced, amount shortcuts expanded), then the saved gift, to the paired screen only', async () => {
    const sent: GuestEntry[] = [];
    const feed = createGuestFeed(async (_id, e) => { sent.push(e); });
    feed.typed(typed('Ka'));
    await vi.advanceTimersByTimeAsync(PUBLISH_DEBOUNCE_MS + 10);
    expect(sent).toEqual([]); // no screen paired
    feed.setDisplay('d1');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)).toMatchObject({ state: 'typing', name: 'Ka' });
    feed.typed(typed('Kan'));
    feed.typed(typed('Kannan', '1k1', 'மதுரை'));
    await vi.advanceTimersByTimeAsync(PUBLISH_DEBOUNCE_MS + 10);
    expect(sent.length).toBe(2);
    expect(sent[1]).toMatchObject({ state: 'typing', name: 'Kannan', village: 'மதுரை', amount: 1001 });
    feed.saved(saved);
    // The form resets right after the save: the saved gift stays on show.
    feed.typed(typed(''));
    await vi.advanceTimersByTimeAsync(10);
    expect(sent.at(-1)).toMatchObject({ state: 'saved', receiptNo: 'A-T1-0001', amount: 1001 });
    expect(feed.entry.state).toBe('saved');
    const seqs = sent.map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('clears the screen when the staff empties a half-typed entry, and marks the server away when a send fails', async () => {
    let fail = false;
    const sent: GuestEntry[] = [];
    const feed = createGuestFeed(async (_id, e) => {
      if (fail) throw new Error('offline');
      sent.push(e);
    });
    feed.setDisplay('d1');
    feed.typed(typed('Murugan', '501'));
    feed.typed(typed(''));
    await vi.advanceTimersByTimeAsync(PUBLISH_DEBOUNCE_MS + 10);
    expect(sent.at(-1)).toMatchObject({ state: 'clear', name: '', amount: null });
    fail = true;
    feed.typed(typed('Raja'));
    await vi.advanceTimersByTimeAsync(PUBLISH_DEBOUNCE_MS + 10);
    expect(feed.serverAway).toBe(true);
    fail = false;
    feed.typed(typed('Rajan'));
    await vi.advanceTimersByTimeAsync(PUBLISH_DEBOUNCE_MS + 10);
    expect(feed.serverAway).toBe(false);
  });
});
