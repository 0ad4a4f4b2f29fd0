// The counter hint's index over the ledger lines on this device (db.ledgerHints, filled by the sync
// pull): built in slices that yield between them, so it never holds a thread for long, and rebuilt
// when the lines or the event change. Runs in the hint worker (hint.worker.ts), or on the main thread
// where there are no workers (tests). A lookup compares only the index's blocks for the typed name
// (ledger/match.ts GiverIndex), tens of spellings, whatever the ledger's size.
import type { LedgerHintPerson } from '../../../contract/ledger';
import { hintPerson } from '../../../ledger/hint';
import { GiverIndex, type GiverFields } from '../../../ledger/match';
import type { MoiDb } from '../db';
import type { HintSource } from './protocol';
import { rowsWithAnyKey } from '../rows-with-any-key';

const SLICE = 1000;
const pause = () => new Promise<void>((r) => setTimeout(r, 0));

export class HintEngine {
  private index: GiverIndex<LedgerHintPerson> | null = null;
  private generation = 0;
  /** The source the index was built (or is being built) for. */
  private key = '';

  constructor(private readonly db: MoiDb) {}

  /** (Re)build the index for this source; an older build still running stops at its next slice. */
  async load(src: HintSource): Promise<number> {
    const key = JSON.stringify(src);
    if (key === this.key) return this.index ? 1 : 0;
    this.key = key;
    const gen = ++this.generation;
    if (!src.enabled || !src.ownerIds.length) {
      this.index = null;
      return 0;
    }
    const rows = await rowsWithAnyKey(this.db.ledgerHints, 'ownerId', src.ownerIds);
    const ix = new GiverIndex<LedgerHintPerson>();
    let n = 0;
    for (let i = 0; i < rows.length; i += SLICE) {
      if (gen !== this.generation) return 0;
      for (const row of rows.slice(i, i + SLICE)) {
        const p = hintPerson(row, src.eventId);
        if (!p) continue;
        ix.add(p, p, p.id);
        n++;
      }
      await pause();
    }
    if (gen !== this.generation) return 0;
    this.index = n ? ix : null;
    return n;
  }

  /** The best match for what is typed (a name of two letters at least), or null. */
  lookup(q: GiverFields): LedgerHintPerson | null {
    if (!this.index || q.name.trim().length < 2) return null;
    return this.index.lookup(q)[0]?.person ?? null;
  }
}
