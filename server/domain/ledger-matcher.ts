// The ledger matcher off the request path (issue 30). A host's gifts join the people of their ledger
// once, when they are new (a push, an import, a counter opening), never while someone reads the
// ledger: `schedule(owner)` queues the host; one host at a time, the matcher
//  1. reads what it needs in pages (each a short statement: embedded PGlite runs a statement on the
//     thread that answers requests, so nothing here may hold it long),
//  2. places the new gifts and works out the offers in a worker thread (ledger-match-compute.ts),
//  3. writes people and links in transactions of a thousand gifts, the offers in one, yielding
//     between them so a counter's push or /moi/health is answered in between.
// Its results are stored (ledger_links, ledger_people, ledger_offers); reading the ledger is a
// query (ledger-read.ts). A split or a changed alias group marks the host's offers stale
// (ledger_match_state), and the next run works them out again.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { MatchGift, MatchInput, MatchLinked, MatchOutput, MatchPerson, NewPerson, OffersInput } from './ledger-match-compute';

const PAGE = 4000;
const WRITE_CHUNK = 1000;
/** New gifts placed per pass (an import brings at most 20,000; more simply take another pass). */
const MAX_PER_PASS = 20_000;

const yieldNow = () => new Promise<void>((r) => setImmediate(r));
/** A host's lease lasts this long from its last renewal (every step of a run renews it; an instance that stopped loses it then). */
const LEASE_MS = 120_000;
/** An instance that finds the lease held asks again after this long. */
const LEASE_RETRY_MS = 1_000;

/** Rows of `query` (selecting columns of one row shape), fetched as one JSON value: PGlite pays per row, not per byte. */
export async function jsonRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = await db.execute(sql`select coalesce(json_agg(x), '[]')::text as json from (${query}) x`);
  const [row] = (res as unknown as { rows: Array<{ json: string }> }).rows;
  return JSON.parse(row.json) as T[];
}

/** The matcher's thread: started on first use, unref'd (it never keeps the process alive). */
class MatchThread {
  private worker: Worker | null = null;
  private seq = 0;
  private waiting = new Map<number, { resolve: (o: never) => void; reject: (e: Error) => void }>();
  /** Closed for good: no new thread is started (a run under way then fails at its next question). */
  private closed = false;

  run(input: MatchInput): Promise<MatchOutput> {
    return this.ask({ input });
  }

  offers(offers: OffersInput): Promise<Array<[string, string]>> {
    return this.ask({ offers });
  }

  private ask<T>(msg: object): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the ledger matcher was stopped'));
    const w = this.worker ?? this.start();
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (o: never) => void, reject });
      w.postMessage({ id, ...msg });
    });
  }

  private start(): Worker {
    // The server runs TypeScript through tsx; the thread's bootstrap registers it (a worker does not
    // inherit the --import loader hooks, nor vitest's).
    // A path, not `new URL('./…', import.meta.url)`: Vite rewrites that pattern as an asset URL in the
    // browser-side test project, where the server also runs in-process.
    const w = new Worker(path.join(path.dirname(fileURLToPath(import.meta.url)), 'ledger-match-worker.mjs'), { execArgv: [] });
    w.unref();
    w.on('message', (m: { id: number; output?: unknown; error?: string }) => {
      const p = this.waiting.get(m.id);
      if (!p) return;
      this.waiting.delete(m.id);
      if (m.output) p.resolve(m.output as never);
      else p.reject(new Error(m.error ?? 'matcher failed'));
    });
    const fail = (e: Error) => {
      if (this.worker === w) this.worker = null;
      for (const p of this.waiting.values()) p.reject(e);
      this.waiting.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`matcher thread exited (${code})`)));
    this.worker = w;
    return w;
  }

  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

async function ownerAliases(db: Db, owner: string): Promise<string[][]> {
  const rows = await jsonRows<{ names: string[] }>(db, sql`select names from ledger_village_aliases where owner_id = ${owner}`);
  return rows.map((r) => r.names);
}

/** All pages of a keyset-paged query (`page(after)` returns rows with key `k`, ascending). */
async function paged<T extends { k: string }>(page: (after: string) => SQL, db: Db, max = Infinity): Promise<T[]> {
  const out: T[] = [];
  let after = '';
  for (;;) {
    const rows = await jsonRows<T>(db, page(after));
    out.push(...rows);
    if (rows.length < PAGE || out.length >= max) return out;
    after = rows[rows.length - 1].k;
    await yieldNow();
  }
}

