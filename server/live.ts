// The live stream's server half (contract/live.ts). Every commit that writes the change log sends
// one NOTIFY on channel moi_changes (trigger moi_change_notify, migration 0005) naming its
// transaction and the scope ids its rows touch. Each process LISTENs once (a dedicated connection;
// PGlite: in-process) and tells each open stream whose scope those ids meet "changes are waiting",
// with a pull cursor and nothing else. A notification is held back until its transaction is below
// the pull horizon (domain/sync-pull.ts), so the pull it prompts returns the change.
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { LIVE_EVENT, LIVE_PING_EVENT } from '../contract/live';
import { ChannelListener } from './channel-listener';
import type { Db, ListenFn } from './db/client';
import { noteHeard, type ScopeSets } from './domain/change-types';
import { horizon, horizonCursor, scopeIds, type ScopeIds } from './domain/sync-pull';
import type { Actor } from './session';
import { sessionStillValid } from './session';

export const LIVE_CHANNEL = 'moi_changes';
/** Commits announced by this process (deferred NOTIFYs, migration 0010) go out together this often. */
export const ANNOUNCE_MS = 25;
/**
 * A stream hears "changes" at most this often: the first change after a quiet spell goes out at
 * once, those within the gap after it go out together at its end (the largest cursor). A busy
 * event (a counter saving every second, several counters) otherwise sent a device an event per
 * commit batch, and each prompted a pull of a dozen statements: on a muhurtham morning the owners'
 * pulls cost the server and the database as much as the pushes they followed.
 */
export const LIVE_MIN_GAP_MS = 200;
/** A payload above this many bytes becomes {"all":true} (as moi_change_notify does). */
const MAX_PAYLOAD = 7000;

/** What a commit with a deferred NOTIFY wrote: its transaction and the events and counters of its gifts. */
export type CommitNote = { t: number; ge: Iterable<string>; gc: Iterable<string> };

/** One notification's payload (see moi_change_notify). */
export type Note = {
  t: number;
  all?: boolean;
  /** Scope-changing rows (counters, events, users, PINs, memberships): streams recompute their scope. */
  s?: boolean;
  ge?: string[]; gc?: string[]; pe?: string[]; pc?: string[]; ev?: string[]; uu?: string[]; ue?: string[]; mu?: string[];
  /** Hosts whose ledger lines changed (migration 0013). */
  lo?: string[];
};

type Sets = ScopeSets & { all: boolean };
const toSets = (s: ScopeIds): Sets => ({
  all: s.all,
  staff: s.role === 'counter_staff',
  me: s.userId,
  visible: new Set(s.visible),
  myCounters: new Set(s.myCounters),
  adminEvents: new Set(s.adminEvents),
  managedUsers: new Set(s.managedUsers),
  ledgerOwners: new Set(s.ledgerOwners),
});

/** Would a pull by this scope return a row of this notification? Per change type: domain/change-types.ts. */
export function noteMeetsScope(n: Note, s: Sets): boolean {
  return s.all || !!n.all || noteHeard(n, s);
}

type Stream = {
  actor: Actor;
  res: ServerResponse;
  scope: Sets | null;
  /** Work for this stream runs in order (a scope refresh before the match it serves). */
  chain: Promise<void>;
  lastCursor: number;
  /** When the last "changes" went out (performance.now()), and a cursor held back to the gap's end. */
  lastSentAt: number;
  heldCursor: number;
  heldTimer: NodeJS.Timeout | null;
};

