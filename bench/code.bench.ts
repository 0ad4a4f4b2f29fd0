// Code size of the gift path (issue 26), read from the working tree (no server started):
// - code.push_lines: the lines of the server push's own files (PUSH_FILES below), counted two ways:
//   code lines (not blank, not only a comment) and total lines. Goal ≤ 300 (code lines).
// - code.gift_path_files: the files a newcomer opens to follow one gift, as README.md lists them in
//   its section whose heading contains "How a gift travels": the distinct repository file paths
//   written in backticks there (a path counts when the file exists; a bare file name counts when
//   exactly one tracked file has that name). Goal ≤ 12.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server push's own files: the route, the push itself and the pieces only the push uses.
 * KEEP UP TO DATE when the push is rewritten (files added, renamed, merged or removed); a listed
 * file that no longer exists is reported and counted as 0.
 */
const PUSH_FILES = [
  'server/routes/sync.ts', // POST /moi/sync/push (and pull) route
  'server/domain/sync-push.ts', // the one push path: the device's cursor, each mutation through its mutator
  // Not counted: server/domain/invariants.ts (the record's row locks, used by the REST routes as much
  // as by the push) and the mutators themselves (gifts.ts, counters.ts …).
];
const PUSH_GOAL = 300;
const GIFT_PATH_GOAL = 12;
const SECTION = 'How a gift travels';

/** Code lines (not blank, not only comment) and total lines of a TypeScript/JavaScript source. */
function countLines(src: string): { code: number; total: number } {
  const lines = src.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  let code = 0;
  let inBlock = false;
  for (const raw of lines) {
    let s = raw.trim();
    let hasCode = false;
    while (s.length) {
      if (inBlock) {
        const end = s.indexOf('*/');
        if (end < 0) break;
        inBlock = false;
        s = s.slice(end + 2).trim();
      } else if (s.startsWith('//')) {
        s = '';
      } else if (s.startsWith('/*')) {
        inBlock = true;
        s = s.slice(2);
      } else {
        hasCode = true;
        // A block comment opened later on a code line (not inside a string, as far as a simple scan can tell).
        const open = s.lastIndexOf('/*');
        if (open >= 0 && s.indexOf('*/', open) < 0 && !/['"`]/.test(s.slice(open))) inBlock = true;
        s = '';
      }
    }
    if (hasCode) code++;
  }
  return { code, total: lines.length };
}

function pushLines(): void {
  let code = 0;
  let total = 0;
  const parts: string[] = [];
  for (const f of PUSH_FILES) {
    const p = path.join(root, f);
    if (!existsSync(p)) { parts.push(`${f} missing`); continue; }
    const c = countLines(readFileSync(p, 'utf8'));
    code += c.code;
    total += c.total;
    parts.push(`${f} ${c.code}/${c.total}`);
  }
  console.log(`bench code.push_lines: ${code} code lines (${total} total; goal ≤ ${PUSH_GOAL})`);
  console.log(`bench code.push_lines_total: ${total} lines`);
  console.log(`(code.push_lines, code/total per file: ${parts.join(', ')})`);
}

function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function giftPathFiles(): void {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n');
  // Headings outside fenced code blocks.
  let fenced = false;
  const headings: Array<{ line: number; level: number; text: string }> = [];
  readme.forEach((l, i) => {
    if (/^\s*(```|~~~)/.test(l)) fenced = !fenced;
    const m = !fenced && /^(#{1,6})\s+(.*)$/.exec(l);
    if (m) headings.push({ line: i, level: m[1].length, text: m[2] });
  });
  const start = headings.find((h) => h.text.toLowerCase().includes(SECTION.toLowerCase()));
  if (!start) {
    console.log(`bench code.gift_path_files: section missing (README.md has no heading containing "${SECTION}"; goal ≤ ${GIFT_PATH_GOAL})`);
    return;
  }
  const end = headings.find((h) => h.line > start.line && h.level <= start.level)?.line ?? readme.length;
  const body = readme.slice(start.line, end).join('\n');
  const tracked = trackedFiles();
  const byBase = new Map<string, string[]>();
  for (const f of tracked) byBase.set(path.basename(f), [...(byBase.get(path.basename(f)) ?? []), f]);
  const found = new Set<string>();
  const unresolved = new Set<string>();
  for (const m of body.matchAll(/`+([^`\n]+?)`+/g)) {
    // `path`, `path:12`, `path#L12`, `path (fn)`, `./path` → path.
    const cand = m[1].trim().split(/\s/)[0].replace(/^\.\//, '').replace(/[#:].*$/, '').replace(/[),.;]+$/, '');
    if (!/\.[A-Za-z0-9]+$/.test(cand)) continue; // not a file name
    const p = path.join(root, cand);
    if (!cand.startsWith('/') && !cand.includes('..') && existsSync(p) && statSync(p).isFile()) { found.add(cand); continue; }
    const same = !cand.includes('/') ? byBase.get(cand) : undefined;
    if (same?.length === 1) found.add(same[0]);
    else unresolved.add(cand);
  }
  console.log(`bench code.gift_path_files: ${found.size} files (goal ≤ ${GIFT_PATH_GOAL})`);
  console.log(`(code.gift_path_files, section "${start.text}": ${[...found].join(', ') || 'none'}${unresolved.size ? `; file-like names not resolved to one repository file, not counted: ${[...unresolved].join(', ')}` : ''})`);
}

pushLines();
giftPathFiles();