const peoplePage = (owner: string) => (after: string) => sql`
  select id as k, id, name, initial, village, mobile, kin_name as "kinName", title from ledger_people
  where owner_id = ${owner} and merged_into is null and id > ${after} order by id limit ${PAGE}`;
const linkedPage = (owner: string) => (after: string) => sql`
  select l.gift_id as k, l.person_id as p, g.event_id as e, g.name, g.initial, g.village, g.mobile, g.kin_name as "kinName", g.title
  from ledger_links l join gifts g on g.id = l.gift_id
  where l.owner_id = ${owner} and g.deleted_at is null and l.gift_id > ${after} order by l.gift_id limit ${PAGE}`;
const ownedEvents = (owner: string) => sql`(select event_id from event_members where user_id = ${owner} and role = 'owner')`;
const unlinkedWhere = (owner: string) => sql`g.event_id in ${ownedEvents(owner)} and g.deleted_at is null
  and not exists (select 1 from ledger_links l where l.owner_id = ${owner} and l.gift_id = g.id)`;
const unlinkedPage = (owner: string) => (after: string) => sql`
  select g.id as k, g.id, g.event_id as e, g.name, g.initial, g.village, g.mobile, g.kin_name as "kinName", g.title
  from gifts g where ${unlinkedWhere(owner)} and g.id > ${after} order by g.id limit ${PAGE}`;

/**
 * Has the host gifts no person holds yet, or offers to work out again? Asked on every ledger read,
 * so it counts instead of probing each gift's link (30,000 gifts: a second on a busy machine): the
 * live gifts of the host's events against the gifts their people's stored totals count (R11,
 * invariants.ts: ledger_totals.received_count is exactly the person's linked live gifts of the
 * host's events, each gift linked once per host). Fewer counted than there are: some are unlinked.
 */
export async function needsMatching(db: Db, owner: string): Promise<boolean> {
  const res = await db.execute(sql`select
    (select count(*) from gifts g where g.event_id in ${ownedEvents(owner)} and g.deleted_at is null)
      > (select coalesce(sum(received_count), 0) from ledger_totals where owner_id = ${owner}) as unlinked,
    coalesce((select stale from ledger_match_state where owner_id = ${owner}), false) as stale`);
  const [r] = (res as unknown as { rows: Array<{ unlinked: boolean; stale: boolean }> }).rows;
  return r.unlinked || r.stale;
}

/** The host's offers need working out again (in the writing transaction of a split or an alias change). */
export async function markOffersStale(db: Db, owner: string): Promise<void> {
  await db.execute(sql`insert into ledger_match_state (owner_id, stale) values (${owner}, true)
    on conflict (owner_id) do update set stale = true`);
}

export type MatchRun = { placed: number; people: number; offers: number | null };
type Waiter = { resolve: () => void; reject: (e: Error) => void; links: boolean };

/** The matcher of one server process. */
export class LedgerMatcher {
  private thread = new MatchThread();
  private queue: string[] = [];
  private queued = new Set<string>();
  private again = new Set<string>();
  private running: string | null = null;
  private waiters = new Map<string, Waiter[]>();
  private closed = false;
  /** This instance, as the holder of a host's lease (ledger_match_state.lease_holder). */
  private readonly id = randomUUID();
  /** Hosts whose lease another instance holds: asked again after LEASE_RETRY_MS. */
  private retries = new Map<string, NodeJS.Timeout>();
  /** Progress of the run under way: gifts placed so far. */
  onProgress: ((owner: string, done: number, total: number) => void) | null = null;

  constructor(private db: Db, private log: (e: unknown) => void = () => {}) {}

  /** Is the host's ledger being matched (queued or running)? */
  busy(owner: string): boolean {
    return this.running === owner || this.queued.has(owner);
  }

  /** Match the host's new gifts soon; returns at once. */
  schedule(owner: string): void {
    if (this.closed) return;
    if (this.running === owner) { this.again.add(owner); return; }
    if (this.queued.has(owner)) return;
    this.queued.add(owner);
    this.queue.push(owner);
    if (!this.running) void this.pump();
  }

