// The ledger matcher's worker thread (issue 30): answers each { id, input } with { id, output } or
// { id, error }. Started by ledger-matcher.ts; the request thread never runs the matcher itself.
import { parentPort } from 'node:worker_threads';
import { computeMatches, offersOf, type MatchInput, type OffersInput } from './ledger-match-compute';

parentPort?.on('message', (msg: { id: number; input: MatchInput } | { id: number; offers: OffersInput }) => {
  try {
    parentPort!.postMessage({ id: msg.id, output: 'offers' in msg ? offersOf(msg.offers) : computeMatches(msg.input) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) });
  }
});
