// Catalogue parity: every key of the English catalogue exists, non-empty, in Tamil and vice versa.
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ta } from './ta';

type Tree = { [k: string]: string | Tree };
function leaves(t: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const enLeaves = leaves(en as unknown as Tree);
const taLeaves = leaves(ta as unknown as Tree);

describe('catalogues', () => {
  it('Tamil has every English key', () => {
    expect([...enLeaves.keys()].filter((k) => !taLeaves.has(k))).toEqual([]);
  });
  it('English has every Tamil key', () => {
    expect([...taLeaves.keys()].filter((k) => !enLeaves.has(k))).toEqual([]);
  });
  it('no message is empty in either language', () => {
    const empty = [...enLeaves, ...taLeaves].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });
  it('placeholders match between the languages', () => {
    const ph = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((x) => x.replace(/\s/g, '')).sort().join(',');
    const mismatched = [...enLeaves].filter(([k, v]) => taLeaves.has(k) && ph(v) !== ph(taLeaves.get(k)!)).map(([k]) => k);
    expect(mismatched).toEqual([]);
  });
  it('the frame areas are really in Tamil script, not English copies', () => {
    const tamil = /[\u0B80-\u0BFF]/;
    const frame = ['nav', 'auth', 'layout', 'pages', 'errors'];
    const notTamil = [...taLeaves]
      .filter(([k]) => frame.includes(k.split('.')[0]))
      .filter(([k, v]) => !tamil.test(v) && !['layout.english'].includes(k))
      .map(([k]) => k);
    expect(notTamil).toEqual([]);
  });
});

describe('the glossary (one word per concept)', () => {
  it('names every function type and payment mode of the contract, and nothing else', async () => {
    const { functionTypes, paymentModes } = await import('../../contract/entities');
    for (const c of [en, ta]) {
      expect(Object.keys(c.glossary.functionType).sort()).toEqual([...functionTypes].sort());
      expect(Object.keys(c.glossary.paymentMode).sort()).toEqual([...paymentModes].sort());
    }
  });
  it('is the only place the app words them: no other area repeats the function types or payment modes', () => {
    const glossaryWords = (c: typeof en | typeof ta) => new Set([...Object.values(c.glossary.functionType), ...Object.values(c.glossary.paymentMode)]);
    for (const [c, all] of [[en, enLeaves], [ta, taLeaves]] as const) {
      const words = glossaryWords(c);
      // A map keyed like the contract's enum outside the glossary is a second catalogue of the same words.
      const repeated = [...all].filter(([k, v]) => !k.startsWith('glossary.') && words.has(v) && /\.(functionType|mode|paymentMode)\.\w+$/.test(k)).map(([k]) => k);
      expect(repeated).toEqual([]);
    }
  });
  it('the moi book prints the same words', async () => {
    const { reportLabels } = await import('../../report/labels');
    expect(reportLabels.en.functions).toEqual(en.glossary.functionType);
    expect(reportLabels.ta.functions).toEqual(ta.glossary.functionType);
    expect(reportLabels.en.modes).toEqual(en.glossary.paymentMode);
    expect(reportLabels.ta.modes).toEqual(ta.glossary.paymentMode);
  });
});
