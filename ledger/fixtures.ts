// Generated giver records for benchmarks and tests: a host's books where each of `people` givers
// appears several times, spelt the ways real books spell them (Tamil / English, initials, short forms).
import vocabulary from '../../shared/data/moi-vocabulary.json';
import type { GiverFields } from './match';

type Pair = [string, string];

export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` gift-like records from about n / 5 people. */
export function generateGivers(n: number, seed = 1): (GiverFields & { amount: number; person: number })[] {
  const rand = seededRandom(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const names = [...vocabulary.givenNames.male, ...vocabulary.givenNames.female] as Pair[];
  const initials = vocabulary.initials as Pair[];
  const places = vocabulary.places as Pair[];
  const people = Array.from({ length: Math.max(1, Math.round(n / 5)) }, () => ({
    name: pick(names), initial: pick(initials), place: pick(places), mobile: rand() < 0.3 ? `9${Math.floor(100000000 + rand() * 899999999)}` : '',
  }));
  return Array.from({ length: n }, () => {
    const p = Math.floor(rand() * people.length);
    const g = people[p];
    const ta = rand() < 0.5;
    return {
      person: p,
      name: ta ? g.name[0] : g.name[1],
      initial: ta ? g.initial[0] : g.initial[1].replace(rand() < 0.5 ? '.' : '', ''),
      village: rand() < 0.5 ? g.place[0] : g.place[1],
      mobile: rand() < 0.5 ? g.mobile : '',
      amount: pick(vocabulary.customaryAmounts),
    };
  });
}
