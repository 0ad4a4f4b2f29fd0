// The database's half of the change-type registry (issue 26): from change-types.ts `log`, `notes`
// and `rescopes`, the ONE trigger function that writes change_log (moi_log_change, one branch per
// table and operation, its key the trigger's argument), the triggers that call it, and the payload
// of moi_change_notify(). `npm run db:change-log` writes them as the next migration;
// change-log-sql.test.ts fails while a migrated database holds anything else.
import { changeTypes } from '../../contract/sync';
import { changeTypeDefs, type LogOp, type LogSource, type NoteColumn, type NoteIds } from './change-types';

const OP_SUFFIX: Record<LogOp, string> = { INSERT: 'ins', UPDATE: 'upd', DELETE: 'del' };
/** The trigger functions change_log had before this one (migrations 0005, 0011, 0013): their triggers are dropped with them. */
export const RETIRED_LOG_FUNCTIONS = ['moi_log_changes', 'moi_log_custody', 'moi_log_ledger', 'moi_log_user_update'];

/** One trigger the registry asks for: on `table`, after `op`, per statement over `transition` (or per row). */
export type WantedTrigger = { name: string; table: string; op: LogOp; key: string; transition: 'new' | 'old' | null; when: string | null };

type Branch = { key: string; trigger: WantedTrigger; statements: string[] };

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

function statement(type: string, src: LogSource, op: LogOp): string {
  const del = op === 'DELETE' ? 'true' : 'false';
  return `INSERT INTO change_log (type, entity_id, event_id, counter_id, user_id, deleted)\n      SELECT ${src.distinct ? 'DISTINCT ' : ''}${q(type)}, ${src.cols(del)}` +
    (src.from ? `\n      FROM ${src.from}` : '') + (src.where ? `\n      WHERE ${src.where}` : '') + ';';
}

/** Every (table, operation, transition) the registry logs from, with the statements it runs, in registry order. */
function branches(): Branch[] {
  const out = new Map<string, Branch>();
  const add = (table: string, op: LogOp, transition: 'new' | 'old' | null, when: string | null, stmt: string) => {
    const tail = op === 'UPDATE' && transition === 'old' ? 'old' : when ? 'row' : '';
    const key = `${table}:${op}${tail ? `:${tail}` : ''}`;
    let b = out.get(key);
    if (!b) {
      const name = `${table}_changes_${OP_SUFFIX[op]}${tail ? `_${tail}` : ''}`;
      b = { key, trigger: { name, table, op, key, transition, when }, statements: [] };
      out.set(key, b);
    } else if (b.trigger.when !== when) {
      throw new Error(`change-types.ts: two row conditions for ${key}`);
    }
    b.statements.push(stmt);
  };
  for (const type of changeTypes) {
    for (const src of changeTypeDefs[type].log) {
      for (const op of src.on) {
        const stmt = statement(type, src, op);
        if (src.row) {
          add(src.table, op, null, src.row.when, stmt);
        } else {
          add(src.table, op, op === 'DELETE' ? 'old' : 'new', null, stmt);
          if (op === 'UPDATE' && src.oldToo) add(src.table, op, 'old', null, stmt);
        }
      }
    }
  }
  return [...out.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The triggers the registry asks for (the test compares them with pg_trigger). */
export const wantedTriggers = (): WantedTrigger[] => branches().map((b) => b.trigger);

/** The body of moi_log_change(): one branch per trigger key. */
export function logFunctionBody(): string {
  const bs = branches();
  return `\nBEGIN\n` + bs.map((b, i) =>
    `  ${i === 0 ? 'IF' : 'ELSIF'} TG_ARGV[0] = ${q(b.key)} THEN\n` + b.statements.map((s) => `    ${s}\n`).join('')).join('') +
    `  ELSE\n    RAISE EXCEPTION 'moi_log_change: no change-log branch for %', TG_ARGV[0];\n  END IF;\n  RETURN NULL;\nEND\n`;
}

/** The body of moi_change_notify(): the ids each note key names, from the types' `notes`, and `s`. */
export function notifyFunctionBody(): string {
  const keys = new Map<keyof NoteIds, Map<NoteColumn, string[]>>();
  for (const type of changeTypes) {
    for (const [k, cols] of Object.entries(changeTypeDefs[type].notes) as Array<[keyof NoteIds, NoteColumn[]]>) {
      const byCol = keys.get(k) ?? new Map<NoteColumn, string[]>();
      keys.set(k, byCol);
      for (const c of cols) byCol.set(c, [...(byCol.get(c) ?? []), type]);
    }
  }
  const inList = (ts: string[]) => ts.map(q).join(', ');
  const parts = [...keys.entries()].map(([k, byCol]) => {
    const selects = [...byCol.entries()].map(([c, ts]) => `SELECT ${c} AS v FROM new_rows WHERE type IN (${inList(ts)}) AND ${c} IS NOT NULL`);
    return `    ${q(k)}, (SELECT coalesce(json_agg(DISTINCT v), '[]') FROM (${selects.join(' UNION ')}) x),\n`;
  });
  const rescoping = changeTypes.filter((t) => changeTypeDefs[t].rescopes);
  return `
DECLARE
  payload text;
  tx bigint;
BEGIN
  IF current_setting('moi.defer_notify', true) = 'on' THEN
    RETURN NULL;
  END IF;
  tx := pg_current_xact_id()::text::bigint;
  SELECT json_build_object(
    't', tx,
${parts.join('')}    's', EXISTS (SELECT 1 FROM new_rows WHERE type IN (${inList(rescoping)}))
  )::text INTO payload;
  IF octet_length(payload) > 7000 THEN
    payload := json_build_object('t', tx, 'all', true, 's', true)::text;
  END IF;
  PERFORM pg_notify('moi_changes', payload);
  RETURN NULL;
END
`;
}

const BREAK = '\n--> statement-breakpoint\n';

/** The migration: drop the change-log triggers there are (any generation), create the registry's. */
export function changeLogMigration(): string {
  const fns = ['moi_log_change', ...RETIRED_LOG_FUNCTIONS].map(q).join(', ');
  const create = wantedTriggers().map((t) =>
    `CREATE TRIGGER "${t.name}" AFTER ${t.op} ON "${t.table}"` +
    (t.transition ? ` REFERENCING ${t.transition.toUpperCase()} TABLE AS changed FOR EACH STATEMENT` : ' FOR EACH ROW') +
    (t.when ? `\n  WHEN (${t.when})` : '') +
    ` EXECUTE FUNCTION "moi_log_change"(${q(t.key)});`);
  return [
    `-- Generated by \`npm run db:change-log\` from server/domain/change-types.ts (change-log-sql.ts); do not edit.
-- The change log is written by ONE trigger function, one branch per table and operation, its triggers
-- and moi_change_notify()'s payload all from the change-type registry.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT t.tgname, t.tgrelid::regclass AS tbl FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE p.proname IN (${fns}) AND NOT t.tgisinternal LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', r.tgname, r.tbl);
  END LOOP;
END
$$;`,
    ...RETIRED_LOG_FUNCTIONS.map((f) => `DROP FUNCTION IF EXISTS "${f}"();`),
    `CREATE OR REPLACE FUNCTION "moi_log_change"() RETURNS trigger LANGUAGE plpgsql AS $$${logFunctionBody()}$$;`,
    ...create,
    `CREATE OR REPLACE FUNCTION "moi_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$${notifyFunctionBody()}$$;`,
  ].join(BREAK) + '\n';
}
