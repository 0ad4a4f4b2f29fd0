// A funeral's moi book (issue 30 item 5): the cover carries the line of homage (கண்ணீர் அஞ்சலி /
// In loving memory) and the function's name, and nothing festive; a wedding's cover has no such line.
// Read back from the PDF with pdftotext, as a reader sees it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBook } from './model';
import { event, sampleInput } from './fixtures';
import { renderPdfNode } from './node';

const dir = mkdtempSync(path.join(tmpdir(), 'moi-mourning-'));
const cover = async (functionType: 'funeral' | 'wedding', lang: 'ta' | 'en') => {
  const input = { ...sampleInput(), event: { ...event, functionType, titleTa: 'அமரர் க. சின்னசாமி', titleEn: 'Late K. Chinnasamy' } };
  const file = path.join(dir, `${functionType}-${lang}.pdf`);
  writeFileSync(file, await renderPdfNode(buildBook(input, { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 0 }), lang));
  return execFileSync('pdftotext', ['-layout', '-l', '1', file, '-'], { encoding: 'utf8' });
};
const text: Record<string, string> = {};
beforeAll(async () => {
  for (const [f, l] of [['funeral', 'ta'], ['funeral', 'en'], ['wedding', 'en']] as const) text[`${f}-${l}`] = await cover(f, l);
}, 90_000);

describe('the cover of a funeral\'s moi book', () => {
  it('in English: "In loving memory" and "Funeral"; a wedding\'s cover has neither', () => {
    expect(text['funeral-en']).toContain('In loving memory');
    expect(text['funeral-en']).toContain('Funeral');
    expect(text['funeral-en']).not.toContain('!');
    expect(text['wedding-en']).not.toContain('In loving memory');
  });
  it('in Tamil: the line of homage (அஞ்சலி) and இறுதிச் சடங்கு', () => {
    // pdftotext gives back the words (the vowel signs as the font's shaping left them): compare without them.
    const bare = (s: string) => s.replace(/[\u0BBE-\u0BCD\u0BD7\s]/g, '');
    expect(bare(text['funeral-ta'])).toContain(bare('கண்ணீர் அஞ்சலி'));
    expect(bare(text['funeral-ta'])).toContain(bare('இறுதிச் சடங்கு'));
  });
});
