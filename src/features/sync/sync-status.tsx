// Top-bar sync status (spec §4 status dot: primary colour online, error red offline), the count of
// entries waiting, and the last successful sync; opens the sync panel.
import { Badge, Drawer, Group, Text, UnstyledButton } from '@mantine/core';
import { memo, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '../../components/status-dot';
import { ui } from '../../lib/themes';
import { useSyncState } from '../../data/sync/use-sync-state';
import { connectionText, syncedText } from './connection-text';
import { formatTime } from './describe';
import { SyncPanel } from './sync-panel';

/** Dispatched by the sign-out flow when unsynced work blocks it. */
const OPEN_SYNC_PANEL_EVENT = 'moi:open-sync-panel';

// The drawer (and the panel inside it) re-renders only when it opens or closes, not on each count.
const SyncDrawer = memo(function SyncDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('sync.panel.title')} size="md" padding="md">
      <SyncPanel />
    </Drawer>
  );
});

export default function SyncStatus() {
  const { t, i18n } = useTranslation();
  const s = useSyncState();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_SYNC_PANEL_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_SYNC_PANEL_EVENT, onOpen);
  }, []);

  const online = s.online === true;
  const statusText = connectionText(s, t);
  const pendingText = syncedText(s, t);
  const last = s.lastSyncAt ? t('sync.status.lastSync', { time: formatTime(s.lastSyncAt, i18n.language) }) : t('sync.status.never');
  const alarm = s.rejected > 0 || s.needsSignIn || s.error === 'quota_exceeded';
  // The words shown beside the dot (from the sm breakpoint) are part of the button's name, as WCAG 2.5.3
  // asks: "Syncing…" showed while the name still said the last sync time (axe label-content-name-mismatch).
  const shown = online && s.slow ? statusText : s.sending ? t('sync.status.sending') : last;
  // Offline is said in words at every width (a tablet showed only the red ring), not only by the dot.
  const offlineWord = s.online === false ? t('sync.status.offlineShort') : null;
  const name = [t('sync.status.open'), offlineWord, statusText, pendingText, last, shown].filter((part, i, all): part is string => !!part && all.indexOf(part) === i).join('. ');

  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={name}
        data-testid="sync-status"
        data-online={online ? 'true' : 'false'}
        data-slow={online && s.slow ? 'true' : 'false'}
        data-pending={s.pending}
        data-rejected={s.rejected}
        style={{ borderRadius: 16, padding: '4px 8px' }}
      >
        <Group gap={6} wrap="nowrap">
          <StatusDot online={online} label={statusText} />
          {/* From phone-landscape widths up (tablets); a phone's narrower bar has no room for the Tamil
              word: OfflineLine says it above the page there. */}
          {offlineWord && (
            <Text size="xs" fw={700} visibleFrom="xs" data-testid="sync-offline" style={{ whiteSpace: 'nowrap' }}>
              {offlineWord}
            </Text>
          )}
          {s.pending > 0 && (
            <Badge size="sm" variant="filled" color={alarm ? 'red' : 'secondary'} data-testid="sync-pending" aria-hidden>
              {s.pending}
            </Badge>
          )}
          {s.pending === 0 && alarm && <Badge size="sm" color="red" aria-hidden>!</Badge>}
          <Text size="xs" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
            {shown}
          </Text>
        </Group>
      </UnstyledButton>
      <SyncDrawer opened={open} onClose={close} />
    </>
  );
}

/**
 * On a phone (below the xs breakpoint), where the top bar has room for the ring only: a slim line
 * above the page says, in words, that the device is offline and that entries are kept on it.
 */
export function OfflineLine() {
  const { t } = useTranslation();
  const s = useSyncState();
  if (s.online !== false) return null;
  return (
    <Group hiddenFrom="xs" gap={8} wrap="nowrap" mb="sm" role="status" data-testid="offline-line"
      style={{ border: `1px solid ${ui.errorRed}`, borderRadius: 8, padding: '4px 10px' }}>
      <span aria-hidden style={{ display: 'flex' }}><StatusDot online={false} size={10} /></span>
      <Text size="sm" lh={1.35}><b>{t('sync.status.offlineShort')}</b> · {t('sync.status.offlineKept')}</Text>
    </Group>
  );
}
