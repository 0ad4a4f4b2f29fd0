// The slow-server adaptation alone: a clock the test moves, requests that answer when told.
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { MIN_PULL_LIMIT, MIN_PUSH_BATCH, RequestTiming, SLOW_ANSWER_MS } from './request-timing';

function timing(over: Partial<ConstructorParameters<typeof RequestTiming>[0]> = {}) {
  let now = 0;
  const t = new RequestTiming({ batchSize: 500, pullLimit: 5000, requestTimeoutMs: 30_000, maxRequestTimeoutMs: 300_000, now: () => now, ...over });
  /** One request answering after `ms`; returns the timeout it was given. */
  const answer = async (kind: 'push' | 'pull', ms: number) => t.timed(kind, async (o) => { now += ms; return o.timeoutMs; });
  const timeout = async (kind: 'push' | 'pull') => t.timed(kind, async () => { throw new ApiRequestError(0, 'timeout', 'No answer'); }).catch(() => {});
  return { t, answer, timeout };
}

describe('RequestTiming', () => {
  it('gives a request the current timeout and keeps it at least 4× the slowest answer', async () => {
    const { t, answer } = timing();
    expect(await answer('push', 100)).toBe(30_000);
    expect(t.timeoutMs).toBe(30_000);
    await answer('pull', 20_000);
    expect(t.timeoutMs).toBe(80_000);
    expect(await answer('push', 10)).toBe(80_000);
    // quick again: halfway back down per answer, never below the first timeout
    expect(t.timeoutMs).toBe(40_000);
    await answer('push', 10);
    expect(t.timeoutMs).toBe(30_000);
  });
  it('never waits longer than the maximum', async () => {
    const { t, answer } = timing({ maxRequestTimeoutMs: 60_000 });
    await answer('pull', 50_000);
    expect(t.timeoutMs).toBe(60_000);
  });
  it('calls a pass slow when one answer took SLOW_ANSWER_MS or more, and grows batches back only after a quick pass', async () => {
    const { t, answer, timeout } = timing();
    await answer('push', 10);
    await timeout('push');
    t.notePushSize(400);
    t.timedOutButServerAnswers();
    expect(t.pushBatch).toBe(200);
    t.beginPass();
    await answer('push', SLOW_ANSWER_MS);
    expect(t.passSucceeded()).toEqual({ slow: true });
    expect(t.pushBatch).toBe(200);
    t.beginPass();
    await answer('push', 10);
    expect(t.passSucceeded()).toEqual({ slow: false });
    expect(t.pushBatch).toBe(400);
    t.passSucceeded();
    expect(t.pushBatch).toBe(500);
  });
  it('after a timed-out push: doubles the timeout and halves what was really sent, not below the minimum', async () => {
    const { t, timeout } = timing();
    t.notePushSize(30);
    await timeout('push');
    t.timedOutButServerAnswers();
    expect(t.timeoutMs).toBe(60_000);
    expect(t.pushBatch).toBe(15);
    t.notePushSize(15);
    t.timedOutButServerAnswers();
    expect(t.pushBatch).toBe(MIN_PUSH_BATCH);
    expect(t.timeoutMs).toBe(120_000);
  });
  it('after a timed-out pull: halves the page, not below MIN_PULL_LIMIT, and leaves the push batch alone', async () => {
    const { t, timeout } = timing({ pullLimit: 300 });
    await timeout('pull');
    t.timedOutButServerAnswers();
    expect(t.pullLimit).toBe(150);
    t.timedOutButServerAnswers();
    expect(t.pullLimit).toBe(MIN_PULL_LIMIT);
    expect(t.pushBatch).toBe(500);
  });
});
