// The hint worker: holds the counter hint's index (engine.ts) off the main thread, so building it
// for a ledger of 20,000 people and looking up each keystroke never delays typing at the counter.
/// <reference lib="webworker" />
import { db } from '../db';
import { HintEngine } from './engine';
import type { HintReply, HintRequest } from './protocol';

const engine = new HintEngine(db);
const post = (m: HintReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

self.onmessage = (e: MessageEvent<HintRequest>) => {
  const m = e.data;
  if (m.type === 'load') void engine.load(m.source).then((people) => post({ type: 'loaded', people }), () => post({ type: 'loaded', people: 0 }));
  else post({ type: 'found', seq: m.seq, person: engine.lookup(m.q) });
};
