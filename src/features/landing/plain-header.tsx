// Slim header for the public text pages (privacy, terms, not found): brand home link, language, Sign In.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_PATH } from './landing-constants';
import { LanguageToggle } from './language-toggle';
import { BrandName } from './brand-name';
import classes from './landing.module.css';

export function PlainHeader() {
  const { t } = useTranslation();
  return (
    <header className={classes.plainHeader}>
      <div className={`${classes.container} ${classes.headerInner}`}>
        <Link to="/" className={classes.brand}>
          <img src="/assets/images/logo-circle.svg" alt="" width={36} height={36} />
          <BrandName />
        </Link>
        <LanguageToggle />
        <Link to={SIGN_IN_PATH} className={`${classes.btn} ${classes.btnSm} ${classes.signIn}`}>
          {t('landing.nav.signIn')}
        </Link>
      </div>
    </header>
  );
}
