// Slim header for the public text pages (privacy, terms, not found): brand home link, language, Sign In.
import { Link } from 'react-router-dom';
import { SignInLink } from './sign-in-link';
import { LanguageToggle } from './language-toggle';
import { BrandName } from './brand-name';
import classes from './landing.module.css';

export function PlainHeader() {
  return (
    <header className={classes.plainHeader}>
      <div className={`${classes.container} ${classes.headerInner}`}>
        <Link to="/" className={classes.brand}>
          <img src="/assets/images/logo-circle.svg" alt="" width={36} height={36} />
          <BrandName />
        </Link>
        <LanguageToggle />
        <SignInLink className={`${classes.btn} ${classes.btnSm} ${classes.signIn}`} />
      </div>
    </header>
  );
}
