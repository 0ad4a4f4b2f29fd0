// Placeholder shell from the frame issue; the landing engineer replaces this file.
import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <Container py="xl">
      <Title order={1}>{t('pages.terms.title')}</Title>
      <Text mt="md">{t('pages.terms.empty')}</Text>
    </Container>
  );
}
