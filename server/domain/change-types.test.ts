// The live stream's filter comes from the change-type registry: a scope hears a notification exactly
// when one of its types' clauses meets it — the same answer as the filter written out by hand before
// (kept here as the reference), for random notifications and scopes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noteHeard, type NoteIds, type ScopeSets } from './change-types';

const meets = (ids: string[] | undefined, set: Set<string>) => !!ids?.some((x) => set.has(x));
/** live.ts noteMeetsScope as it was written before the registry (issue 26). */
function reference(n: NoteIds, s: ScopeSets): boolean {
  if (s.staff ? meets(n.gc, s.myCounters) : meets(n.ge, s.visible)) return true;
  if (meets(n.pc, s.myCounters) || meets(n.pe, s.adminEvents)) return true;
  if (meets(n.ev, s.visible)) return true;
  if (n.uu?.includes(s.me) || n.ue?.includes(s.me) || meets(n.uu, s.managedUsers)) return true;
  if (meets(n.lo, s.ledgerOwners)) return true;
  return !!n.mu?.includes(s.me);
}

const id = fc.constantFrom('a', 'b', 'c', 'd', 'me');
const ids = fc.option(fc.array(id, { maxLength: 3 }), { nil: undefined });
const set = fc.array(id, { maxLength: 3 }).map((x) => new Set(x));
const note = fc.record({ ge: ids, gc: ids, pe: ids, pc: ids, ev: ids, uu: ids, ue: ids, mu: ids, lo: ids });
const scope = fc.record({ staff: fc.boolean(), me: fc.constant('me'), visible: set, myCounters: set, adminEvents: set, managedUsers: set, ledgerOwners: set });

describe('the live filter from the change-type registry', () => {
  it('hears exactly what the hand-written filter heard', () => {
    fc.assert(fc.property(note, scope, (n, s) => noteHeard(n, s) === reference(n, s)), { numRuns: 2000 });
  });

  it('counter staff hear their counters\' gifts, not the event\'s; an owner hears the event\'s', () => {
    const staff: ScopeSets = { staff: true, me: 'u', visible: new Set(['e']), myCounters: new Set(['c1']), adminEvents: new Set(), managedUsers: new Set(), ledgerOwners: new Set() };
    expect(noteHeard({ ge: ['e'], gc: ['c2'] }, staff)).toBe(false);
    expect(noteHeard({ ge: ['e'], gc: ['c1'] }, staff)).toBe(true);
    expect(noteHeard({ ge: ['e'], gc: ['c2'] }, { ...staff, staff: false })).toBe(true);
  });
});
