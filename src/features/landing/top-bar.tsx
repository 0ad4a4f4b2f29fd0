// Landing top bar: section links with scroll-spy, language, Sign In; a right-hand drawer on narrow screens.
import { useState, type MouseEvent } from 'react';
import { IconMenu2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SECTION_IDS, type SectionId } from './landing-constants';
import { scrollToSection } from './scroll';
import { useScrolled, useScrollSpy } from './use-scroll';
import { SignInLink } from './sign-in-link';
import { LanguageToggle } from './language-toggle';
import { RightDrawer } from './drawer';
import { BrandName } from './brand-name';
import classes from './landing.module.css';

const LABEL_KEYS = {
  home: 'landing.nav.home',
  services: 'landing.nav.services',
  benefits: 'landing.nav.benefits',
  'how-it-works': 'landing.nav.howItWorks',
  'price-list': 'landing.nav.priceList',
  testimonials: 'landing.nav.testimonials',
  contact: 'landing.nav.contact',
} as const satisfies Record<SectionId, string>;

export function TopBar() {
  const { t } = useTranslation();
  const scrolled = useScrolled();
  const active = useScrollSpy(SECTION_IDS);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const go = (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setDrawerOpen(false);
    // After the drawer has released focus and scroll lock.
    window.setTimeout(() => scrollToSection(id), 0);
  };

  const links = (itemClass: string) =>
    SECTION_IDS.map((id) => (
      <li key={id}>
        <a href={`#${id}`} className={itemClass} aria-current={active === id ? 'true' : undefined} onClick={go(id)}>
          {t(LABEL_KEYS[id])}
        </a>
      </li>
    ));

  return (
    <header className={classes.header} data-scrolled={scrolled ? 'true' : 'false'}>
      <div className={`${classes.container} ${classes.headerInner}`}>
        <a href="#home" className={classes.brand} onClick={go('home')} aria-label={t('landing.nav.brandHome')}>
          <img src="/assets/images/logo-circle.svg" alt="" width={36} height={36} />
          <BrandName />
        </a>
        <nav aria-label={t('landing.nav.label')} className={classes.desktopOnly}>
          <ul className={classes.navList}>{links(classes.navLink)}</ul>
        </nav>
        <LanguageToggle className={classes.desktopOnly} />
        <SignInLink className={`${classes.btn} ${classes.btnSm} ${classes.signIn}`} />
        <button
          type="button"
          className={`${classes.mobileOnly} ${classes.iconButton} ${classes.burger}`}
          onClick={() => setDrawerOpen(true)}
          aria-label={t('landing.nav.openMenu')}
          aria-expanded={drawerOpen}
          aria-haspopup="dialog"
        >
          <IconMenu2 size={24} aria-hidden />
        </button>
      </div>
      <RightDrawer id="landing-drawer" opened={drawerOpen} onClose={() => setDrawerOpen(false)} title={t('landing.nav.menuTitle')} closeLabel={t('landing.nav.closeMenu')}>
        <nav aria-label={t('landing.nav.label')}>
          <ul className={classes.drawerList}>{links(classes.drawerLink)}</ul>
        </nav>
        <div className={classes.drawerActions}>
          <LanguageToggle />
          <SignInLink className={`${classes.btn} ${classes.btnBlock} ${classes.actionButton}`} onClick={() => setDrawerOpen(false)} />
        </div>
      </RightDrawer>
    </header>
  );
}
