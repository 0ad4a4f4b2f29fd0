// `npm run report -- --event <id>|demo --format pdf|xlsx|csv --out FILE [--lang ta|en] [--counter CODE]
// [--from ISO] [--to ISO] [--blank-pages N] [--village-order "ஊர்1,ஊர்2"]` (default: the order stored on the event): the moi book from the server's database (PGlite in
// $MOI_DATA_DIR, or DATABASE_URL), made by the same report/ code as the PWA. Stop the server first
// when it uses PGlite: one process at a time may open its data directory.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildBook } from '../../report/model';
import { renderPdfNode } from '../../report/node';
import { renderCsv, renderXlsx } from '../../report/xlsx';
import { openDb } from '../db/client';
import { DEMO_EVENT_ID } from '../seed-demo';
import { loadBookInput } from './load';

export type ReportArgs = { event: string; format: 'pdf' | 'xlsx' | 'csv'; out: string; lang: 'ta' | 'en'; counter?: string; from?: string; to?: string; blankPages?: number; villageOrder?: string[] };

export function parseReportArgs(argv: string[]): ReportArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      event: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' }, lang: { type: 'string', default: 'ta' },
      counter: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, 'blank-pages': { type: 'string' },
      'village-order': { type: 'string' },
    },
  });
  const problems: string[] = [];
  if (!values.event) problems.push('--event <id> or --event demo is required');
  if (!values.format || !['pdf', 'xlsx', 'csv'].includes(values.format)) problems.push('--format must be pdf, xlsx or csv');
  if (!values.out) problems.push('--out FILE is required');
  if (!['ta', 'en'].includes(values.lang!)) problems.push('--lang must be ta or en');
  const blank = values['blank-pages'] === undefined ? undefined : Number(values['blank-pages']);
  if (blank !== undefined && (!Number.isInteger(blank) || blank < 0)) problems.push('--blank-pages must be a whole number');
  if (problems.length) throw new Error(problems.join('\n'));
  return {
    event: values.event === 'demo' ? DEMO_EVENT_ID : values.event!, format: values.format as ReportArgs['format'], out: values.out!, lang: values.lang as 'ta' | 'en',
    counter: values.counter, from: values.from, to: values.to, blankPages: blank,
    villageOrder: values['village-order']?.split(',').map((v) => v.trim()).filter(Boolean),
  };
}

export async function runReport(args: ReportArgs, env: NodeJS.ProcessEnv = process.env): Promise<{ gifts: number; total: number; bytes: number }> {
  const handle = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.MOI_DATA_DIR ?? './data' });
  try {
    const input = await loadBookInput(handle.db, args.event);
    if (!input) throw new Error(`No event ${args.event} in this database`);
    const counter = args.counter ? input.counters.find((c) => c.code === args.counter || c.id === args.counter) : undefined;
    if (args.counter && !counter) throw new Error(`No counter ${args.counter} in event ${args.event}`);
    const book = buildBook(input, { counterId: counter?.id, from: args.from, to: args.to, blankPages: args.blankPages, villageOrder: args.villageOrder, provider: env.MOI_PROVIDER_NAME });
    const bytes = args.format === 'pdf' ? await renderPdfNode(book, args.lang) : args.format === 'xlsx' ? await renderXlsx(book, args.lang) : renderCsv(book, args.lang);
    writeFileSync(args.out, bytes);
    return { gifts: book.gifts.length, total: book.summary.grandTotal, bytes: bytes.length };
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const args = parseReportArgs(process.argv.slice(2));
    const r = await runReport(args);
    console.log(`Wrote ${args.out}: ${r.gifts} gifts, total ₹${new Intl.NumberFormat('en-IN').format(r.total)} (${r.bytes} bytes)`);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
