// Test double of the sync endpoints for the device-side unit tests: the server's observable rules
// that matter to the outbox (idempotency by mutation id, per-mutation answers) in memory.
// The property test and the server tests use the real server; this one lets tests inject faults.
import type { PullResponse, PushBody, PushResult } from '../../contract/sync';
import { ApiRequestError } from '../lib/api';
import type { SyncTransport } from './sync/transport';

export class FakeServer {
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

  appliedCount(id: string) { return this.applied.get(id) ?? 0; }
  get totalApplied() { return [...this.applied.values()].reduce((a, b) => a + b, 0); }

  handlePush(body: PushBody): { results: PushResult[] } {
    const results = body.mutations.map((m): PushResult => {
      if (this.applied.has(m.id)) return { id: m.id, status: 'duplicate' };
      const code = this.rejectIf(m);
      if (code) return { id: m.id, status: 'rejected', code, message: `rejected: ${code}` };
      this.applied.set(m.id, (this.applied.get(m.id) ?? 0) + 1);
      return { id: m.id, status: 'applied' };
    });
    return { results };
  }

  transport(): SyncTransport {
    return {
      push: async (body) => {
        const n = this.calls.push(body.mutations.map((m) => m.id));
        await Promise.resolve();
        this.before(body, n);
        const res = this.handlePush(body);
        this.after(body, n);
        return res;
      },
      pull: async (since) => this.pullPages.shift() ?? { changes: [], cursor: since, hasMore: false },
      uploadProfileImage: async () => ({ profileImagePath: '/moi/user/profile-image/x.png' }),
    };
  }
}

export const networkError = () => new ApiRequestError(0, 'network', 'Failed to fetch');
export const serverError = () => new ApiRequestError(500, 'internal_error', 'Something went wrong on the server');
export const unauthenticated = () => new ApiRequestError(401, 'unauthenticated', 'Please sign in again');
