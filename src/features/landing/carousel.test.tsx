import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel } from './carousel';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_SLIDE_COUNT } from './landing-constants';
import { renderPage, setVisibility, stubReducedMotion } from './test-utils';

const originalMatchMedia = window.matchMedia;

function current(): number {
  const dots = screen.getAllByRole('button', { name: /go to slide/i });
  return dots.findIndex((d) => d.getAttribute('aria-current') === 'true') + 1;
}
function visibleSlideLabel(): string | null {
  return screen.getAllByTestId('slide').find((s) => !s.hidden)?.getAttribute('aria-label') ?? null;
}
// Step one interval at a time so React commits (and re-arms the timer) between slides, as a browser would.
function advance(ms: number) {
  let left = ms;
  while (left > 0) {
    const step = Math.min(left, CAROUSEL_INTERVAL_MS / 4);
    act(() => vi.advanceTimersByTime(step));
    left -= step;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
  setVisibility('visible');
});
afterEach(() => {
  vi.useRealTimers();
  window.matchMedia = originalMatchMedia;
  setVisibility('visible');
});

describe('home carousel', () => {
  it('has 5 slides and shows only the current one', async () => {
    await renderPage(<HeroCarousel />);
    expect(screen.getAllByTestId('slide')).toHaveLength(CAROUSEL_SLIDE_COUNT);
    expect(screen.getAllByTestId('slide').filter((s) => !s.hidden)).toHaveLength(1);
    expect(visibleSlideLabel()).toBe('Slide 1 of 5');
    expect(screen.getByRole('img', { name: /wedding stage/i })).toHaveAttribute('width', '800');
  });

  it('advances every 4000 ms and wraps from the last slide to the first', async () => {
    await renderPage(<HeroCarousel />);
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(current()).toBe(1);
    advance(1);
    expect(current()).toBe(2);
    expect(visibleSlideLabel()).toBe('Slide 2 of 5');
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(current()).toBe(5);
    advance(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe(1);
  });

  it('previous wraps from the first slide to the last; next and dots move directly', async () => {
    await renderPage(<HeroCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 4' }));
    expect(current()).toBe(4);
    // A manual move restarts the full interval.
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(current()).toBe(4);
    advance(1);
    expect(current()).toBe(5);
  });

  it('pause stops the rotation and play resumes it', async () => {
    await renderPage(<HeroCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(CAROUSEL_INTERVAL_MS * 5);
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe(2);
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });

  it('does not auto-advance when the user prefers reduced motion, but can still be played by choice', async () => {
    stubReducedMotion(true);
    await renderPage(<HeroCarousel />);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    advance(CAROUSEL_INTERVAL_MS * 5);
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe(3);
  });

  it('holds while the tab is hidden and resumes when it is visible again', async () => {
    await renderPage(<HeroCarousel />);
    act(() => setVisibility('hidden'));
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(current()).toBe(1);
    act(() => setVisibility('visible'));
    advance(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe(2);
  });

  it('holds while keyboard focus is inside and answers the arrow keys', async () => {
    await renderPage(<HeroCarousel />);
    const region = screen.getByRole('region', { name: 'Highlights' });
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(current()).toBe(1);
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(current()).toBe(2);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(current()).toBe(5);
    act(() => next.blur());
    advance(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe(1);
  });

  it('Play resumes at once although focus and the pointer are on the Play button; pause toggles it back', async () => {
    await renderPage(<HeroCarousel />);
    const region = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(region);
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    act(() => pause.focus());
    fireEvent.click(pause);
    advance(CAROUSEL_INTERVAL_MS * 2);
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe(2);
    advance(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(CAROUSEL_INTERVAL_MS * 2);
    expect(current()).toBe(3);
    // Once focus and the pointer have left, coming back holds the slides again.
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    fireEvent.mouseLeave(region);
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    advance(CAROUSEL_INTERVAL_MS * 2);
    expect(current()).toBe(3);
  });

  it('a horizontal swipe moves one slide; a vertical one (scrolling the page) does not', async () => {
    await renderPage(<HeroCarousel />);
    const region = screen.getByRole('region', { name: 'Highlights' });
    const swipe = (x0: number, y0: number, x1: number, y1: number) => {
      fireEvent.touchStart(region, { touches: [{ clientX: x0, clientY: y0 }] });
      fireEvent.touchEnd(region, { changedTouches: [{ clientX: x1, clientY: y1 }] });
    };
    swipe(300, 200, 150, 210);
    expect(current()).toBe(2);
    swipe(100, 200, 260, 190);
    expect(current()).toBe(1);
    swipe(100, 200, 260, 190);
    expect(current()).toBe(5);
    swipe(200, 100, 170, 400);
    expect(current()).toBe(5);
    swipe(200, 200, 180, 200);
    expect(current()).toBe(5);
  });

  it('announces slide changes politely only when not rotating', async () => {
    await renderPage(<HeroCarousel />);
    const live = document.getElementById('landing-slides')!;
    expect(live).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(live).toHaveAttribute('aria-live', 'polite');
  });
});
