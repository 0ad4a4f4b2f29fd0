// Properties of the sync loop's pure decisions, over random inputs (fast-check): how a push answer
// settles the rows sent (settlePushResults), how a pulled change merges into a local row
// (mergeChange, latestPerEntity), and which types a scope change makes the device pull again
// (ScopeWatch). The examples in push-retry, merge and pull tests show single cases; these hold for all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeTypes, type Change, type ChangeType, type PullScope, type PushResult } from '../../../contract/sync';
import type { OutboxRow } from '../db';
import { latestPerEntity, mergeChange } from './merge';
import { entityKey } from '../entities';
import { ScopeWatch } from './pull-scope';
import { MAX_TRANSIENT_TRIES, settlePushResults, TRANSIENT_CODES } from './push-retry';

const NOW = Date.parse('2026-11-24T06:00:00Z');
const backoff = (n: number) => 5_000 * 2 ** (n - 1);

// ---------------------------------------------------------------- settlePushResults

type Answer = 'applied' | 'duplicate' | 'transient' | 'final' | 'missing';
const sentRow = fc.record({
  entity: fc.constantFrom('gift:1', 'gift:2', 'counter:1', null),
  state: fc.constantFrom<OutboxRow['state']>('sending', 'sending', 'sending', 'pending', 'done'),
  attempts: fc.nat({ max: 20 }),
  transientTries: fc.nat({ max: MAX_TRANSIENT_TRIES }),
  answer: fc.constantFrom<Answer>('applied', 'duplicate', 'transient', 'final', 'missing'),
  transientCode: fc.constantFrom(...TRANSIENT_CODES),
  finalCode: fc.constantFrom('counter_closed', 'forbidden', 'invalid_body', 'not_found'),
});
const batch = fc.array(fc.option(sentRow, { nil: undefined, freq: 8 }), { maxLength: 25 });

type SentRow = typeof sentRow extends fc.Arbitrary<infer T> ? T : never;

function buildBatch(spec: Array<SentRow | undefined>) {
  const rows: Array<OutboxRow | undefined> = [];
  const results: PushResult[] = [];
  spec.forEach((s, i) => {
    if (!s) return void rows.push(undefined);
    const id = `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`;
    rows.push({
      id, deviceId: 'd', seq: i + 1, name: 'gift.update', args: {}, createdAt: new Date(NOW).toISOString(),
      attempts: s.attempts, lastError: null, lastErrorCode: null, state: s.state, entity: s.entity,
      sendingSince: s.state === 'sending' ? NOW - 1000 : null, transientTries: s.transientTries,
    });
    if (s.answer === 'applied' || s.answer === 'duplicate') results.push({ id, status: s.answer });
    else if (s.answer === 'transient') results.push({ id, status: 'rejected', code: s.transientCode, message: 'try later' });
    else if (s.answer === 'final') results.push({ id, status: 'rejected', code: s.finalCode, message: 'no' });
  });
  return { rows, results };
}

