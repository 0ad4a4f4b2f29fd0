// Messages between the counter and the hint worker (hint.worker.ts).
import type { LedgerHintPerson } from '../../../contract/ledger';
import type { GiverFields } from '../../../ledger/match';

/** Whose lines the hint looks in: the event's owners, today's event (left out), whether the hint is on; `version` changes with the lines. */
export type HintSource = { eventId: string; ownerIds: string[]; enabled: boolean; version: number };

export type HintRequest =
  | { type: 'load'; source: HintSource }
  | { type: 'lookup'; seq: number; q: GiverFields };

export type HintReply =
  | { type: 'loaded'; people: number }
  | { type: 'found'; seq: number; person: LedgerHintPerson | null };

/** Meta key bumped whenever pulled ledger lines land or leave (sync/pull.ts): the hint rebuilds its index. */
export const LEDGER_HINTS_VERSION = 'ledgerHintsVersion';