  /**
   * Schedule and wait until the host's ledger holds every gift there is now, and its offers (imports,
   * tests). `links`: only until every gift has its person (the offers follow in the same run).
   */
  settle(owner: string, opts: { links?: boolean } = {}): Promise<void> {
    return new Promise((resolve, reject) => {
      const list = this.waiters.get(owner) ?? [];
      list.push({ resolve, reject, links: !!opts.links });
      this.waiters.set(owner, list);
      if (this.running === owner) this.again.add(owner);
      else this.schedule(owner);
    });
  }

  private async pump(): Promise<void> {
    while (this.queue.length && !this.closed) {
      const owner = this.queue.shift()!;
      this.queued.delete(owner);
      this.running = owner;
      let error: Error | null = null;
      let held = false;
      try {
        held = await takeLease(this.db, owner, this.id);
        if (!held) {
          // Another instance is matching this host: ask again shortly (its waiters keep waiting).
          this.running = null;
          this.retryLater(owner);
          continue;
        }
        do {
          this.again.delete(owner);
          await this.runOnce(owner, () => {
            // Every gift has its person: those waiting only for that may go (unless another pass follows).
            if (this.again.has(owner)) return;
            const ws = this.waiters.get(owner) ?? [];
            this.waiters.set(owner, ws.filter((w) => !w.links));
            for (const w of ws) if (w.links) w.resolve();
          });
        } while (this.again.has(owner) && !this.closed);
      } catch (e) {
        error = e instanceof Error ? e : new Error(String(e));
        if (this.closed) {
          // Stopped part way (the server closing): what is stored stays; the offers are worked out
          // again in full at the next run, since the people made in this one are not known then.
          await this.db.execute(sql`update ledger_match_state set stale = true where owner_id = ${owner}`).catch(() => undefined);
        } else {
          this.log(e);
        }
      }
      if (held) await giveLease(this.db, owner, this.id).catch(() => undefined);
      this.running = null;
      const ws = this.waiters.get(owner) ?? [];
      this.waiters.delete(owner);
      for (const w of ws) {
        if (error) w.reject(error);
        else w.resolve();
      }
      await yieldNow();
    }
  }

  /** One pass for a host: place every new gift, then the offers when anything changed (or they were stale). */
  async runOnce(owner: string, linked?: () => void): Promise<MatchRun> {
    const db = this.db;
    if (!(await needsMatching(db, owner))) return { placed: 0, people: 0, offers: null };
    // Read, then cleared in the same statement, before the people are read: a split during this pass
    // marks it again, for the next pass. (It was cleared before being read, so a split or an alias
    // change never had its offers worked out again.)
    const [state] = (await db.execute(sql`update ledger_match_state s set stale = false from (
        select owner_id, stale, matched_at is null as never from ledger_match_state where owner_id = ${owner} for update) old
      where s.owner_id = old.owner_id returning old.stale, old.never`) as unknown as { rows: Array<{ stale: boolean; never: boolean }> }).rows;
    // All offers again when they were marked stale or never worked out; else those of the new people.
    const all = !state || state.stale || state.never;
    let placed = 0;
    const made: string[] = [];
    let aliases: string[][] = [];
    for (let pass = 0; pass < 50; pass++) {
      await this.keepLease(owner);
      aliases = await ownerAliases(db, owner);
      const people = await paged<MatchPerson & { k: string }>(peoplePage(owner), db);
      const linked = await paged<MatchLinked & { k: string }>(linkedPage(owner), db);
      const unlinked = await paged<MatchGift & { k: string }>(unlinkedPage(owner), db, MAX_PER_PASS);
      if (!unlinked.length) break;
      const out = await this.thread.run({ aliases, people, linked, unlinked: unlinked.slice(0, MAX_PER_PASS), offers: 'none' });
      for (let i = 0; i < out.links.length; i += WRITE_CHUNK) {
        const chunk = out.links.slice(i, i + WRITE_CHUNK);
        const fresh: NewPerson[] = chunk.filter((l) => l.person).map((l) => l.person!);
        await writeLinks(db, owner, fresh, chunk.map((l) => ({ g: l.g, p: l.p })));
        placed += chunk.length;
        made.push(...fresh.map((p) => p.id));
        this.onProgress?.(owner, placed, out.links.length);
        await yieldNow();
        await this.keepLease(owner);
      }
      if (unlinked.length < MAX_PER_PASS) break;
    }
    linked?.();
    await this.keepLease(owner);
    let offers: number | null = null;
    if (all || made.length) {
      const people = await paged<MatchPerson & { k: string }>(peoplePage(owner), db);
      const found = await this.thread.offers({ aliases, people, fresh: all ? null : made });
      await this.keepLease(owner);
      await writeOffers(db, owner, found, !all);
      offers = found.length;
    }
    await db.execute(sql`update ledger_match_state set matched_at = now() where owner_id = ${owner}`);
    return { placed, people: made.length, offers };
  }

