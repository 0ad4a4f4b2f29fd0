// Tamil / English switch; the choice is kept per device (lib/i18n setLanguage).
import { SegmentedControl } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../lib/i18n';

export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'ta' ? 'ta' : 'en';
  return (
    <SegmentedControl
      size={size}
      aria-label={t('layout.language')}
      value={lang}
      onChange={(v) => {
        // The other language's texts may need fetching (precached by the service worker once installed).
        setLanguage(v as Language).catch(() => notifications.show({ color: 'red', message: t('errors.languageFailed') }));
      }}
      data={[
        { value: 'ta', label: <span lang="ta">{t('layout.tamil')}</span> },
        { value: 'en', label: <span lang="en">{t('layout.english')}</span> },
      ]}
    />
  );
}
