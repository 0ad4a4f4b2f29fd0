// How it works: pre-booking, recording on the event day, the report afterwards (spec §1).
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const STEPS = ['s1', 's2', 's3'] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section id="how-it-works" className={classes.section} tabIndex={-1} aria-labelledby="how-title">
      <div className={classes.container}>
        <h2 id="how-title" className={classes.sectionTitle}>{t('landing.how.title')}</h2>
        <ol className={classes.steps} style={{ marginTop: 32 }}>
          {STEPS.map((key, i) => (
            <li key={key} className={`${classes.card} ${classes.step}`}>
              <div className={classes.stepNumber} aria-hidden="true">{i + 1}</div>
              <span className={classes.stepLabel}>{t('landing.how.step', { n: i + 1 })}</span>
              <h3 className={classes.cardTitle}>{t(`landing.how.${key}.title`)}</h3>
              <p className={classes.cardBody}>{t(`landing.how.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
