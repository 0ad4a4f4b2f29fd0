// The counter hint's line for a person, from the line the sync pull brought (contract/ledger.ts
// LedgerHintRow): the newest moi they gave at the host's OTHER functions (today's event left out),
// the last moi the host gave them, and the balance without today's event. Pure: the hint worker and
// the tests share it; worked out once per person when the index is built, never per keystroke.
import type { LedgerHintPerson, LedgerHintRow } from '../contract/ledger';

/** The hint of `row` at a counter of `eventId`; null when nothing is left to say. */
export function hintPerson(row: LedgerHintRow, eventId: string): LedgerHintPerson | null {
  const r = row.received.find((x) => x.eventId !== eventId);
  const lastReceived = r ? { amount: r.amount, functionType: r.functionType, date: r.date } : null;
  if (!lastReceived && !row.lastGiven) return null;
  let balance: LedgerHintPerson['balance'] = null;
  if (row.receivedByEvent && row.givenTotal != null) {
    let received = 0;
    for (const x of row.receivedByEvent) if (x.eventId !== eventId) received += x.amount;
    balance = { received, given: row.givenTotal };
  }
  return { id: row.id, name: row.name, initial: row.initial, village: row.village, mobile: row.mobile, lastReceived, lastGiven: row.lastGiven, balance };
}
