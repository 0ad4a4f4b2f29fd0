// Home carousel (spec §2, §9): 5 slides, 4000 ms, previous / next / pause-play / dots, wraps at both ends.
// Follows the WAI-ARIA carousel pattern: rotation stops while focus or the pointer is inside.
import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { IconChevronLeft, IconChevronRight, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCarousel } from './use-carousel';
import { SLIDES, SLIDE_SIZE, SLIDE_SIZES, slideSrc, slideSrcSet } from './slides';
import classes from './landing.module.css';

export function HeroCarousel() {
  const { t } = useTranslation();
  const c = useCarousel(SLIDES.length);
  const total = SLIDES.length;
  const touch = useRef<{ x: number; y: number } | null>(null);

  // A horizontal swipe of more than 40 px moves one slide (phones are the main audience).
  const onTouchStart = (e: TouchEvent<HTMLElement>) => {
    const p = e.touches[0];
    touch.current = p ? { x: p.clientX, y: p.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent<HTMLElement>) => {
    const start = touch.current;
    const p = e.changedTouches[0];
    touch.current = null;
    if (!start || !p) return;
    const dx = p.clientX - start.x;
    const dy = p.clientY - start.y;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) {
      if (dx < 0) c.next();
      else c.prev();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      c.next();
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      c.prev();
    }
  };

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label={t('landing.carousel.label')}
      onMouseEnter={() => c.hold('hover', true)}
      onMouseLeave={() => c.hold('hover', false)}
      onFocus={() => c.hold('focus', true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) c.hold('focus', false);
      }}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div id="landing-slides" className={classes.slides} aria-live={c.rotating ? 'off' : 'polite'} aria-atomic="false">
        {SLIDES.map((s, i) => (
          <div
            key={s.key}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('landing.carousel.slideOf', { n: i + 1, total })}
            hidden={i !== c.index}
            data-testid="slide"
          >
            <div className={classes.slideMedia}>
              <img
                src={slideSrc(s.image)}
                srcSet={slideSrcSet(s.image)}
                sizes={SLIDE_SIZES}
                width={SLIDE_SIZE.width}
                height={SLIDE_SIZE.height}
                alt={t(`landing.carousel.slides.${s.key}.alt`)}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding="async"
              />
            </div>
            <div className={classes.slideText}>
              <h2 className={classes.slideTitle}>{t(`landing.carousel.slides.${s.key}.title`)}</h2>
              <p className={classes.slideBody}>{t(`landing.carousel.slides.${s.key}.body`)}</p>
            </div>
          </div>
        ))}
      </div>
      <button type="button" className={`${classes.iconButton} ${classes.arrow} ${classes.arrowPrev}`} onClick={c.prev} aria-label={t('landing.carousel.previous')} aria-controls="landing-slides">
        <IconChevronLeft size={22} aria-hidden />
      </button>
      <button type="button" className={`${classes.iconButton} ${classes.arrow} ${classes.arrowNext}`} onClick={c.next} aria-label={t('landing.carousel.next')} aria-controls="landing-slides">
        <IconChevronRight size={22} aria-hidden />
      </button>
      <div className={classes.controls}>
        <button type="button" className={`${classes.iconButton} ${classes.playButton}`} onClick={c.toggle} aria-label={c.playing ? t('landing.carousel.pause') : t('landing.carousel.play')}>
          {c.playing ? <IconPlayerPauseFilled size={16} aria-hidden /> : <IconPlayerPlayFilled size={16} aria-hidden />}
        </button>
        <ul className={classes.dots}>
          {SLIDES.map((s, i) => (
            <li key={s.key}>
              <button
                type="button"
                className={classes.dot}
                aria-label={t('landing.carousel.goTo', { n: i + 1 })}
                aria-current={i === c.index ? 'true' : undefined}
                onClick={() => c.goTo(i)}
              />
            </li>
          ))}
        </ul>
        <span className={classes.slideCount} aria-hidden="true">
          {c.index + 1} / {total}
        </span>
      </div>
    </section>
  );
}
