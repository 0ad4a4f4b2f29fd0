// "மொய் · Moi" in English, just "மொய்" in Tamil (the two names are the same word there).
import { useTranslation } from 'react-i18next';

export function BrandName() {
  const { t } = useTranslation();
  const ta = t('common.appNameTa');
  const local = t('common.appName');
  return (
    <>
      <span lang="ta">{ta}</span>
      {local !== ta && (
        <>
          <span aria-hidden="true">·</span>
          <span>{local}</span>
        </>
      )}
    </>
  );
}
