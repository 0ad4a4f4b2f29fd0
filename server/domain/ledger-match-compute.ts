// The ledger matcher's computation (issue 30), pure: given a host's people, the gifts already linked
// to them and the gifts not yet linked, place each new gift (an automatic match, else a new person)
// and list the pairs of people that are probably one (offers). It runs in a worker thread
// (ledger-match-worker.ts), never on the thread that answers requests; ledger-matcher.ts loads its
// input from the database and writes its answer back in small transactions.
//
// The new gifts are taken function by function. A person made by a gift of one function is never
// an automatic match for another gift of that function (ledger/match.ts), so the people a function
// makes join the index only after its last gift: an imported book of 20,000 gifts is looked up
// against the people there were, not against itself. The same answers as one gift at a time.
import { uuidv7 } from '../../contract/ids';
import { aliasIndex, GiverIndex, giverKey, type GiverFields, type GiverKey } from '../../ledger/match';

export type MatchPerson = GiverFields & { id: string };
export type MatchLinked = GiverFields & { p: string; e: string };
export type MatchGift = GiverFields & { id: string; e: string };
export type MatchInput = {
  aliases: string[][];
  people: MatchPerson[];
  linked: MatchLinked[];
  unlinked: MatchGift[];
  /**
   * 'new': the offers between the people this pass made and everyone (the others' offers stand);
   * 'all': every offer again (after a split or an alias change); 'none'.
   */
  offers: 'new' | 'all' | 'none';
};
export type NewPerson = { id: string; name: string; initial: string; village: string; mobile: string; kinName: string; title: string };
export type MatchOutput = {
  /** Per new gift, in input order: its person, and that person's row when the gift made them. */
  links: Array<{ g: string; p: string; person?: NewPerson }>;
  /** The offers found (with offers: 'new', only those involving a new person); null with 'none'. */
  offers: Array<[string, string]> | null;
};

export function computeMatches(input: MatchInput): MatchOutput {
  const aliases = aliasIndex(input.aliases);
  const index = new GiverIndex<string>(aliases);
  for (const p of input.people) index.add(p.id, p, p.id);
  for (const g of input.linked) index.add(g.p, g, g.p, g.e);
  const links: MatchOutput['links'] = new Array(input.unlinked.length);
  const made: NewPerson[] = [];
  // Function by function, in the order the gifts came.
  const byEvent = new Map<string, number[]>();
  input.unlinked.forEach((g, i) => {
    const list = byEvent.get(g.e);
    if (list) list.push(i);
    else byEvent.set(g.e, [i]);
  });
  for (const [event, idx] of byEvent) {
    const later: Array<[string, GiverKey]> = [];
    for (const i of idx) {
      const g = input.unlinked[i];
      const key = giverKey(g, aliases);
      const auto = index.lookup(key, event).find((c) => c.decision === 'auto');
      if (auto) {
        links[i] = { g: g.id, p: auto.person };
        index.add(auto.person, key, auto.person, event);
      } else {
        const person: NewPerson = {
          id: uuidv7(), name: g.name, initial: g.initial ?? '', village: g.village ?? '', mobile: g.mobile ?? '', kinName: g.kinName ?? '', title: g.title ?? '',
        };
        made.push(person);
        links[i] = { g: g.id, p: person.id, person };
        later.push([person.id, key]);
      }
    }
    for (const [p, key] of later) index.add(p, key, p, event);
  }
  if (input.offers === 'none') return { links, offers: null };
  return { links, offers: computeOffers(aliases, [...input.people, ...made], input.offers === 'all' ? null : new Set(made.map((p) => p.id))) };
}

export type OffersInput = { aliases: string[][]; people: MatchPerson[]; fresh: string[] | null };
/** The offers among `people`: every pair, or (fresh) only the pairs with one of the fresh people. */
export function offersOf(input: OffersInput): Array<[string, string]> {
  return computeOffers(aliasIndex(input.aliases), input.people, input.fresh ? new Set(input.fresh) : null);
}

function computeOffers(aliases: ReturnType<typeof aliasIndex>, everyone: MatchPerson[], fresh: Set<string> | null): Array<[string, string]> {
  // Offers: people (as each was first written) who are probably one, each pair once.
  const byPeople = new GiverIndex<string>(aliases);
  for (const p of everyone) byPeople.add(p.id, p, p.id);
  const seen = new Set<string>();
  const offers: Array<[string, string]> = [];
  for (const p of fresh ? everyone.filter((x) => fresh.has(x.id)) : everyone) {
    for (const c of byPeople.lookup(p)) {
      if (c.person === p.id) continue;
      const [a, b] = p.id < c.person ? [p.id, c.person] : [c.person, p.id];
      const k = `${a}:${b}`;
      if (seen.has(k)) continue;
      seen.add(k);
      offers.push([a, b]);
    }
  }
  return offers;
}
