// What the top bar and the sync panel say about the connection and the outbox, in the user's language.
import type { TFunction } from 'i18next';
import type { SyncState } from '../../data/sync/status';

/** Connecting / online / slow connection / offline, in the user's language. */
export function connectionText(s: Pick<SyncState, 'online' | 'slow'>, t: TFunction): string {
  if (s.online === null) return t('sync.status.unknown');
  if (!s.online) return t('sync.status.offline');
  return s.slow ? t('sync.status.slow') : t('sync.status.online');
}

/** "All synced" only when the outbox was counted and holds nothing waiting and nothing refused. */
export function syncedText(s: Pick<SyncState, 'pending' | 'rejected' | 'countsKnown'>, t: TFunction): string {
  const parts: string[] = [];
  if (s.pending > 0) parts.push(t('sync.status.pending', { count: s.pending }));
  if (s.rejected > 0) parts.push(t('sync.status.rejected', { count: s.rejected }));
  if (parts.length) return parts.join(', ');
  return s.countsKnown ? t('sync.status.allSynced') : t('sync.status.counting');
}
