// `npm run db:change-log`: writes the change-log triggers of server/domain/change-types.ts as the next
// migration (server/domain/change-log-sql.ts), with its journal entry. Run it after changing a type's
// `log` or `notes`; change-log-sql.test.ts fails until then.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changeLogMigration } from '../domain/change-log-sql';

type Journal = { version: string; dialect: string; entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }> };

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journalFile = path.join(dir, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
const numbers = readdirSync(dir).filter((f) => /^\d{4}_.*\.sql$/.test(f)).map((f) => Number(f.slice(0, 4)));
const last = journal.entries.at(-1)!;
// `npm run db:change-log -- [name] [number]`: the number defaults to the next free one.
const idx = process.argv[3] ? Number(process.argv[3]) : Math.max(...numbers, last.idx) + 1;
if (numbers.includes(idx)) throw new Error(`migration ${idx} exists`);
const tag = `${String(idx).padStart(4, '0')}_${process.argv[2] ?? 'change_log'}`;
writeFileSync(path.join(dir, `${tag}.sql`), changeLogMigration());
// Migrations apply in journal order; `when` grows with idx (a reserved lower number fits between).
const before = journal.entries.filter((e) => e.idx < idx).at(-1)!;
journal.entries.push({ idx, version: last.version, when: before.when + (idx - before.idx) * 1000, tag, breakpoints: true });
journal.entries.sort((a, b) => a.idx - b.idx);
writeFileSync(journalFile, JSON.stringify(journal, null, 2) + '\n');
console.log(`wrote server/db/migrations/${tag}.sql`);
