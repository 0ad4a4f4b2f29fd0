// Price list: the two plans of spec §9, with their features, each with its pay / subscribe action.
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../lib/brand';
import { PaymentButton } from './payment-button';
import classes from './landing.module.css';

const PLANS = [
  { key: 'smart', features: ['f1', 'f2', 'f3', 'f4', 'f5'], button: 'smart', featured: false },
  { key: 'partner', features: ['f1', 'f2', 'f3'], button: 'partner', featured: true },
] as const;

export function PriceList({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  return (
    <section id="price-list" className={`${classes.section} ${classes.sectionAlt}`} tabIndex={-1} aria-labelledby="price-title">
      <div className={classes.container}>
        <h2 id="price-title" className={classes.sectionTitle}>{t('landing.pricing.title')}</h2>
        <p className={classes.sectionLead}>{t('landing.pricing.lead')}</p>
        <div className={classes.plans}>
          {PLANS.map((p) => {
            const name = t(`landing.pricing.${p.key}.name`);
            return (
              <article key={p.key} className={`${classes.card} ${classes.plan} ${p.featured ? classes.planFeatured : ''}`} aria-labelledby={`plan-${p.key}`} data-testid={`plan-${p.key}`}>
                <div className={classes.planHead}>
                  <h3 id={`plan-${p.key}`} className={classes.planName}>{name}</h3>
                  <span className={`${classes.badge} ${p.featured ? classes.badgeGold : classes.badgeMaroon}`}>{t(`landing.pricing.${p.key}.badge`)}</span>
                </div>
                <p className={classes.price}>
                  <span className={classes.priceAmount}>{t(`landing.pricing.${p.key}.price`)}</span>
                  <span className={classes.pricePeriod}>{t(`landing.pricing.${p.key}.period`)}</span>
                </p>
                {p.key === 'partner' && <p className={classes.audience}>{t('landing.pricing.partner.audience')}</p>}
                <ul className={classes.features} aria-label={t('landing.pricing.features', { plan: name })}>
                  {p.features.map((f) => (
                    <li key={f}>
                      <IconCheck size={18} aria-hidden />
                      <span>{t(`landing.pricing.${p.key}.${f}` as 'landing.pricing.smart.f1')}</span>
                    </li>
                  ))}
                </ul>
                <PaymentButton buttonId={brand.paymentButtons[p.button]} planName={name} planKey={p.key} brand={brand} />
                {/* Issue 29: signed in, a family pays Smart Track on its event's plan page and a hall Partner Track on its page (sign-in first when signed out). */}
                <a href={p.key === 'smart' ? '/event/plan' : '/partners'} className={classes.planSignIn} data-testid={`plan-${p.key}-signin`}>{t('landing.pricing.signInToPay')}</a>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
