// Any unknown path: say so plainly and offer the way home (and to sign in, or back into the app).
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand';
import { signedInUser } from '../../lib/auth-store';
import { SIGN_IN_PATH } from './landing-constants';
import { SignInLink } from './sign-in-link';
import { usePageMeta } from './use-page-meta';
import { PlainHeader } from './plain-header';
import { Footer } from './contact-footer';
import { withNode } from './split-placeholder';
import classes from './landing.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { pathname } = useLocation();
  usePageMeta(`${t('landing.notFound.title')} · ${t('common.appName')}`, '/404');
  return (
    <div className={`${classes.page} ${classes.plainPage}`}>
      <PlainHeader />
      <main className={classes.notFound}>
        <p className={classes.notFoundCode} aria-hidden="true">404</p>
        <h1 className={classes.sectionTitle}>{t('landing.notFound.title')}</h1>
        <p>
          {withNode((mark) => t('landing.notFound.body', { path: mark }), <code className={classes.path}>{pathname}</code>)}
        </p>
        <div className={classes.contactActions} style={{ marginTop: 24 }}>
          <Link to="/" className={`${classes.btn} ${classes.actionButton}`}>
            {t('landing.notFound.home')}
          </Link>
          {/* "Open the app" for someone signed in on this device, as in the header. */}
          {signedInUser() ? (
            <SignInLink className={`${classes.btn} ${classes.actionButtonOutline}`} />
          ) : (
            <Link to={SIGN_IN_PATH} className={`${classes.btn} ${classes.actionButtonOutline}`}>
              {t('landing.notFound.signIn')}
            </Link>
          )}
        </div>
      </main>
      <Footer brand={brand} />
    </div>
  );
}
