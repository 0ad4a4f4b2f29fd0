// Placeholder shell from the frame issue; the landing engineer replaces this file.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh">
      <Stack align="center">
        <Title order={1}>{t('errors.notFoundTitle')}</Title>
        <Text>{t('errors.notFoundBody')}</Text>
        <Button component={Link} to="/">{t('errors.goHome')}</Button>
      </Stack>
    </Center>
  );
}