  /** Between two steps of a run: stop when the server is closing; keep the host's lease (or stop, another instance took it). */
  private async keepLease(owner: string): Promise<void> {
    if (this.closed) throw new Error('the ledger matcher was stopped');
    if (!(await takeLease(this.db, owner, this.id))) throw new Error(`the ledger matcher's lease for ${owner} was taken by another instance`);
  }

  private retryLater(owner: string): void {
    if (this.closed || this.retries.has(owner)) return;
    const timer = setTimeout(() => {
      this.retries.delete(owner);
      this.schedule(owner);
    }, LEASE_RETRY_MS);
    timer.unref();
    this.retries.set(owner, timer);
  }

  /**
   * Stop at once (the server closing, SIGTERM): the thread is ended, which fails a computation under
   * way, and a run stops at its next step between two short transactions. Nothing is half written;
   * the next start carries on from what is stored.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.queue = [];
    this.queued.clear();
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
    await this.thread.close();
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Take (or renew) the host's lease for this instance: free, expired or already ours. One statement,
 * so two instances asking at once get it once (the row's lock orders them).
 */
async function takeLease(db: Db, owner: string, me: string): Promise<boolean> {
  const res = await db.execute(sql`insert into ledger_match_state (owner_id, stale, lease_holder, lease_until)
    values (${owner}, false, ${me}, now() + make_interval(secs => ${LEASE_MS / 1000}))
    on conflict (owner_id) do update set lease_holder = excluded.lease_holder, lease_until = excluded.lease_until
    where ledger_match_state.lease_until is null or ledger_match_state.lease_until < now() or ledger_match_state.lease_holder = excluded.lease_holder
    returning owner_id`);
  return (res as unknown as { rows: unknown[] }).rows.length === 1;
}

async function giveLease(db: Db, owner: string, me: string): Promise<void> {
  await db.execute(sql`update ledger_match_state set lease_holder = null, lease_until = null where owner_id = ${owner} and lease_holder = ${me}`);
}

async function writeLinks(db: Db, owner: string, people: NewPerson[], links: Array<{ g: string; p: string }>): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (people.length) {
      await tx.execute(sql`insert into ledger_people (id, owner_id, name, initial, village, mobile, kin_name, title)
        select x.id, ${owner}, x.name, x.initial, x.village, x.mobile, x."kinName", x.title
        from json_to_recordset(${JSON.stringify(people)}::json) as x(id text, name text, initial text, village text, mobile text, "kinName" text, title text)
        on conflict do nothing`);
    }
    // A gift linked meanwhile (the counter's Alt+L) keeps its link.
    await tx.execute(sql`insert into ledger_links (owner_id, gift_id, person_id, how)
      select ${owner}, x.g, x.p, 'auto' from json_to_recordset(${JSON.stringify(links)}::json) as x(g text, p text)
      join gifts g on g.id = x.g
      on conflict do nothing`);
  });
}

/** Store the offers: in place of the host's (all), or beside them (`add`: those of new people). */
async function writeOffers(db: Db, owner: string, offers: Array<[string, string]>, add: boolean): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!add) await tx.execute(sql`delete from ledger_offers where owner_id = ${owner}`);
    for (let i = 0; i < offers.length; i += 5000) {
      await tx.execute(sql`insert into ledger_offers (owner_id, a, b)
        select ${owner}, x->>0, x->>1 from json_array_elements(${JSON.stringify(offers.slice(i, i + 5000))}::json) as x
        on conflict do nothing`);
    }
  });
}

const matchers = new WeakMap<Db, LedgerMatcher>();
/** The matcher of the process for this database. */
export function matcherFor(db: Db, log?: (e: unknown) => void): LedgerMatcher {
  let m = matchers.get(db);
  if (!m) {
    m = new LedgerMatcher(db, log);
    matchers.set(db, m);
  }
  return m;
}

/** Stop the matcher of this database (the app closing). */
export async function closeMatcher(db: Db): Promise<void> {
  const m = matchers.get(db);
  if (!m) return;
  matchers.delete(db);
  await m.close();
}
