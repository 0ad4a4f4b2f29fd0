// Transport adapter of the sync loop: the four HTTP calls it makes (push, pull, picture upload,
// health). Tests swap in the real server through app.inject or an in-memory fake (tests/support/fake-sync-server.ts).
import type { ChangeType, PullResponse, PushBody, PushResult } from '../../../contract/sync';
import { apiFetch } from '../../lib/api';

/** How long the loop waits for this answer (it adapts to a slow server, see request-timing.ts). */
export type RequestOptions = { timeoutMs?: number };

/** Where a pull resumes. Opaque to the device: it only stores what the server last answered. */
export type PullCursor = PullResponse['cursor'];

/** The cursor of a device that never pulled (or must pull everything again). */
export const START_CURSOR = 0 as PullCursor;

/** Whether a stored cursor means "from the beginning" (also an absent or empty one). */
export const isStartCursor = (c: unknown): boolean => c === undefined || c === null || c === '' || String(c) === '0';

/**
 * Whether a device whose stored pull cursor is `mine` has everything up to `theirs` (a cursor a live
 * event announced, or where an event's newest change sits): numbers compare (at or above it), any
 * other cursor only when it is the same value.
 */
export function alreadyAt(mine: unknown, theirs: unknown): boolean {
  if (typeof mine === 'number' && typeof theirs === 'number') return mine >= theirs;
  return mine !== undefined && JSON.stringify(mine) === JSON.stringify(theirs);
}

export type SyncTransport = {
  push(body: PushBody, opts?: RequestOptions): Promise<{ results: PushResult[]; lastSeq?: number }>;
  /** `types`: only those change types (a back-fill of a scope that grew, pull-scope.ts). */
  pull(since: PullCursor, limit: number, types?: ChangeType[], opts?: RequestOptions): Promise<PullResponse>;
  /** One event's gifts only (a repair, contract/agreement.ts); absent: this transport cannot repair. */
  pullEvent?(eventId: string, since: PullCursor, limit: number, opts?: RequestOptions): Promise<PullResponse>;
  uploadProfileImage(userId: string, file: Blob, mime: string): Promise<{ profileImagePath: string }>;
  /** A cheap request that tells a slow server from no server after a timeout (GET /moi/health). */
  health?(opts?: RequestOptions): Promise<unknown>;
};

const extOf = (mime: string) => (mime.split('/')[1] ?? 'png').replace('jpeg', 'jpg').replace(/[^a-z0-9]/g, '');

/** The query string of a pull (exported for tests). */
export function pullQuery(since: PullCursor, limit: number, types?: ChangeType[]): string {
  return `since=${encodeURIComponent(String(since))}&limit=${limit}${types?.length ? `&types=${types.join(',')}` : ''}`;
}

export const httpTransport: SyncTransport = {
  push: (body, opts) => apiFetch('/moi/sync/push', { method: 'POST', json: body, timeoutMs: opts?.timeoutMs ?? 60_000 }),
  pull: (since, limit, types, opts) => apiFetch(`/moi/sync/pull?${pullQuery(since, limit, types)}`, { timeoutMs: opts?.timeoutMs ?? 60_000 }),
  pullEvent: (eventId, since, limit, opts) =>
    apiFetch(`/moi/sync/pull?${pullQuery(since, limit, ['gift'])}&event=${encodeURIComponent(eventId)}`, { timeoutMs: opts?.timeoutMs ?? 60_000 }),
  health: (opts) => apiFetch('/moi/health', { timeoutMs: opts?.timeoutMs ?? 10_000 }),
  uploadProfileImage: (userId, file, mime) => {
    const fd = new FormData();
    fd.append('id', userId);
    fd.append('file', file, `profile.${extOf(mime)}`);
    return apiFetch('/moi/user/uploadProfileImage', { method: 'POST', body: fd, timeoutMs: 60_000 });
  },
};
