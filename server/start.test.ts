// npm start rebuilds dist/ only when it is missing or older than a source file.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildReason } from './start';

it('asks for a build when dist is missing, when a source is newer, and not when dist is current', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'moi-start-'));
  try {
    const dist = path.join(dir, 'dist');
    const src = path.join(dir, 'src');
    mkdirSync(path.join(src, 'features'), { recursive: true });
    const source = path.join(src, 'features', 'page.tsx');
    writeFileSync(source, 'export {}');
    expect(buildReason(dist, [src])).toMatch(/missing/);

    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dist, 'sw.js'), '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(source, past, past);
    expect(buildReason(dist, [src])).toBeNull();

    const future = new Date(Date.now() + 60_000);
    utimesSync(source, future, future);
    expect(buildReason(dist, [src])).toMatch(/changed/);

    rmSync(path.join(dist, 'sw.js'));
    utimesSync(source, past, past);
    expect(buildReason(dist, [src])).toMatch(/missing/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
