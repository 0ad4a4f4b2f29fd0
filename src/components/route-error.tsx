// The router's error element: the fallback heading 'Unexpected Application Error!' with a reload button.
import { Alert, Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

export const UNEXPECTED_HEADING = 'Unexpected Application Error!';

export function isChunkLoadError(error: unknown): boolean {
  const msg = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Failed to fetch|Unable to preload|error loading dynamically/i.test(msg);
}

export function RouteError() {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const chunk = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack maw={560} gap="md">
        {/* The spec's exact fallback heading; the user's language follows underneath. */}
        <Title order={1} fz={24}>{UNEXPECTED_HEADING}</Title>
        {i18n.language !== 'en' && <Text fw={600}>{t('errors.unexpected')}</Text>}
        <Alert color="errorRed" variant="light">
          {chunk ? t('errors.chunkFailed') : t('errors.unexpectedBody')}
        </Alert>
        {detail && <Code block>{detail}</Code>}
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