export class LiveHub {
  private streams = new Set<Stream>();
  private pending: Note[] = [];
  private listener: ChannelListener;
  private checkTimer: NodeJS.Timeout | null = null;
  private checking = false;
  private closed = false;
  /** Announced commits not yet notified (one NOTIFY per ANNOUNCE_MS for all of them). */
  private outgoing: { t: number; ge: Set<string>; gc: Set<string> } | null = null;
  private announceTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private db: Db, listen: ListenFn | undefined) {
    this.listener = new ChannelListener(listen, LIVE_CHANNEL, { onPayload: (p) => this.onPayload(p), onGap: () => this.onGap(), ping: () => this.ping() });
  }

  get size(): number {
    return this.streams.size;
  }

  /** LISTEN once per process, at the first stream. */
  start(): Promise<void> {
    return this.listener.start();
  }

  /**
   * A transaction of this process committed with its NOTIFY deferred (moi.defer_notify): tell every
   * instance's streams, coalesced with the other commits of the next ANNOUNCE_MS into one NOTIFY
   * (whose transaction does not hold up any gift's commit). `t` is the largest transaction id among
   * them, so the listeners hold the note until all of them are below the pull horizon.
   */
  announce(n: CommitNote): void {
    if (this.closed) return;
    const o = (this.outgoing ??= { t: 0, ge: new Set(), gc: new Set() });
    o.t = Math.max(o.t, n.t);
    for (const e of n.ge) o.ge.add(e);
    for (const c of n.gc) o.gc.add(c);
    if (!this.announceTimer) {
      this.announceTimer = setTimeout(() => {
        this.announceTimer = null;
        this.flushing = this.flushing.then(() => this.flushAnnounced());
      }, ANNOUNCE_MS);
    }
  }

  /** Send what announce() gathered (tests and close() wait for it). */
  async flushAnnounced(): Promise<void> {
    const o = this.outgoing;
    this.outgoing = null;
    if (!o) return;
    let payload = JSON.stringify({ t: o.t, ge: [...o.ge], gc: [...o.gc] } satisfies Note);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ t: o.t, all: true } satisfies Note);
    try {
      await this.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
    } catch {
      // The database is away: this process's own streams still hear it; the others' poll catches up.
      this.onPayload(payload);
    }
  }

  private onPayload(payload: string): void {
    if (this.streams.size === 0) return;
    try {
      const n = JSON.parse(payload) as Note;
      if (typeof n.t !== 'number') return;
      this.pending.push(n);
    } catch {
      return;
    }
    this.scheduleCheck(0);
  }

  /** The listener reconnected: anything may have happened meanwhile; every stream re-checks. */
  private onGap(): void {
    this.pending.push({ t: 0, all: true, s: true });
    this.scheduleCheck(0);
  }

  private scheduleCheck(ms: number): void {
    if (this.checkTimer || this.closed) return;
    this.checkTimer = setTimeout(() => {
      this.checkTimer = null;
      void this.check();
    }, ms);
  }

  /** Release the notifications whose transactions are below the horizon; the rest wait (re-checked every 20 ms). */
  private async check(): Promise<void> {
    if (this.checking || this.closed || this.pending.length === 0) return;
    this.checking = true;
    try {
      const h = await horizon(this.db);
      const ready = this.pending.filter((n) => n.t < h);
      this.pending = this.pending.filter((n) => n.t >= h);
      if (ready.length) this.deliver(ready, horizonCursor(h));
    } catch {
      // The database is away for a moment: try again shortly.
    } finally {
      this.checking = false;
      if (this.pending.length) this.scheduleCheck(20);
    }
  }

  private deliver(notes: Note[], cursor: number): void {
    const rescope = notes.some((n) => n.s);
    for (const st of this.streams) {
      st.chain = st.chain.then(async () => {
        if (rescope || !st.scope) st.scope = toSets(await scopeIds(this.db, st.actor));
        if (notes.some((n) => noteMeetsScope(n, st.scope!))) this.send(st, cursor);
      }).catch(() => {});
    }
  }

  private send(st: Stream, cursor: number): void {
    if (cursor <= st.lastCursor || cursor <= st.heldCursor) return;
    const wait = st.lastSentAt + LIVE_MIN_GAP_MS - performance.now();
    if (wait > 0) {
      st.heldCursor = cursor;
      st.heldTimer ??= setTimeout(() => {
        st.heldTimer = null;
        const c = st.heldCursor;
        st.heldCursor = -1;
        if (this.streams.has(st)) this.write(st, c);
      }, wait);
      return;
    }
    this.write(st, cursor);
  }

  private write(st: Stream, cursor: number): void {
    if (cursor <= st.lastCursor) return;
    st.lastCursor = cursor;
    st.lastSentAt = performance.now();
    st.res.write(`event: ${LIVE_EVENT}\ndata: ${JSON.stringify({ cursor })}\n\n`);
  }

  /** A `: ping` to every stream; a stream whose session ended (sign-out, revoked, disabled) is closed. */
  private ping(): void {
    for (const st of this.streams) {
      st.res.write(`: ping\n\nevent: ${LIVE_PING_EVENT}\ndata: {}\n\n`);
      st.chain = st.chain.then(async () => {
        if (!(await sessionStillValid(this.db, st.actor))) st.res.end();
      }).catch(() => {});
    }
  }

  /** Serve one stream on an already-authorized response; resolves when it is open (the first event sent). */
  async open(actor: Actor, res: ServerResponse): Promise<void> {
    await this.start();
    if (this.closed) {
      res.end();
      return;
    }
    const st: Stream = { actor, res, scope: null, chain: Promise.resolve(), lastCursor: -1, lastSentAt: -Infinity, heldCursor: -1, heldTimer: null };
    this.streams.add(st);
    const drop = () => {
      this.streams.delete(st);
      if (st.heldTimer) clearTimeout(st.heldTimer);
    };
    res.on('close', drop);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx and similar proxies otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    // Listening is on before this horizon is read: a commit after it is notified, one before it is pulled.
    const h = await horizon(this.db);
    st.scope = toSets(await scopeIds(this.db, actor));
    this.send(st, horizonCursor(h));
  }

  /** End every stream (server close), stop listening. */
  async close(): Promise<void> {
    if (this.announceTimer) {
      clearTimeout(this.announceTimer);
      this.announceTimer = null;
      this.flushing = this.flushing.then(() => this.flushAnnounced());
    }
    await this.flushing.catch(() => {});
    this.closed = true;
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.listener.stopPinging();
    for (const st of this.streams) {
      if (st.heldTimer) clearTimeout(st.heldTimer);
      st.res.end();
    }
    this.streams.clear();
    await this.listener.close();
  }
}
