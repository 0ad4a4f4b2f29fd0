import { describe, expect, it } from 'vitest';
import type { Change } from '../../../contract/sync';
import { latestPerEntity, mergeChange } from './merge';

type R = { id: string; v: number };

describe('mergeChange', () => {
  it('takes the server row (confirmed) when the device has no unsynced work on it', () => {
    expect(mergeChange<R>({ id: 'a', v: 1, _pending: 0 }, { row: { id: 'a', v: 2 } }, false)).toEqual({ op: 'put', row: { id: 'a', v: 2, _pending: 0 } });
    expect(mergeChange<R>(undefined, { row: { id: 'a', v: 2 } }, false)).toEqual({ op: 'put', row: { id: 'a', v: 2, _pending: 0 } });
  });
  it('keeps a local row that still has pending, sending or rejected mutations', () => {
    expect(mergeChange<R>({ id: 'a', v: 9, _pending: 1 }, { row: { id: 'a', v: 2 } }, true)).toEqual({ op: 'keep' });
    expect(mergeChange<R>({ id: 'a', v: 9, _pending: 1 }, { deleted: true }, true)).toEqual({ op: 'keep' });
  });
  it('deletes on a tombstone, and ignores a tombstone for a row it never had', () => {
    expect(mergeChange<R>({ id: 'a', v: 1 }, { deleted: true }, false)).toEqual({ op: 'delete' });
    expect(mergeChange<R>(undefined, { deleted: true }, false)).toEqual({ op: 'keep' });
  });
});

describe('latestPerEntity', () => {
  it('keeps only the last change of each entity, in the order of those last changes', () => {
    const ev = (id: string, venue: string) => ({ type: 'event', id, row: { venue } }) as unknown as Change;
    const out = latestPerEntity([ev('1', 'a'), ev('2', 'b'), ev('1', 'c')]);
    expect(out.map((c) => [c.id, (c.row as { venue: string }).venue])).toEqual([['2', 'b'], ['1', 'c']]);
  });
});
