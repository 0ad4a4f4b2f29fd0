// The counter's side of the hint: what to look in (the event's owners and hint switch, read live
// from the device database, and a version that moves when the pulled lines change), and a lookup
// that runs in the hint worker. Only the newest typed query is ever in flight: a keystroke that
// arrives while a lookup runs replaces the waiting one, so answers never queue up behind typing.
import { useLiveQuery } from 'dexie-react-hooks';
import type { LedgerHintPerson } from '../../../contract/ledger';
import type { GiverFields } from '../../../ledger/match';
import { db as appDb, type MoiDb } from '../db';
import { metaGet } from '../outbox';
import { HintEngine } from './engine';
import { LEDGER_HINTS_VERSION, type HintReply, type HintRequest, type HintSource } from './protocol';


/** The hint's source for an event, live; undefined while loading, null without an event. */
export function useHintSource(eventId: string | null | undefined): HintSource | null | undefined {
  return useLiveQuery(async () => {
    if (!eventId) return null;
    const ev = await appDb.events.get(eventId);
    const version = (await metaGet<number>(appDb, LEDGER_HINTS_VERSION)) ?? 0;
    return { eventId, ownerIds: ev?.ownerIds ?? [], enabled: !!ev && ev.ledgerHint !== false, version };
  }, [eventId]);
}

export type HintAnswer = { q: GiverFields; person: LedgerHintPerson | null };

export type HintLookup = {
  load(src: HintSource): void;
  /** Ask for the match of `q`; `onAnswer` gets it (only the newest query is answered). */
  lookup(q: GiverFields): void;
  dispose(): void;
};

type Channel = { send(m: HintRequest): void; close(): void };

/** The worker, or (no Worker here: tests, very old browsers) the same engine on this thread. */
function openChannel(onReply: (m: HintReply) => void, db: MoiDb): Channel {
  if (typeof Worker !== 'undefined') {
    try {
      const w = new Worker(new URL('./hint.worker.ts', import.meta.url), { type: 'module', name: 'moi-ledger-hint' });
      w.onmessage = (e: MessageEvent<HintReply>) => onReply(e.data);
      return { send: (m) => w.postMessage(m), close: () => w.terminate() };
    } catch {
      // fall through to the in-thread engine
    }
  }
  const engine = new HintEngine(db);
  let closed = false;
  return {
    send: (m) => {
      if (m.type === 'load') void engine.load(m.source).then((people) => { if (!closed) onReply({ type: 'loaded', people }); });
      // A task of its own, as a worker's answer would be: typing renders first.
      else setTimeout(() => { if (!closed) onReply({ type: 'found', seq: m.seq, person: engine.lookup(m.q) }); }, 0);
    },
    close: () => { closed = true; },
  };
}

export function createHintLookup(onAnswer: (a: HintAnswer) => void, db: MoiDb = appDb): HintLookup {
  let seq = 0;
  let inFlight: { seq: number; q: GiverFields } | null = null;
  let waiting: GiverFields | null = null;
  let last: GiverFields | null = null;
  const send = (q: GiverFields) => {
    inFlight = { seq: ++seq, q };
    ch.send({ type: 'lookup', seq: inFlight.seq, q });
  };
  const ch = openChannel((m) => {
    if (m.type === 'loaded') {
      // The index changed: what is typed now is looked up again.
      if (last && !inFlight) send(last);
      else if (last) waiting = last;
      return;
    }
    if (!inFlight || m.seq !== inFlight.seq) return;
    const q = inFlight.q;
    inFlight = null;
    if (waiting) {
      const next = waiting;
      waiting = null;
      send(next);
      // An answer for an older query is still shown meanwhile only if it was for the same name.
      if (next.name !== q.name) return;
    }
    onAnswer({ q, person: m.person });
  }, db);
  return {
    load: (source) => ch.send({ type: 'load', source }),
    lookup: (q) => {
      last = q;
      if (inFlight) waiting = q;
      else send(q);
    },
    dispose: () => ch.close(),
  };
}
