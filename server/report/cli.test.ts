// The command-line moi book on the demo data: PGlite in a data directory, and PostgreSQL when
// TEST_DATABASE_URL is set (a database of its own, dropped afterwards).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, isNull, ne } from 'drizzle-orm';
import { openDb } from '../db/client';
import { gifts } from '../db/schema';
import { seedDemo } from '../seed-demo';
import { parseReportArgs, runReport } from './cli';

let dir: string;
let env: NodeJS.ProcessEnv;
let expected: { count: number; total: number; lastVillage: string };
let dropPg: (() => Promise<void>) | null = null;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moi-report-cli-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const name = `moi_test_report_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    env = { DATABASE_URL: u.toString() };
    dropPg = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    env = { MOI_DATA_DIR: dir };
  }
  const h = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.MOI_DATA_DIR });
  await seedDemo(h.db, { password: 'demo-password-1' });
  const live = await h.db.select().from(gifts).where(and(isNull(gifts.deletedAt), ne(gifts.mode, 'item')));
  const all = await h.db.select().from(gifts).where(isNull(gifts.deletedAt));
  // The village Tamil order puts last: the host's order can bring it first.
  const villages = [...new Set(live.filter((g) => g.relation !== 'maternal_uncle').map((g) => g.village.trim()).filter(Boolean))].sort(new Intl.Collator('ta', { sensitivity: 'base', numeric: true }).compare);
  expected = { count: all.length, total: live.reduce((s, g) => s + g.amount, 0), lastVillage: villages.at(-1)! };
  await h.close();
}, 180_000);

afterAll(async () => {
  await dropPg?.();
  rmSync(dir, { recursive: true, force: true });
});

it('refuses incomplete arguments with the list of what is wrong', () => {
  expect(() => parseReportArgs(['--format', 'doc'])).toThrow(/--event.*\n.*--format must be pdf, xlsx or csv\n.*--out/s);
  expect(parseReportArgs(['--event', 'demo', '--format', 'pdf', '--out', 'x.pdf', '--village-order', 'மேலூர், Madurai ,']).villageOrder).toEqual(['மேலூர்', 'Madurai']);
});

it('writes the demo event as PDF, Excel and CSV with the database\'s counts and totals', async () => {
  const pdf = path.join(dir, 'demo.pdf');
  const r = await runReport(parseReportArgs(['--event', 'demo', '--format', 'pdf', '--out', pdf, '--blank-pages', '2']), env);
  expect(r).toMatchObject({ gifts: expected.count, total: expected.total });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain(`₹${new Intl.NumberFormat('en-IN').format(expected.total)}`);

  const xlsx = path.join(dir, 'demo.xlsx');
  await runReport(parseReportArgs(['--event', 'demo', '--format', 'xlsx', '--out', xlsx, '--lang', 'en', '--village-order', expected.lastVillage]), env);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(xlsx);
  const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).slice(2);
  // The host's village first in the summary by village.
  expect((wb.worksheets[1].getSheetValues() as unknown[][])[2][2]).toBe(expected.lastVillage);
  expect(rows).toHaveLength(expected.count);
  expect(rows.reduce((s, row) => s + (row[9] as number), 0)).toBe(expected.total);

  const csv = path.join(dir, 'demo.csv');
  await runReport(parseReportArgs(['--event', 'demo', '--format', 'csv', '--out', csv]), env);
  const lines = readFileSync(csv, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines).toHaveLength(expected.count + 1);
}, 120_000);

it('says so when the event is not in the database', async () => {
  await expect(runReport(parseReportArgs(['--event', '01900000-0000-7000-8000-000000000bad', '--format', 'csv', '--out', path.join(dir, 'x.csv')]), env)).rejects.toThrow(/No event/);
});
