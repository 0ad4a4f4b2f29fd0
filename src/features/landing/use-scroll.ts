// Scroll-driven state of the landing page: the bar's scrolled style and the scroll-spy.
import { useEffect, useState } from 'react';
import { activeSectionAt, isScrolled } from './scroll';

function onScrollFrame(cb: () => void): () => void {
  let frame = 0;
  const handler = () => {
    if (frame) return;
    frame = window.requestAnimationFrame(() => {
      frame = 0;
      cb();
    });
  };
  window.addEventListener('scroll', handler, { passive: true });
  window.addEventListener('resize', handler, { passive: true });
  return () => {
    window.removeEventListener('scroll', handler);
    window.removeEventListener('resize', handler);
    if (frame) window.cancelAnimationFrame(frame);
  };
}

export function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && isScrolled(window.scrollY));
  useEffect(() => {
    const update = () => setScrolled(isScrolled(window.scrollY));
    update();
    return onScrollFrame(update);
  }, []);
  return scrolled;
}

export function useScrollSpy(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  useEffect(() => {
    const update = () => {
      const sections = ids
        .map((id) => document.getElementById(id))
        .filter((el): el is HTMLElement => el !== null)
        .map((el) => ({ id: el.id, top: el.getBoundingClientRect().top }));
      const doc = document.documentElement;
      const atBottom = window.scrollY > 0 && Math.ceil(window.innerHeight + window.scrollY) >= doc.scrollHeight - 2;
      setActive(activeSectionAt(sections, window.innerHeight, atBottom));
    };
    update();
    return onScrollFrame(update);
  }, [ids]);
  return active;
}
