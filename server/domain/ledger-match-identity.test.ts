// Who gave, beyond the name (issue 30): the spouse's or father's name and an occupation or title
// keep namesakes apart, and one person with a new title is offered to the host, not split away
// silently nor joined. The same rules in the server's grouping (computeMatches) and the counter hint.
import { describe, expect, it } from 'vitest';
import { computeMatches } from './ledger-match-compute';
import { GiverIndex, groupGivers, matchGivers } from '../../ledger/match';

const murugan = { name: 'Murugan', initial: 'K.', village: 'Melur' };

describe('matching with the spouse or father and the title', () => {
  it('namesakes with different spouses or fathers stay apart: not linked, not offered', () => {
    expect(matchGivers({ ...murugan, kinName: 'Lakshmi' }, { ...murugan, kinName: 'Meena' })).toBe('no');
    expect(matchGivers({ ...murugan, kinName: 'லட்சுமி' }, { ...murugan, kinName: 'Lakshmi' })).toBe('auto');
    const g = groupGivers([
      { ...murugan, kinName: 'Lakshmi', eventId: 'e1' },
      { ...murugan, kinName: 'Meena', eventId: 'e2' },
      { ...murugan, kinName: 'Lakshmi', eventId: 'e3' },
    ]);
    expect(g.people).toBe(2);
    expect(g.personOf[0]).toBe(g.personOf[2]);
    expect(g.offers).toEqual([]);
  });

  it('namesakes with different titles are not joined, but offered', () => {
    expect(matchGivers({ ...murugan, title: 'POLICE' }, { ...murugan, title: 'Teacher' })).toBe('offer');
    expect(matchGivers({ ...murugan, title: 'POLICE' }, { ...murugan, title: 'Police' })).toBe('auto');
  });

  it('one person who now writes a title joins them; one with another title is offered, not split away', () => {
    const out = computeMatches({
      aliases: [],
      people: [{ id: 'p1', ...murugan }, { id: 'p2', ...murugan, name: 'Selvam', title: 'Constable' }],
      linked: [{ p: 'p1', e: 'e1', ...murugan }, { p: 'p2', e: 'e1', ...murugan, name: 'Selvam', title: 'Constable' }],
      unlinked: [
        { id: 'g1', e: 'e2', ...murugan, title: 'POLICE' }, // a title now: still Murugan
        { id: 'g2', e: 'e2', ...murugan, name: 'Selvam', title: 'Inspector' }, // another title: a new person, offered
      ],
      offers: 'new',
    });
    expect(out.links[0]).toEqual({ g: 'g1', p: 'p1' });
    const selvam = out.links[1];
    expect(selvam.person).toMatchObject({ name: 'Selvam', title: 'Inspector' });
    expect(out.offers).toEqual([selvam.p < 'p2' ? [selvam.p, 'p2'] : ['p2', selvam.p]]);
  });

  it('the same spouse or father stands in for an initial left out', () => {
    expect(matchGivers({ name: 'Murugan', village: 'Melur', kinName: 'Lakshmi' }, { ...murugan, kinName: 'Lakshmi' })).toBe('auto');
    expect(matchGivers({ name: 'Murugan', village: 'Melur' }, murugan)).toBe('offer');
  });

  it('the counter hint offers the right namesake', () => {
    const ix = new GiverIndex<string>();
    ix.add('lakshmi', { ...murugan, kinName: 'Lakshmi' });
    ix.add('meena', { ...murugan, kinName: 'Meena' });
    expect(ix.lookup({ ...murugan, kinName: 'Meena' }).map((c) => c.person)).toEqual(['meena']);
    expect(ix.lookup(murugan).map((c) => c.person).sort()).toEqual(['lakshmi', 'meena']);
  });
});
