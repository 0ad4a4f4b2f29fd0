// The React side of the status store: the top bar's and sync panel's view of the loop and the outbox.
import { startTransition, useEffect, useMemo, useState } from 'react';
import { onOutboxWrite, outboxCounts, type OutboxCounts } from '../outbox';
import { lazyLiveQuery } from '../lazy-live';
import { getSyncEngine } from './app';
import { sameCounts, shownCounts, type CoreState, type SyncState } from './status';

/**
 * Writes announced (notifyOutboxWrite, right after each commit) that no finished count has seen
 * yet. The status adds them to the last count at once, so the render that shows "saved" already
 * shows one more waiting: the lazy re-count below only corrects the figure a moment later.
 */
let outboxWrites = 0;
onOutboxWrite(() => { outboxWrites++; });

/**
 * Status for the top bar and sync panel: connectivity, counts and last successful sync. Updates
 * arrive as transitions and the counts are re-read lazily (lazy-live.ts): a save and the sync
 * steps after it must not put a status re-render or an outbox count ahead of the next save.
 * A committed write bumps the waiting count synchronously (an urgent update, batched by React
 * with the form's own "saved"), so "All synced" never shows while anything waits.
 */
export function useSyncState(): SyncState {
  const engine = getSyncEngine();
  const [core, setCore] = useState<CoreState>(engine.getCore);
  useEffect(() => {
    setCore(engine.getCore());
    return engine.subscribe(() => startTransition(() => setCore(engine.getCore())));
  }, [engine]);
  const [read, setRead] = useState<{ counts: OutboxCounts; writesAtStart: number } | null>(null);
  const [writes, setWrites] = useState(outboxWrites);
  useEffect(() => {
    const d = engine.db;
    // The module's counter above subscribed first (import time), so it already counts this write.
    const offWrite = onOutboxWrite(() => setWrites(outboxWrites));
    setWrites(outboxWrites);
    const offLive = lazyLiveQuery(d, ['outbox'], async () => {
      const writesAtStart = outboxWrites;
      return { counts: await d.transaction('r', d.outbox, () => outboxCounts(d)), writesAtStart };
    }, (r) => {
      startTransition(() => setRead((prev) => (prev && prev.writesAtStart === r.writesAtStart && sameCounts(prev.counts, r.counts) ? prev : r)));
    });
    return () => { offWrite(); offLive(); };
  }, [engine]);
  const shown = shownCounts(read, Math.max(writes, read?.writesAtStart ?? 0));
  return useMemo(() => ({ ...core, pending: shown.pending, rejected: shown.rejected, countsKnown: shown.known }), [core, shown.pending, shown.rejected, shown.known]);
}
