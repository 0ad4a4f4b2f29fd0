// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeSectionAt, anchorScrollTop, holdSectionOnArrival, isScrolled, scrollToSection } from './scroll';
import { ANCHOR_SCROLL_OFFSET_PX, NAV_SCROLLED_THRESHOLD_PX } from './landing-constants';

describe('top bar scrolled threshold', () => {
  it('changes style only after more than 100 px of scroll', () => {
    expect(NAV_SCROLLED_THRESHOLD_PX).toBe(100);
    expect(isScrolled(0)).toBe(false);
    expect(isScrolled(100)).toBe(false);
    expect(isScrolled(101)).toBe(true);
    expect(isScrolled(4000)).toBe(true);
  });
});

describe('scroll-spy at 30% of the viewport height', () => {
  const sections = (tops: number[]) => ['home', 'services', 'benefits', 'how-it-works'].map((id, i) => ({ id, top: tops[i] }));

  it('picks the last section whose top has crossed the line', () => {
    // viewport 1000 px → line at 300 px
    expect(activeSectionAt(sections([0, 600, 1400, 2000]), 1000)).toBe('home');
    expect(activeSectionAt(sections([-500, 300, 1100, 1700]), 1000)).toBe('services');
    expect(activeSectionAt(sections([-500, 301, 1100, 1700]), 1000)).toBe('home');
    expect(activeSectionAt(sections([-2000, -1400, -600, 299]), 1000)).toBe('how-it-works');
  });

  it('scales the line with the viewport (844 px phone → 253.2 px)', () => {
    expect(activeSectionAt(sections([-900, 253, 900, 1500]), 844)).toBe('services');
    expect(activeSectionAt(sections([-900, 254, 900, 1500]), 844)).toBe('home');
  });

  it('marks the last section at the bottom of the page, and the first before any crosses', () => {
    expect(activeSectionAt(sections([-3000, -2000, -1000, 500]), 1000, true)).toBe('how-it-works');
    expect(activeSectionAt(sections([400, 900, 1400, 2000]), 1000)).toBe('home');
    expect(activeSectionAt([], 1000)).toBeNull();
  });
});

describe('anchor scrolling', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('leaves an 80 px offset above the section', () => {
    expect(ANCHOR_SCROLL_OFFSET_PX).toBe(80);
    expect(anchorScrollTop(500, 1000)).toBe(1420);
    expect(anchorScrollTop(30, 0)).toBe(0);
  });

  it('scrollToSection scrolls to the offset position, writes the hash and focuses the section', () => {
    document.body.innerHTML = '<section id="price-list" tabindex="-1">x</section>';
    const el = document.getElementById('price-list')!;
    vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ top: 640 } as DOMRect);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 200 });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    expect(scrollToSection('price-list')).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 760 }));
    expect(window.location.hash).toBe('#price-list');
    expect(document.activeElement).toBe(el);
    expect(scrollToSection('nowhere')).toBe(false);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('on arrival keeps the section 80 px below the top while the page above it changes height, until the reader scrolls', () => {
    vi.useFakeTimers();
    let observed: ResizeObserverCallback | null = null;
    vi.stubGlobal('ResizeObserver', class {
      constructor(cb: ResizeObserverCallback) { observed = cb; }
      observe() {}
      disconnect() { observed = null; }
    });
    document.body.innerHTML = '<section id="benefits" tabindex="-1">x</section>';
    const el = document.getElementById('benefits')!;
    let sectionTop = 1500; // document position of the section
    let scrollY = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    vi.spyOn(el, 'getBoundingClientRect').mockImplementation(() => ({ top: sectionTop - scrollY }) as DOMRect);
    vi.spyOn(window, 'scrollTo').mockImplementation(((o: ScrollToOptions) => { scrollY = o.top ?? scrollY; }) as typeof window.scrollTo);

    const stop = holdSectionOnArrival('benefits');
    expect(scrollY).toBe(1420);
    expect(document.activeElement).toBe(el);
    // A web font swaps in above the section: it moves 60 px down; the hold follows it.
    sectionTop = 1560;
    observed!([], {} as ResizeObserver);
    expect(scrollY).toBe(1480);
    // The reader scrolls: the hold lets go, a later shift no longer moves the page.
    const cb = observed!;
    window.dispatchEvent(new Event('wheel'));
    expect(observed).toBeNull();
    scrollY = 900;
    sectionTop = 1600;
    cb([], {} as ResizeObserver);
    window.dispatchEvent(new Event('load'));
    expect(scrollY).toBe(900);
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('lets go of the section on its own after the hold time', () => {
    vi.useFakeTimers();
    const disconnect = vi.fn();
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect = disconnect; });
    document.body.innerHTML = '<section id="contact" tabindex="-1">x</section>';
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    holdSectionOnArrival('contact', 5000);
    vi.advanceTimersByTime(4999);
    expect(disconnect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(disconnect).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
