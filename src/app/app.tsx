// Placeholder shell until the frame issue builds the router and providers.
import '@mantine/core/styles.css';
import { MantineProvider, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../lib/i18n';

function Home() {
  const { t } = useTranslation();
  return <Title order={1}>{t('common.appName')}</Title>;
}

export function App() {
  return (
    <MantineProvider>
      <Home />
    </MantineProvider>
  );
}
