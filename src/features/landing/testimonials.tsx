// Testimonials: three, visibly marked as samples (spec §1 calls them sample marketing content).
import { IconQuote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const ITEMS = ['t1', 't2', 't3'] as const;

export function Testimonials() {
  const { t } = useTranslation();
  return (
    <section id="testimonials" className={classes.section} tabIndex={-1} aria-labelledby="testimonials-title">
      <div className={classes.container}>
        <h2 id="testimonials-title" className={classes.sectionTitle}>{t('landing.testimonials.title')}</h2>
        <p className={classes.sampleNote}>{t('landing.testimonials.sampleNote')}</p>
        <div className={classes.grid}>
          {ITEMS.map((key) => (
            <figure key={key} className={`${classes.card} ${classes.quote}`}>
              <IconQuote size={28} color="#c98a00" aria-hidden />
              <blockquote>{t(`landing.testimonials.${key}.quote`)}</blockquote>
              <figcaption>
                <span>
                  <span className={classes.quoteName}>{t(`landing.testimonials.${key}.name`)}</span>, {t(`landing.testimonials.${key}.city`)}
                </span>
                <span className={`${classes.badge} ${classes.badgeOutline}`}>{t('landing.testimonials.sample')}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
