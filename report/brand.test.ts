// A hall's branding on the moi book's cover (issue 29): the hall's logo, its name and its footer on
// page 1 of its events' books; the provider's own events' books carry none of it. Read back from the
// PDF as a reader sees it (pdftotext, pdfimages).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBook } from './model';
import { sampleInput } from './fixtures';
import { renderPdfNode } from './node';
import { samplePng as png } from '../tests/support/png';


const brand = { nameTa: 'லட்சுமி மஹால்', nameEn: 'Lakshmi Mahal', colour: '#8a1c2b', footer: 'Lakshmi Mahal, Madurai · 0452 123456', logoFileId: 'f1' };

async function cover(book: ReturnType<typeof buildBook>, lang: 'en' | 'ta') {
  const dir = mkdtempSync(path.join(tmpdir(), 'moi-brand-'));
  const file = path.join(dir, 'book.pdf');
  writeFileSync(file, await renderPdfNode(book, lang));
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', file, '-'], { encoding: 'utf8' });
  const images = execFileSync('pdfimages', ['-f', '1', '-l', '1', '-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return { file, text, images };
}

describe('a hall’s branding on the moi book’s cover', () => {
  it('a hall’s event: its logo, name and footer on the cover', async () => {
    const input = sampleInput();
    input.event = { ...input.event, orgId: 'org-1', brand };
    input.brandLogo = `data:image/png;base64,${png().toString('base64')}`;
    const book = buildBook(input, { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 0 });
    const en = await cover(book, 'en');
    expect(en.text).toContain('Lakshmi Mahal');
    expect(en.text).toContain('0452 123456');
    expect(en.images).toHaveLength(1);
    expect(en.images[0]).toMatch(/\b96\s+48\b/);
    if (process.env.MOI_KEEP_COVER) execFileSync('cp', [en.file, process.env.MOI_KEEP_COVER]);
  }, 90_000);

  it('a logo the PDF cannot embed (WebP) is left out; the name still shows', () => {
    const input = sampleInput();
    input.event = { ...input.event, orgId: 'org-1', brand };
    input.brandLogo = 'data:image/webp;base64,UklGRg==';
    const book = buildBook(input, { blankPages: 0 });
    expect(book.brand).toMatchObject({ nameEn: 'Lakshmi Mahal', logo: null });
  });

  it('the provider’s own event: no hall branding, even if a brand is carried', async () => {
    const input = sampleInput();
    input.event = { ...input.event, orgId: null, brand };
    input.brandLogo = `data:image/png;base64,${png().toString('base64')}`;
    const book = buildBook(input, { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 0 });
    expect(book.brand).toBeNull();
    const en = await cover(book, 'en');
    expect(en.text).not.toContain('Lakshmi Mahal');
    expect(en.images).toHaveLength(0);
  }, 90_000);
});
