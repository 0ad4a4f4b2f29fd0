// The public landing page "/" (spec §1, §2): top bar, home carousel, services, benefits, how it works,
// price list, testimonials, contact and footer. Kept light: no Dexie, no signed-in layout.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand, type Brand } from '../../lib/brand';
import { SECTION_IDS } from './landing-constants';
import { holdSectionOnArrival, scrollToSection } from './scroll';
import { usePageMeta } from './use-page-meta';
import { TopBar } from './top-bar';
import { HeroCarousel } from './carousel';
import { Services } from './services';
import { Benefits } from './benefits';
import { HowItWorks } from './how-it-works';
import { PriceList } from './price-list';
import { Testimonials } from './testimonials';
import { Contact, Footer } from './contact-footer';
import classes from './landing.module.css';

export function LandingPage({ brand: given }: { brand?: Brand }) {
  const fetched = useBrand();
  const brand = given ?? fetched;
  const { t, i18n } = useTranslation();
  usePageMeta(t('landing.meta.title'), '/');

  // Arriving with /#price-list: jump there with the 80 px offset once the sections exist, and keep it
  // there while fonts and images above it settle.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if ((SECTION_IDS as readonly string[]).includes(id)) return holdSectionOnArrival(id);
  }, []);

  const jump = (id: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    scrollToSection(id);
  };

  return (
    <div className={classes.page} data-lang={i18n.language}>
      <a href="#main" className={classes.skip}>
        {t('landing.skipToContent')}
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <section id="home" className={`${classes.section} ${classes.hero}`} tabIndex={-1} aria-labelledby="home-title">
          <div className={`${classes.container} ${classes.heroGrid}`}>
            <div>
              <span className={classes.kicker}>{t('landing.hero.kicker')}</span>
              <h1 id="home-title" className={classes.heroTitle}>{t('landing.hero.title')}</h1>
              <p className={classes.heroLead}>{t('landing.hero.lead')}</p>
              <div className={classes.heroActions}>
                <a href="#price-list" onClick={jump('price-list')} className={`${classes.btn} ${classes.heroPrimary}`}>
                  {t('landing.hero.primary')}
                </a>
                <a href="#how-it-works" onClick={jump('how-it-works')} className={`${classes.btn} ${classes.heroSecondary}`}>
                  {t('landing.hero.secondary')}
                </a>
              </div>
            </div>
            <HeroCarousel />
          </div>
        </section>
        <Services />
        <Benefits />
        <HowItWorks />
        <PriceList brand={brand} />
        <Testimonials />
        <Contact brand={brand} />
      </main>
      <Footer brand={brand} />
    </div>
  );
}

export default function LandingRoute() {
  return <LandingPage />;
}
