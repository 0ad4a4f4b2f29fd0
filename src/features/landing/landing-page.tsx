// Placeholder landing shell from the frame issue; the landing engineer replaces this file.
import { Button, Center, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh">
      <Stack align="center">
        <Title order={1}>{t('common.appName')}</Title>
        <Button component={Link} to="/session/signin">{t('auth.submit')}</Button>
      </Stack>
    </Center>
  );
}
