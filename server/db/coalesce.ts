// Natural batching for one hot statement (issue 14, the muhurtham morning): while `limit`
// statements of its kind are running, calls that arrive wait, and the next free turn takes all of
// them (up to `maxBatch`) as ONE statement. With one or two tablets nothing waits and each call
// runs alone, exactly as before; with forty, each round trip, plan lookup, commit and WAL flush is
// shared by many gifts. Nothing is held across instances: the queue lives only for the milliseconds
// a statement takes, and every caller still gets its own answer (or its own error).
// Items with the same key (one device) never share a statement: a retry racing its original stays
// a separate statement, so the two are decided one after the other as ever.
// A statement that runs past `slowMs` (waiting on a row lock, say) stops holding a turn, so one
// event's stuck write never holds up the others' (the connection pool is the only limit then).

type Waiting<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };

export type Coalescer<I, O> = {
  run(item: I): Promise<O>;
  /** Calls waiting for a turn. */
  waiting(): number;
  /** Start what the limit allows now (after the limit was raised). */
  poke(): void;
  /** Statements run and items carried (for tests and the load benchmark's diagnostics). */
  readonly stats: { statements: number; items: number; batched: number; slow: number };
};

export function coalescer<I, O>(opts: {
  /** How many statements of this kind may run at once (0 holds every call until poked with more: tests). */
  limit: () => number;
  maxBatch: number;
  /** After this long a running statement no longer counts against the limit. */
  slowMs?: number;
  key: (item: I) => string;
  runOne: (item: I) => Promise<O>;
  /** One answer per item, in the items' order. */
  runMany: (items: I[]) => Promise<O[]>;
}): Coalescer<I, O> {
  const queue: Array<Waiting<I, O>> = [];
  const stats = { statements: 0, items: 0, batched: 0, slow: 0 };
  let running = 0;

  const take = (): Array<Waiting<I, O>> => {
    const keys = new Set<string>();
    const out: Array<Waiting<I, O>> = [];
    for (let i = 0; i < queue.length && out.length < opts.maxBatch;) {
      const k = opts.key(queue[i].item);
      if (keys.has(k)) { i++; continue; }
      keys.add(k);
      out.push(queue.splice(i, 1)[0]);
    }
    return out;
  };

  const start = (batch: Array<Waiting<I, O>>): void => {
    running++;
    stats.statements++;
    stats.items += batch.length;
    if (batch.length > 1) stats.batched += batch.length;
    const done = batch.length === 1
      ? opts.runOne(batch[0].item).then((o) => [o])
      : opts.runMany(batch.map((w) => w.item));
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      running--;
    };
    const timer = opts.slowMs === undefined ? null : setTimeout(() => {
      if (!counted) return;
      stats.slow++;
      release();
      drain();
    }, opts.slowMs);
    timer?.unref();
    done.then(
      (outs) => batch.forEach((w, i) => w.resolve(outs[i])),
      (e: unknown) => batch.forEach((w) => w.reject(e)),
    ).finally(() => {
      if (timer) clearTimeout(timer);
      release();
      drain();
    });
  };

  const drain = (): void => {
    while (queue.length > 0 && running < opts.limit()) start(take());
  };

  return {
    stats,
    waiting: () => queue.length,
    poke: drain,
    run(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        drain();
      });
    },
  };
}
