// The gift this screen saved last, outside React state: a save updates the saved banner and the
// receipt panel that subscribe to it, not the whole entry page (header, dialogs, form).
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { createStore } from 'zustand/vanilla';
import type { LocalGift } from '../../../data/db';

export type LastSaved = {
  get: () => LocalGift | null;
  set: (g: LocalGift | null) => void;
  subscribe: (fn: () => void) => () => void;
  /** Bring the deferred receipt up to date now (Print pressed before it rendered). */
  flush: () => void;
  onFlush: (fn: () => void) => () => void;
};

export function createLastSaved(): LastSaved {
  // A small zustand store per entry screen: the gift, and a count of "flush now" requests.
  const store = createStore<{ gift: LocalGift | null; flushes: number }>()(() => ({ gift: null, flushes: 0 }));
  return {
    get: () => store.getState().gift,
    set: (g) => {
      if (g !== store.getState().gift) store.setState({ gift: g });
    },
    subscribe: (fn) => store.subscribe((s, prev) => {
      if (s.gift !== prev.gift) fn();
    }),
    flush: () => store.setState((s) => ({ flushes: s.flushes + 1 })),
    onFlush: (fn) => store.subscribe((s, prev) => {
      if (s.flushes !== prev.flushes) fn();
    }),
  };
}

/** The last saved gift, at once (the banner with its receipt number is on the save's critical path). */
export function useLastSaved(store: LastSaved): LocalGift | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Runs fn once the next frame has been painted (the frame that shows the ready form). */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const raf = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(raf);
    clearTimeout(timer);
  };
}

/**
 * The last saved gift, at low priority: the full receipt renders only after the frame that shows
 * the ready form has been painted, and then as a transition, so it never delays that frame.
 */
export function useLastSavedDeferred(store: LastSaved): LocalGift | null {
  const [g, setG] = useState<LocalGift | null>(store.get);
  useEffect(() => {
    setG(store.get());
    let cancel = () => {};
    const unsubscribe = store.subscribe(() => {
      cancel();
      cancel = afterNextPaint(() => startTransition(() => setG(store.get())));
    });
    const unFlush = store.onFlush(() => {
      cancel();
      flushSync(() => setG(store.get()));
    });
    return () => {
      cancel();
      unsubscribe();
      unFlush();
    };
  }, [store]);
  return g;
}
