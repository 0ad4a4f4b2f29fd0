// "Add a tablet" (issue 31): on the venue laptop (HTTPS=local) the install page's address as a QR
// code, so staff scan it with a new tablet to trust the laptop's certificate and install the app
// (server/venue-tls). Nothing is shown when the server serves no install page, or offline.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VenueInstall } from '../../../contract/venue-install';
import { QrSvg } from '../../components/qr-svg';
import { apiFetch } from '../../lib/api';
import { useRemote } from '../../lib/use-remote';

export function VenueInstallCard() {
  const { t } = useTranslation();
  const remote = useRemote(() => apiFetch<VenueInstall>('/moi/venue/install'), []);
  const url = remote.data?.url;
  if (!url) return null;
  return (
    <Card withBorder padding="md" data-testid="venue-install">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <QrSvg text={url} label={t('admin.venueInstall.qrLabel')} width={200} />
        <Stack gap="xs" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Title order={3}>{t('admin.venueInstall.title')}</Title>
          <Text size="sm">{t('admin.venueInstall.body')}</Text>
          <Text size="lg" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="venue-install-url">{url}</Text>
        </Stack>
      </Group>
    </Card>
  );
}