describe('settlePushResults', () => {
  it('settles each row still sending exactly once, in order, and leaves the others alone', () => {
    fc.assert(fc.property(batch, (spec) => {
      const { rows, results } = buildBatch(spec);
      const { next } = settlePushResults(rows, results, { now: NOW, backoff });
      expect(next.map((r) => r.id)).toEqual(rows.filter((r) => r?.state === 'sending').map((r) => r!.id));
      for (const r of next) {
        const before = rows.find((x) => x?.id === r.id)!;
        expect(r.state).not.toBe('sending');
        expect(r.sendingSince).toBeNull();
        expect(r.attempts).toBe(before.attempts + 1);
        expect(r.seq).toBe(before.seq);
      }
    }));
  });

  it('marks done exactly the rows the server applied or already had, and reports their entities', () => {
    fc.assert(fc.property(batch, (spec) => {
      const { rows, results } = buildBatch(spec);
      const { next, accepted } = settlePushResults(rows, results, { now: NOW, backoff });
      const answer = new Map(results.map((r) => [r.id, r.status]));
      for (const r of next) expect(r.state === 'done').toBe(answer.get(r.id) === 'applied' || answer.get(r.id) === 'duplicate');
      expect(accepted).toEqual(next.filter((r) => r.state === 'done' && r.entity).map((r) => r.entity));
      for (const r of next.filter((x) => x.state === 'done')) expect(r).toMatchObject({ doneAt: NOW, lastError: null, lastErrorCode: null, retryAt: null });
    }));
  });

  it('a final refusal shows at once; a transient one (or a missing answer) waits out the backoff until its tries run out', () => {
    fc.assert(fc.property(batch, (spec) => {
      const { rows, results } = buildBatch(spec);
      const { next } = settlePushResults(rows, results, { now: NOW, backoff });
      const answer = new Map(results.map((r) => [r.id, r]));
      for (const r of next) {
        if (r.state === 'done') continue;
        const before = rows.find((x) => x?.id === r.id)!;
        const a = answer.get(r.id);
        const code = a ? a.code : 'internal_error';
        expect(r.lastErrorCode).toBe(code);
        if (r.state === 'pending') {
          // Only a transient code, or a refusal behind a held entry of the same entity, is retried.
          expect(r.transientTries).toBe((before.transientTries ?? 0) + 1);
          expect(r.transientTries).toBeLessThan(MAX_TRANSIENT_TRIES);
          expect(r.retryAt).toBe(NOW + backoff(r.transientTries!));
        } else {
          expect(r.state).toBe('rejected');
          expect(r.retryAt).toBeNull();
          // A transient answer is refused only once its tries ran out.
          if (TRANSIENT_CODES.has(code!)) expect(r.transientTries).toBeGreaterThanOrEqual(MAX_TRANSIENT_TRIES);
        }
      }
    }));
  });

  it('an entry behind a held entry of the same entity is never refused alone while it has tries left', () => {
    fc.assert(fc.property(batch, (spec) => {
      const { rows, results } = buildBatch(spec);
      const { next } = settlePushResults(rows, results, { now: NOW, backoff });
      const held = new Set<string>();
      for (const r of next) {
        const before = rows.find((x) => x?.id === r.id)!;
        if (r.entity && held.has(r.entity) && r.state !== 'done' && (before.transientTries ?? 0) + 1 < MAX_TRANSIENT_TRIES) expect(r.state).toBe('pending');
        if (r.state === 'pending' && r.entity) held.add(r.entity);
      }
    }));
  });
});

// ---------------------------------------------------------------- mergeChange, latestPerEntity

type Row = { id: string; v: number };
const localRow = fc.option(fc.record({ id: fc.constant('a'), v: fc.integer(), _pending: fc.constantFrom<0 | 1>(0, 1) }), { nil: undefined });
const incoming = fc.oneof(
  fc.record({ row: fc.record({ id: fc.constant('a'), v: fc.integer() }) }),
  fc.constant({ deleted: true as const }),
  fc.constant({}),
);

describe('mergeChange', () => {
  it('never overwrites or deletes a local row with unsynced work; otherwise the server wins, confirmed', () => {
    fc.assert(fc.property(localRow, incoming, fc.boolean(), (local, change, unsynced) => {
      const d = mergeChange<Row>(local, change as { row?: Row; deleted?: true }, unsynced);
      if (unsynced && local) expect(d).toEqual({ op: 'keep' });
      else if ('deleted' in change) expect(d).toEqual(local ? { op: 'delete' } : { op: 'keep' });
      else if ('row' in change) expect(d).toEqual({ op: 'put', row: { ...change.row, _pending: 0 } });
      else expect(d).toEqual({ op: 'keep' });
    }));
  });

  it('applying the same change twice ends where applying it once does (a pull may repeat a page)', () => {
    fc.assert(fc.property(localRow, incoming, (local, change) => {
      const apply = (cur: (Row & { _pending?: 0 | 1 }) | undefined) => {
        const d = mergeChange<Row>(cur, change as { row?: Row; deleted?: true }, false);
        return d.op === 'put' ? d.row : d.op === 'delete' ? undefined : cur;
      };
      expect(apply(apply(local))).toEqual(apply(local));
    }));
  });
});

