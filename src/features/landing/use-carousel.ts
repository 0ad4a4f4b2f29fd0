// Carousel state: wraps at both ends, auto-advances every 4000 ms while playing, holds while the tab
// is hidden or the user is hovering/focused inside it, and starts paused when the user prefers reduced motion.
// Pressing Play is an explicit request (spec: "Pause toggles it"): it rotates at once even though the
// pointer and focus are on the Play button, until they have both left the carousel.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { CAROUSEL_INTERVAL_MS } from './landing-constants';

const REDUCED = '(prefers-reduced-motion: reduce)';

function subscribeReduced(cb: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const mq = window.matchMedia(REDUCED);
  mq.addEventListener?.('change', cb);
  return () => mq.removeEventListener?.('change', cb);
}
const getReduced = () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED).matches;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReduced, getReduced, () => false);
}

function subscribeVisibility(cb: () => void): () => void {
  document.addEventListener('visibilitychange', cb);
  return () => document.removeEventListener('visibilitychange', cb);
}
const getHidden = () => document.visibilityState === 'hidden';

export function usePageHidden(): boolean {
  return useSyncExternalStore(subscribeVisibility, getHidden, () => false);
}

export const wrapIndex = (i: number, count: number): number => ((i % count) + count) % count;

export type Carousel = {
  index: number;
  /** The user's choice: playing or paused (the pause/play button). */
  playing: boolean;
  /** Whether the slides are actually moving now (playing and not held by hover, focus or a hidden tab). */
  rotating: boolean;
  next: () => void;
  prev: () => void;
  goTo: (i: number) => void;
  toggle: () => void;
  hold: (reason: 'hover' | 'focus', on: boolean) => void;
};

export function useCarousel(count: number, interval = CAROUSEL_INTERVAL_MS): Carousel {
  const reduced = usePrefersReducedMotion();
  const hidden = usePageHidden();
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<boolean | null>(null);
  const [held, setHeld] = useState({ hover: false, focus: false });
  // Set by pressing Play: hover and focus inside no longer hold the slides until both have left.
  const [released, setReleased] = useState(false);
  // Until the user presses pause/play, reduced motion decides: no auto-advance.
  const playing = choice ?? !reduced;
  const rotating = playing && !hidden && (released || (!held.hover && !held.focus)) && count > 1;

  const next = useCallback(() => setIndex((i) => wrapIndex(i + 1, count)), [count]);
  const prev = useCallback(() => setIndex((i) => wrapIndex(i - 1, count)), [count]);
  const goTo = useCallback((i: number) => setIndex(wrapIndex(i, count)), [count]);
  const toggle = useCallback(() => {
    const play = !playing;
    setChoice(play);
    setReleased(play);
  }, [playing]);
  const hold = useCallback((reason: 'hover' | 'focus', on: boolean) => setHeld((h) => (h[reason] === on ? h : { ...h, [reason]: on })), []);
  // Pointer and focus both gone: the next hover or focus holds the slides again.
  useEffect(() => {
    if (!held.hover && !held.focus) setReleased(false);
  }, [held]);

  // One timeout per shown slide, so a manual move restarts the full 4000 ms.
  useEffect(() => {
    if (!rotating) return;
    const t = window.setTimeout(next, interval);
    return () => window.clearTimeout(t);
  }, [rotating, index, interval, next]);

  return { index, playing, rotating, next, prev, goTo, toggle, hold };
}
