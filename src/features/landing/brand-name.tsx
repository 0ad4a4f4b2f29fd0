// "மொய் · Moi" in English, just "மொய்" in Tamil (the two names are the same word there).
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

export function BrandName() {
  const { t } = useTranslation();
  const ta = t('common.appNameTa');
  const local = t('common.appName');
  return (
    <>
      <span lang="ta">{ta}</span>
      {local !== ta && (
        // The Latin name steps aside on the narrowest phones, so the header's buttons stay on screen.
        <span className={classes.brandLatin}>
          <span aria-hidden="true">·</span>
          <span>{local}</span>
        </span>
      )}
    </>
  );
}
