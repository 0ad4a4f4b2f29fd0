// /eventadmin/devices — the tablets and phones that have signed in: for the app admin every one, for
// an event admin those of the people of their events. Each shows its user, label, last contact and
// the changes the server refused from it (they wait on the device, unsynced). A lost tablet is
// revoked after a confirmation (its sessions end; the server refuses its sign-ins and pushes); a
// revoked one can be let back in. Needs the server; offline the page says so.
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '../../../contract/admin';
import { AdminTable, type Column } from '../../components/management/admin-table';
import { apiErrorText, RemoteStatus } from '../../components/management/api-error';
import { AdminPage } from '../../components/management/page';
import { listDevices, setDeviceRevoked } from '../../lib/admin-api';
import { formatDate } from '../../lib/format';
import { toApiError, useRemote } from '../../lib/use-remote';
import { VenueInstallCard } from './venue-install-card';

export default function DevicesPage() {
  const { t, i18n } = useTranslation();
  const devices = useRemote(listDevices, []);
  const [confirming, setConfirming] = useState<DeviceRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rows = devices.data ?? [];
  const name = (d: DeviceRow) => d.label || t('admin.devices.unnamed', { code: d.code });

  const change = async (d: DeviceRow, revoked: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      await setDeviceRevoked(d.deviceId, revoked);
      setConfirming(null);
      await devices.reload();
    } catch (e) {
      setFailure(apiErrorText(t, toApiError(e)));
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<DeviceRow>[] = [
    { key: 'device', header: t('admin.devices.device'), strong: true, cell: (d) => <>{name(d)} <Text span size="xs" c="dimmed">({d.code})</Text></> },
    { key: 'user', header: t('admin.devices.user'), cell: (d) => d.userName ?? '—' },
    { key: 'lastSeen', header: t('admin.devices.lastSeen'), cell: (d) => formatDate(d.lastSeenAt, 'dateTime', i18n.language) },
    { key: 'unsynced', header: t('admin.devices.unsynced'), align: 'right', cell: (d) => (d.rejected > 0 ? <Text span c="red" fw={700}>{d.rejected}</Text> : '0') },
    {
      key: 'state', header: t('admin.devices.state'),
      cell: (d) => (d.revoked ? <Badge color="red" variant="light">{t('admin.devices.revoked')}</Badge> : <Badge color="teal" variant="light">{t('admin.devices.active', { count: d.activeSessions })}</Badge>),
    },
    {
      key: 'action', header: t('admin.devices.action'),
      cell: (d) => d.revoked
        ? <Button size="xs" variant="default" onClick={() => void change(d, false)} disabled={busy}>{t('admin.devices.letBackIn')}</Button>
        : <Button size="xs" color="red" variant="outline" onClick={() => { setFailure(null); setConfirming(d); }}>{t('admin.devices.revoke')}</Button>,
    },
  ];

  return (
    <AdminPage title={t('pages.devices.title')} intro={t('admin.devices.intro')}>
      <VenueInstallCard />
      <RemoteStatus remote={devices} empty={rows.length === 0} emptyTitle={t('admin.devices.empty')} />
      {failure && !confirming ? <Text c="red" role="alert">{failure}</Text> : null}
      {rows.length > 0 ? <AdminTable rows={rows} columns={columns} rowKey={(d) => d.deviceId} testId="devices-table" minWidth={720} /> : null}
      <Modal opened={!!confirming} onClose={() => setConfirming(null)} title={t('admin.devices.confirmTitle')} centered>
        {confirming ? (
          <Stack>
            <Text>{t('admin.devices.confirmText', { device: name(confirming), user: confirming.userName ?? '—' })}</Text>
            {confirming.rejected > 0 ? <Text c="red">{t('admin.devices.confirmUnsynced', { count: confirming.rejected })}</Text> : null}
            {failure ? <Text c="red" role="alert">{failure}</Text> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>{t('common.cancel')}</Button>
              <Button color="red" loading={busy} onClick={() => void change(confirming, true)}>{t('admin.devices.confirmRevoke')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </AdminPage>
  );
}