const change = fc.record({ type: fc.constantFrom<ChangeType>('gift', 'event', 'counter'), id: fc.constantFrom('1', '2', '3'), n: fc.nat() })
  .map(({ type, id, n }) => ({ type, id, row: { id, n } }) as unknown as Change);

describe('latestPerEntity', () => {
  it('keeps one change per entity, the last one sent, ordered as those last changes were', () => {
    fc.assert(fc.property(fc.array(change, { maxLength: 30 }), (page) => {
      const out = latestPerEntity(page);
      const keys = out.map((c) => entityKey(c.type, c.id));
      expect(new Set(keys).size).toBe(keys.length);
      expect(new Set(keys)).toEqual(new Set(page.map((c) => entityKey(c.type, c.id))));
      const lastIndex = (c: Change) => page.lastIndexOf(c);
      for (const c of out) expect(lastIndex(c)).toBe(page.map((x) => entityKey(x.type, x.id)).lastIndexOf(entityKey(c.type, c.id)));
      const idx = out.map(lastIndex);
      expect(idx).toEqual([...idx].sort((a, b) => a - b));
    }));
  });

  it('merging the collapsed page leaves the device as merging every change in order would', () => {
    fc.assert(fc.property(fc.array(change, { maxLength: 30 }), (page) => {
      const replay = (changes: Change[]) => {
        const db = new Map<string, unknown>();
        for (const c of changes) {
          const d = mergeChange(db.get(entityKey(c.type, c.id)) as never, c as never, false);
          if (d.op === 'put') db.set(entityKey(c.type, c.id), d.row);
          else if (d.op === 'delete') db.delete(entityKey(c.type, c.id));
        }
        return db;
      };
      expect(replay(latestPerEntity(page))).toEqual(replay(page));
    }));
  });
});

// ---------------------------------------------------------------- ScopeWatch

const scopeTypes = changeTypes.slice(0, 4);
const fingerprint = fc.constantFrom('f1', 'f2', 'f3');
const scopeArb: fc.Arbitrary<PullScope> = fc.record(Object.fromEntries(scopeTypes.map((t) => [t, fingerprint])) as Record<ChangeType, fc.Arbitrary<string>>, { requiredKeys: [] });
const pages = fc.array(fc.option(scopeArb, { nil: undefined, freq: 4 }), { maxLength: 6 });

describe('ScopeWatch', () => {
  it('with stored fingerprints, marks stale exactly the types some page fingerprints differently', () => {
    fc.assert(fc.property(scopeArb, pages, fc.constantFrom(0, 17), (stored, seen, from) => {
      const w = new ScopeWatch(stored, from as never);
      for (const s of seen) w.see(s);
      const expected = new Set<ChangeType>();
      for (const s of seen) if (s) for (const t of Object.keys(s) as ChangeType[]) if (s[t] !== stored[t]) expected.add(t);
      expect(w.staleTypes).toEqual([...expected].sort());
    }));
  });

  it('a fresh device (cursor 0) adopts its first page and back-fills only what changed after it', () => {
    fc.assert(fc.property(pages, (seen) => {
      const w = new ScopeWatch(undefined, 0 as never);
      for (const s of seen) w.see(s);
      const first = seen.find((s) => s);
      const expected = new Set<ChangeType>();
      if (first) for (const s of seen.slice(seen.indexOf(first) + 1)) if (s) for (const t of Object.keys(s) as ChangeType[]) if (s[t] !== first[t]) expected.add(t);
      expect(w.staleTypes).toEqual([...expected].sort());
    }));
  });

  it('stores a new fingerprint only for a stale type whose back-fill answered one; otherwise keeps what the data covers', () => {
    fc.assert(fc.property(scopeArb, pages, fc.option(scopeArb, { nil: undefined }), (stored, seen, backfilled) => {
      const w = new ScopeWatch(stored, 17 as never);
      for (const s of seen) w.see(s);
      const out = w.covered(backfilled);
      const stale = w.staleTypes;
      if (stale.some((t) => backfilled?.[t] === undefined)) {
        expect(out).toEqual(stored);
        return;
      }
      for (const t of scopeTypes) expect(out?.[t]).toBe(stale.includes(t) ? backfilled![t] : stored[t]);
    }));
  });
});
