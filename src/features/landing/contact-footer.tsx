// Contact section and the page footer (phone, provider credit, current year, legal links).
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../lib/brand';
import { PRIVACY_PATH, TERMS_PATH } from './landing-constants';
import { SignInLink } from './sign-in-link';
import classes from './landing.module.css';

const PROVIDER_SETTINGS_PATH = '/admin/provider';

/** The role of the user signed in on this device (the app keeps it in localStorage), if any. */
function signedInRole(): string | null {
  try {
    return (JSON.parse(localStorage.getItem('user') ?? 'null') as { role?: string } | null)?.role ?? null;
  } catch {
    return null;
  }
}

/**
 * Help for someone signed in on this device (the app's Help opens this section) when the provider left
 * no phone: who to ask instead. Counter staff and hosts: their event admin (who runs their counters);
 * an event admin: the service's app admin, who made their account.
 */
function askKey(role: string | null): 'landing.contact.askEventAdmin' | 'landing.contact.askAppAdmin' | null {
  if (role === 'counter_staff' || role === 'event_owner') return 'landing.contact.askEventAdmin';
  if (role === 'event_admin') return 'landing.contact.askAppAdmin';
  return null;
}

export function Contact({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const direct = brand.phone !== null || brand.email !== null;
  const role = signedInRole();
  const ask = brand.phone ? null : askKey(role);
  return (
    <section id="contact" className={`${classes.section} ${classes.sectionAlt}`} tabIndex={-1} aria-labelledby="contact-title">
      <div className={`${classes.container} ${classes.contact}`}>
        <h2 id="contact-title" className={classes.sectionTitle}>{t('landing.contact.title')}</h2>
        <p className={classes.sectionLead} style={{ marginBottom: 20 }}>{t('landing.contact.lead')}</p>
        <div className={classes.contactActions}>
          {brand.phone && brand.phoneHref && (
            <a href={brand.phoneHref} className={`${classes.btn} ${classes.btnLg} ${classes.withIcon} ${classes.actionButton}`} aria-label={t('landing.contact.call', { phone: brand.phone })}>
              <IconPhone size={20} aria-hidden />
              <span dir="ltr">{brand.phone}</span>
            </a>
          )}
          {brand.email && (
            <a href={`mailto:${brand.email}`} className={`${classes.btn} ${classes.btnLg} ${classes.withIcon} ${classes.actionButtonOutline}`}>
              <IconMail size={20} aria-hidden />
              <span>{brand.email}</span>
            </a>
          )}
          {!direct && (
            <SignInLink className={`${classes.btn} ${classes.actionButtonOutline}`} />
          )}
        </div>
        {ask && (
          <p className={`${classes.contactNote} ${classes.contactAsk}`} role="note" data-testid="contact-ask">
            {t(ask)}
          </p>
        )}
        {!direct && !ask && <p className={classes.contactNote}>{t('landing.contact.noDirect')}</p>}
        {!brand.phone && role === 'app_admin' && (
          <p className={classes.contactNote} role="note" data-testid="admin-no-phone">
            {t('landing.contact.adminNoPhone')} <Link to={PROVIDER_SETTINGS_PATH}>{t('landing.contact.adminSetPhone')}</Link>
          </p>
        )}
        <p className={classes.contactNote}>{t('landing.contact.support')}</p>
      </div>
    </section>
  );
}

export function Footer({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const holder = brand.providerName ?? t('common.appName');
  return (
    <footer className={classes.footer}>
      <div className={`${classes.container} ${classes.footerInner}`}>
        <div className={classes.footerMeta}>
          <span>{t('landing.footer.copyright', { year, name: holder })}</span>
          <span>{brand.providerName ? t('landing.footer.credit', { name: brand.providerName }) : t('landing.footer.product')}</span>
          {brand.phone && brand.phoneHref && (
            <span>
              {t('landing.contact.phone')}: <a href={brand.phoneHref} dir="ltr">{brand.phone}</a>
            </span>
          )}
        </div>
        <nav aria-label={t('landing.footer.legalNav')}>
          <ul className={classes.footerLinks}>
            <li>
              <Link to={PRIVACY_PATH}>{t('landing.footer.privacy')}</Link>
            </li>
            <li>
              <Link to={TERMS_PATH}>{t('landing.footer.terms')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
