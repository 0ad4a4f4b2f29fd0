import { describe, expect, it } from 'vitest';
import { getSyncSignal } from '../../lib/sync-signal';
import { INITIAL_CORE, StatusStore, shownCounts } from './status';

describe('StatusStore', () => {
  it('starts unknown (never "online" before a request answered) and tells every subscriber of a change', () => {
    const s = new StatusStore();
    expect(s.get()).toEqual(INITIAL_CORE);
    expect(s.get().online).toBeNull();
    const seen: Array<boolean | null> = [];
    const off = s.subscribe(() => seen.push(s.get().online));
    s.set({ online: true });
    s.replace({ ...INITIAL_CORE, online: false });
    off();
    s.set({ online: true });
    expect(seen).toEqual([true, false]);
  });
  it('mirrors sending / error to the Dexie-free signal only when asked (the app engine)', () => {
    new StatusStore(false).set({ sending: true, error: 'server_error' });
    expect(getSyncSignal()).toEqual({ sending: false, error: null });
    const app = new StatusStore(true);
    app.set({ sending: true, error: 'quota_exceeded' });
    expect(getSyncSignal()).toEqual({ sending: true, error: 'quota_exceeded' });
    app.set({ sending: false, error: null });
    expect(getSyncSignal()).toEqual({ sending: false, error: null });
  });
});

describe('shownCounts', () => {
  const counts = (pending: number, sending: number, rejected: number) => ({ pending, sending, rejected, unsynced: pending + sending + rejected });
  it('is unknown until the outbox was read once (so "All synced" is never a guess), one waiting if a write was announced', () => {
    expect(shownCounts(null, 0)).toEqual({ pending: 0, rejected: 0, known: false });
    expect(shownCounts(null, 3)).toEqual({ pending: 1, rejected: 0, known: false });
  });
  it('counts sending as waiting and adds writes announced after the read began', () => {
    expect(shownCounts({ counts: counts(2, 1, 4), writesAtStart: 5 }, 5)).toEqual({ pending: 3, rejected: 4, known: true });
    expect(shownCounts({ counts: counts(0, 0, 0), writesAtStart: 5 }, 7)).toEqual({ pending: 2, rejected: 0, known: true });
    expect(shownCounts({ counts: counts(0, 0, 0), writesAtStart: 5 }, 4)).toEqual({ pending: 0, rejected: 0, known: true });
  });
});
