// The coalescer (issue 14): calls that arrive while the limit's statements run share the next one;
// each caller gets its own answer or its batch's error; one key (one device) never twice in a batch.
import { describe, expect, it } from 'vitest';
import { coalescer } from './coalesce';

type Call = { items: string[]; finish: (fail?: Error) => void };

function harness(limit: number, maxBatch = 10, slowMs?: number) {
  const calls: Call[] = [];
  const run = (items: string[]) => new Promise<string[]>((resolve, reject) => {
    calls.push({ items, finish: (fail) => (fail ? reject(fail) : resolve(items.map((x) => `done:${x}`))) });
  });
  const c = coalescer<string, string>({
    limit: () => limit,
    maxBatch,
    slowMs,
    key: (x) => x.split('#')[0],
    runOne: async (x) => (await run([x]))[0],
    runMany: (xs) => run(xs),
  });
  return { c, calls };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('coalescer', () => {
  it('runs each call alone while under the limit', async () => {
    const { c, calls } = harness(2);
    const a = c.run('a');
    const b = c.run('b');
    await tick();
    expect(calls.map((x) => x.items)).toEqual([['a'], ['b']]);
    calls.forEach((x) => x.finish());
    expect(await Promise.all([a, b])).toEqual(['done:a', 'done:b']);
    expect(c.stats).toEqual({ statements: 2, items: 2, batched: 0, slow: 0 });
  });

  it('calls that wait share the next free turn, each answered with its own result', async () => {
    const { c, calls } = harness(1);
    const first = c.run('a');
    const waiting = ['b', 'c', 'd'].map((x) => c.run(x));
    await tick();
    expect(calls.map((x) => x.items)).toEqual([['a']]);
    calls[0].finish();
    await tick();
    expect(calls.map((x) => x.items)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1].finish();
    expect(await first).toBe('done:a');
    expect(await Promise.all(waiting)).toEqual(['done:b', 'done:c', 'done:d']);
    expect(c.stats).toEqual({ statements: 2, items: 4, batched: 3, slow: 0 });
  });

  it('never puts one key twice in a statement, and takes at most maxBatch', async () => {
    const { c, calls } = harness(1, 3);
    const all = [c.run('x'), c.run('a#1'), c.run('a#2'), c.run('b'), c.run('c'), c.run('d')];
    await tick();
    calls[0].finish();
    await tick();
    expect(calls[1].items).toEqual(['a#1', 'b', 'c']);
    calls[1].finish();
    await tick();
    expect(calls[2].items).toEqual(['a#2', 'd']);
    calls[2].finish();
    expect(await Promise.all(all)).toEqual(['done:x', 'done:a#1', 'done:a#2', 'done:b', 'done:c', 'done:d']);
  });

  it("a failed statement fails only its own callers; the next turn runs", async () => {
    const { c, calls } = harness(1);
    const first = c.run('a');
    const batch = [c.run('b'), c.run('c')];
    await tick();
    calls[0].finish();
    await tick();
    const later = c.run('d');
    calls[1].finish(new Error('boom'));
    for (const p of batch) await expect(p).rejects.toThrow('boom');
    await tick();
    expect(calls[2].items).toEqual(['d']);
    calls[2].finish();
    expect(await first).toBe('done:a');
    expect(await later).toBe('done:d');
  });

  it('a statement that runs past slowMs stops holding its turn: the calls waiting behind it start', async () => {
    const { c, calls } = harness(1, 10, 40);
    const stuck = c.run('a');
    const waiting = [c.run('b'), c.run('c')];
    await tick();
    expect(calls.map((x) => x.items)).toEqual([['a']]);
    for (let i = 0; i < 100 && calls.length < 2; i++) await new Promise((r) => setTimeout(r, 2));
    expect(calls.map((x) => x.items)).toEqual([['a'], ['b', 'c']]);
    calls[1].finish();
    expect(await Promise.all(waiting)).toEqual(['done:b', 'done:c']);
    // The stuck one still answers when it ends, and is not counted off twice (below: d runs alone).
    calls[0].finish();
    expect(await stuck).toBe('done:a');
    expect(c.stats.slow).toBeGreaterThanOrEqual(1);
    const next = [c.run('d'), c.run('e')];
    await tick();
    expect(calls.slice(2).map((x) => x.items)).toEqual([['d']]);
    calls[2].finish();
    await tick();
    calls[3].finish();
    expect(await Promise.all(next)).toEqual(['done:d', 'done:e']);
  });
});
