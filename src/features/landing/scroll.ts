// Scroll arithmetic of the landing page, kept pure so the thresholds are tested exactly.
import { ACTIVE_SECTION_LINE_RATIO, ANCHOR_SCROLL_OFFSET_PX, NAV_SCROLLED_THRESHOLD_PX } from './landing-constants';

/** The bar takes its "scrolled" style once the page has moved more than 100 px. */
export function isScrolled(scrollY: number, threshold = NAV_SCROLLED_THRESHOLD_PX): boolean {
  return scrollY > threshold;
}

export type SectionTop = { id: string; top: number };

/**
 * The active section is the last one whose top edge (relative to the viewport) has crossed the
 * line drawn at 30% of the viewport height. Before the first crosses it, the first is active; at the
 * very bottom of the page the last section is active even if it is too short to reach the line.
 */
export function activeSectionAt(sections: readonly SectionTop[], viewportHeight: number, atBottom = false, ratio = ACTIVE_SECTION_LINE_RATIO): string | null {
  if (sections.length === 0) return null;
  if (atBottom) return sections[sections.length - 1].id;
  const line = viewportHeight * ratio;
  let active = sections[0].id;
  for (const s of sections) if (s.top <= line) active = s.id;
  return active;
}

/** Document position to scroll to so the section's top sits 80 px below the viewport's top. */
export function anchorScrollTop(sectionTopInViewport: number, scrollY: number, offset = ANCHOR_SCROLL_OFFSET_PX): number {
  return Math.max(0, Math.round(sectionTopInViewport + scrollY - offset));
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scroll to a landing section with the 80 px offset, record it in the address and move focus there.
 * `instant`: jump (arriving at /#section); otherwise smooth unless the user prefers reduced motion.
 */
export function scrollToSection(id: string, instant = false): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const top = anchorScrollTop(el.getBoundingClientRect().top, window.scrollY);
  window.scrollTo({ top, behavior: instant || prefersReducedMotion() ? 'auto' : 'smooth' });
  // Keep the router's history state; only the hash changes.
  if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, '', `#${id}`);
  el.focus({ preventScroll: true });
  return true;
}

/** How long an arrival at /#section keeps the section in place while fonts and images settle. */
export const ARRIVAL_HOLD_MS = 5000;

/**
 * Arriving with /#section: jump there at once (no smooth scroll on arrival), then keep the section
 * 80 px below the top while the page above it still changes height (web fonts swapping in, images
 * decoding), until the reader scrolls, touches or types, or ARRIVAL_HOLD_MS has passed. Without the
 * hold, a late font swap above the section leaves the reader somewhere else. Returns the cleanup.
 */
export function holdSectionOnArrival(id: string, holdMs = ARRIVAL_HOLD_MS): () => void {
  const el = document.getElementById(id);
  if (!el || !scrollToSection(id, true)) return () => {};
  const align = () => {
    const top = anchorScrollTop(el.getBoundingClientRect().top, window.scrollY);
    if (Math.abs(window.scrollY - top) > 1) window.scrollTo({ top, behavior: 'auto' });
  };

  let stopped = false;
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => !stopped && align()) : null;
  observer?.observe(document.body);
  const onLoad = () => !stopped && align();
  window.addEventListener('load', onLoad);
  void document.fonts?.ready.then(onLoad);
  const userEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer?.disconnect();
    window.removeEventListener('load', onLoad);
    for (const type of userEvents) window.removeEventListener(type, stop);
    window.clearTimeout(timer);
  };
  for (const type of userEvents) window.addEventListener(type, stop, { passive: true });
  const timer = window.setTimeout(stop, holdMs);
  return stop;
}
