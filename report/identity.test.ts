// Who gave, beyond the name (issue 30): a gift's spouse's or father's name and title are carried on
// its line of the moi book and printed under the giver's name; a gift without them prints as before.
// Read back from the PDF with pdftotext, as a reader sees it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBook } from './model';
import { sampleInput } from './fixtures';
import { renderPdfNode } from './node';

const input = sampleInput();
input.gifts = input.gifts.map((g) => (g.name === 'Karthik' ? { ...g, kinName: 'Lakshmi', title: 'POLICE' } : g));
const book = buildBook(input, { generatedAt: '2026-11-21T00:00:00.000Z', blankPages: 0 });
const rows = [...book.uncle.rows, ...book.first.rows, ...book.villages.flatMap((v) => v.rows)];

describe('identity fields in the moi book', () => {
  it('a line carries the spouse’s or father’s name and the title; other lines none', () => {
    expect(rows.find((r) => r.name === 'Karthik')?.identity).toBe('Lakshmi · POLICE');
    expect(rows.filter((r) => r.identity)).toHaveLength(1);
  });

  it('the PDF prints them with the giver', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'moi-identity-')), 'book.pdf');
    writeFileSync(file, await renderPdfNode(book, 'en'));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Karthik');
    expect(text).toContain('Lakshmi · POLICE');
  }, 90_000);
});
