// SMS part counting: Tamil is Unicode (70 characters in one part, 67 per part after); plain
// English is GSM-7 (160, then 153).
import { describe, expect, it } from 'vitest';
import { smsParts, templateSchema } from './messaging';

describe('smsParts', () => {
  it('counts Tamil as UCS-2: 70 in one part, 67 per part after', () => {
    expect(smsParts('அ'.repeat(70))).toMatchObject({ encoding: 'ucs2', parts: 1, units: 70 });
    expect(smsParts('அ'.repeat(71))).toMatchObject({ encoding: 'ucs2', parts: 2, perPart: 67 });
    expect(smsParts('அ'.repeat(134)).parts).toBe(2);
    expect(smsParts('அ'.repeat(135)).parts).toBe(3);
    // Tamil letters with vowel signs are two code units each: "கு" counts 2.
    expect(smsParts('கு'.repeat(35)).parts).toBe(1);
    expect(smsParts('கு'.repeat(36)).parts).toBe(2);
  });
  it('one Tamil letter makes the whole message Unicode', () => {
    expect(smsParts(`${'a'.repeat(100)}அ`)).toMatchObject({ encoding: 'ucs2', parts: 2 });
    expect(smsParts('₹501')).toMatchObject({ encoding: 'ucs2', parts: 1 });
  });
  it('counts plain English as GSM-7: 160, then 153; extension characters cost two', () => {
    expect(smsParts('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', parts: 1 });
    expect(smsParts('a'.repeat(161))).toMatchObject({ encoding: 'gsm7', parts: 2 });
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
    expect(smsParts('{'.repeat(80)).units).toBe(160);
    expect(smsParts('').parts).toBe(0);
  });
});

describe('templateSchema', () => {
  const t = { key: 'test', lang: 'en', body: 'Hi {#var#}', variables: ['name'], dltTemplateId: '', waTemplateName: 'moi_test', waLanguage: 'en' };
  it('needs one variable per placeholder', () => {
    expect(templateSchema.safeParse(t).success).toBe(true);
    expect(templateSchema.safeParse({ ...t, variables: [] }).success).toBe(false);
    expect(templateSchema.safeParse({ ...t, dltTemplateId: 'abc' }).success).toBe(false);
  });
});
