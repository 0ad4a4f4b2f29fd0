// Placeholder shell from the frame issue; the landing engineer replaces this file.
import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Container py="xl">
      <Title order={1}>{t('pages.privacy.title')}</Title>
      <Text mt="md">{t('pages.privacy.empty')}</Text>
    </Container>
  );
}
