// What the giver sees, as the counter types (issue 18): the entry being saved and nothing else. One
// feed per entry screen: the form reports its values (after paint, never on the save's path), the
// feed keeps the current entry for the on-tablet guest panel and, when a second screen is paired,
// publishes it to the server (debounced; a failure only marks the screen "server away").
import { useSyncExternalStore } from 'react';
import type { GuestEntry } from '../../../../contract/guest-display';
import { showOnGuestDisplay } from '../../../lib/guest-api';
import { speakTamil, spokenTamil } from '../../../lib/speech';
import { parseAmount } from '../entry/shortcuts';

export type FeedValues = { name: string; initial: string; village: string; amount: string; mode: string; item: string };
export type SavedGift = { name: string; initial: string; village: string; amount: number; mode: string; item: string; receiptNo: string };

export const PUBLISH_DEBOUNCE_MS = 250;

export type GuestFeed = ReturnType<typeof createGuestFeed>;

export function createGuestFeed(publish: (displayId: string, e: GuestEntry) => Promise<unknown> = showOnGuestDisplay) {
  // From the clock (ms), so a reloaded counter's entries still come after what a screen last showed.
  let last = 0;
  const nextSeq = () => (last = Math.max(last + 1, Date.now()));
  let entry: GuestEntry = { seq: 0, state: 'clear', name: '', initial: '', village: '', amount: null, item: '', receiptNo: null };
  let displayId: string | null = null;
  let serverAway = false;
  let speak = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const emit = () => { for (const l of listeners) l(); };

  const send = () => {
    timer = null;
    if (!displayId) return;
    const id = displayId;
    publish(id, entry).then(
      () => { if (serverAway) { serverAway = false; emit(); } },
      () => { if (!serverAway) { serverAway = true; emit(); } },
    );
  };
  const schedule = (now: boolean) => {
    if (timer) clearTimeout(timer);
    if (now) send();
    else timer = setTimeout(send, PUBLISH_DEBOUNCE_MS);
  };

  return {
    get entry() { return entry; },
    get displayId() { return displayId; },
    get serverAway() { return serverAway; },
    get speak() { return speak; },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => { listeners.delete(l); };
    },
    /** The form's values changed (typing). An emptied form after a save keeps the saved entry on show. */
    typed(v: FeedValues) {
      const blank = !(v.name.trim() || v.village.trim() || v.amount.trim() || v.item.trim());
      if (blank && (entry.state === 'saved' || entry.state === 'clear')) return;
      const amount = v.mode === 'item' && !v.amount.trim() ? null : parseAmount(v.amount);
      entry = blank
        ? { seq: nextSeq(), state: 'clear', name: '', initial: '', village: '', amount: null, item: '', receiptNo: null }
        : { seq: nextSeq(), state: 'typing', name: v.name.trim(), initial: v.initial.trim(), village: v.village.trim(), amount, item: v.mode === 'item' ? v.item.trim() : '', receiptNo: null };
      emit();
      schedule(false);
    },
    /** Saved: shown (and spoken, when on) at once, until the next giver is typed. */
    saved(g: SavedGift) {
      entry = { seq: nextSeq(), state: 'saved', name: g.name, initial: g.initial, village: g.village, amount: g.amount > 0 ? g.amount : null, item: g.mode === 'item' ? g.item : '', receiptNo: g.receiptNo };
      // Called inside the save's synchronous reset: the panel, the second screen and the voice follow
      // in the next task, so the form is reset and painted first.
      const shown = entry;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        emit();
        send();
        if (speak) speakTamil(spokenTamil(shown));
      }, 0);
    },
    /** A second screen was paired (or ended: null); it gets the current entry at once. */
    setDisplay(id: string | null) {
      displayId = id;
      serverAway = false;
      emit();
      if (id && entry.state !== 'clear') schedule(true);
    },
    setSpeak(on: boolean) {
      speak = on;
      emit();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      listeners.clear();
    },
  };
}

/** Re-renders on a feed change: the entry too (the panel), or only the pairing and switches (the card); never the form. */
export function useGuestFeed(feed: GuestFeed, withEntry = true) {
  useSyncExternalStore(feed.subscribe, () => `${withEntry ? feed.entry.seq : ''}|${feed.displayId}|${feed.serverAway}|${feed.speak}`);
  return feed;
}
