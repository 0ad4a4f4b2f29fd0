// An in-memory Web Locks manager for the sync adapters' tests, with the rules the loop relies on:
// one holder per name, waiters served in order, an aborted waiter leaves the queue.
import type { Locks } from './leader';

export function fakeLocks(): Locks & { holders: number } {
  type Waiter = { cb: () => Promise<void>; resolve: (v: unknown) => void; reject: (e: unknown) => void };
  const queue: Waiter[] = [];
  let held = false;
  const api = {
    holders: 0,
    request(_name: string, opts: { signal: AbortSignal }, cb: () => Promise<void>) {
      return new Promise((resolve, reject) => {
        const w: Waiter = { cb, resolve, reject };
        queue.push(w);
        opts.signal.addEventListener('abort', () => {
          const i = queue.indexOf(w);
          if (i >= 0) { queue.splice(i, 1); reject(new Error('AbortError')); }
        });
        next();
      });
    },
  };
  function next() {
    if (held) return;
    const w = queue.shift();
    if (!w) return;
    held = true;
    api.holders++;
    void w.cb().then(() => { held = false; api.holders--; w.resolve(undefined); next(); });
  }
  return api;
}
