// The sync endpoints of the HTTP fake (fake-api.ts) for the device-side unit tests: the server's
// observable rules that matter to the outbox (idempotency by mutation id, per-mutation answers) in
// memory, with every push body, push answer and pull page checked against contract/sync.ts.
// The property test and the server tests use the real server; this one lets tests inject faults.
import { onTestFinished } from 'vitest';
import type { PullResponse, PushBody, PushResult } from '../../contract/sync';
import { ApiRequestError } from '../../src/lib/api';
import type { SyncTransport } from '../../src/data/sync/transport';
import { FakeApi } from './fake-api';

export class FakeSyncServer {
  /** mutation id → how many times it was applied (must never exceed 1). */
  applied = new Map<string, number>();
  /** every push call's mutation ids, in order. */
  calls: string[][] = [];
  /** return an error code to reject a mutation. */
  rejectIf: (m: PushBody['mutations'][number]) => string | null = () => null;
  /** run before a push is handled; throw to fail the request before the server commits. */
  before: (body: PushBody, call: number) => void = () => {};
  /** run after the server committed; throw to lose the response. */
  after: (body: PushBody, call: number) => void = () => {};
  pullPages: PullResponse[] = [];
  /** The HTTP fake the calls go through (its requests and contract violations). */
  readonly api = new FakeApi({
    'POST /moi/sync/push': ({ body }) => ({ status: 200, body: this.handlePush(body as PushBody) }),
    'GET /moi/sync/pull': ({ query }) => ({ status: 200, body: this.pullPages.shift() ?? { changes: [], cursor: Number(query.get('since') ?? 0), hasMore: false } }),
    'POST /moi/user/uploadProfileImage': { status: 200, body: { profileImagePath: '/moi/user/profile-image/x.png' } },
  });

  constructor() {
    // Constructed inside a test: that test fails if the device sent what the contract refuses.
    try {
      onTestFinished(() => {
        if (this.api.violations.length) throw new Error(`Sync calls outside contract/:\n${this.api.violations.join('\n')}`);
      });
    } catch { /* outside a test: the caller checks api.violations */ }
  }

  appliedCount(id: string) { return this.applied.get(id) ?? 0; }
  get totalApplied() { return [...this.applied.values()].reduce((a, b) => a + b, 0); }

  /** Per device, the highest seq answered (the real server's push_cursors). */
  lastSeq = new Map<string, number>();
  /** Stored rejections by mutation id (the real server's push_rejections). */
  rejections = new Map<string, PushResult>();

  /** The real server's rule: a seq at or below the device's last answered seq answers as before. */
  handlePush(body: PushBody): { results: PushResult[]; lastSeq: number } {
    let last = this.lastSeq.get(body.deviceId) ?? 0;
    const results = body.mutations.map((m): PushResult => {
      if (m.seq <= last) return this.rejections.get(m.id) ?? { id: m.id, status: 'duplicate' };
      last = m.seq;
      if (this.applied.has(m.id)) return { id: m.id, status: 'duplicate' };
      const code = this.rejectIf(m);
      if (code) {
        const r: PushResult = { id: m.id, status: 'rejected', code, message: `rejected: ${code}` };
        this.rejections.set(m.id, r);
        return r;
      }
      this.applied.set(m.id, (this.applied.get(m.id) ?? 0) + 1);
      return { id: m.id, status: 'applied' };
    });
    this.lastSeq.set(body.deviceId, last);
    return { results, lastSeq: last };
  }

  private async call<T>(method: string, url: string, body: unknown): Promise<T> {
    const a = await this.api.answer(method, url, body);
    if (a === 'network') throw networkError();
    if (a.status >= 400) {
      const err = a.body as { code: never; message: string };
      throw new ApiRequestError(a.status, err.code, err.message);
    }
    return a.body as T;
  }

  transport(): SyncTransport {
    return {
      push: async (body) => {
        const n = this.calls.push(body.mutations.map((m) => m.id));
        await Promise.resolve();
        this.before(body, n);
        const res = await this.call<{ results: PushResult[]; lastSeq: number }>('POST', '/moi/sync/push', body);
        this.after(body, n);
        return res;
      },
      pull: (since, limit, types) =>
        this.call<PullResponse>('GET', `/moi/sync/pull?since=${encodeURIComponent(String(since))}&limit=${limit}${types?.length ? `&types=${types.join(',')}` : ''}`, undefined),
      uploadProfileImage: (userId, file) => {
        const fd = new FormData();
        fd.append('id', userId);
        fd.append('file', file);
        return this.call<{ profileImagePath: string }>('POST', '/moi/user/uploadProfileImage', fd);
      },
    };
  }
}

export const networkError = () => new ApiRequestError(0, 'network', 'Failed to fetch');
export const serverError = () => new ApiRequestError(500, 'internal_error', 'Something went wrong on the server');
export const unauthenticated = () => new ApiRequestError(401, 'unauthenticated', 'Please sign in again');
