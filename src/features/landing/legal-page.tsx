// Shared body of the privacy policy and the terms of service: sections come from the catalogue in order.
import { Link } from 'react-router-dom';
import { legal as enLegal } from '../../locales/en/legal';
import { legal as taLegal } from '../../locales/ta/legal';
import { useTranslation } from 'react-i18next';
import { useBrand, type Brand } from '../../lib/brand';
import { PRIVACY_PATH, TERMS_PATH } from './landing-constants';
import { usePageMeta } from './use-page-meta';
import { PlainHeader } from './plain-header';
import { Footer } from './contact-footer';
import { withNode } from './split-placeholder';
import classes from './landing.module.css';

/** The date the texts in locales/{en,ta}/legal.ts were last changed. */
export const LEGAL_UPDATED = '2026-11-22';

type Doc = { title: string; intro: string; sections: Record<string, { title: string } & Record<string, string>> };

const fill = (text: string, name: string, value: string) => text.split(`{{${name}}}`).join(value);

export function LegalPage({ kind, brand: given }: { kind: 'privacy' | 'terms'; brand?: Brand }) {
  const fetched = useBrand();
  const brand = given ?? fetched;
  const { t, i18n } = useTranslation();
  const texts = i18n.language === 'ta' ? taLegal : enLegal;
  const doc = texts[kind] as Doc;
  usePageMeta(`${doc.title} · ${t('common.appName')}`, kind === 'privacy' ? PRIVACY_PATH : TERMS_PATH);
  const date = new Intl.DateTimeFormat(i18n.language === 'ta' ? 'ta-IN' : 'en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${LEGAL_UPDATED}T00:00:00Z`));
  const other = kind === 'privacy' ? { to: TERMS_PATH, label: t('landing.footer.terms') } : { to: PRIVACY_PATH, label: t('landing.footer.privacy') };
  return (
    <div className={`${classes.page} ${classes.plainPage}`}>
      <PlainHeader />
      <main className={classes.doc}>
        <article>
          <h1>{doc.title}</h1>
          <p className={classes.updated}>{fill(texts.updated, 'date', date)}</p>
          <p>{doc.intro}</p>
          {Object.entries(doc.sections).map(([key, section]) => (
            <section key={key} aria-labelledby={`legal-${key}`}>
              <h2 id={`legal-${key}`}>{section.title}</h2>
              {Object.entries(section)
                .filter(([k]) => k !== 'title')
                .map(([k, text]) => (
                  <p key={k}>{text}</p>
                ))}
            </section>
          ))}
          <p style={{ marginTop: 28 }}>
            {brand.phone && brand.phoneHref ? (
              withNode(
                (mark) => fill(texts.contactLine, 'phone', mark),
                <a href={brand.phoneHref} dir="ltr">
                  {brand.phone}
                </a>,
              )
            ) : (
              texts.contactLineNoPhone
            )}
          </p>
          <p>
            {texts.otherPage}: <Link to={other.to}>{other.label}</Link> · <Link to="/">{texts.backHome}</Link>
          </p>
        </article>
      </main>
      <Footer brand={brand} />
    </div>
  );
}
