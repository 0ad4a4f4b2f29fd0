// A fixed SQL text with $n parameters, run as a NAMED prepared statement on PostgreSQL: each pooled
// connection parses and plans it once, then a request sends only Bind/Execute. Used for the few
// statements every push runs (planning them cost the database more than running them). PGlite
// runs the same text. Works inside a Drizzle transaction (the statement runs on its client).
import type { Db } from './client';

type Result = { rows?: unknown[] };
type PgClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<Result> };
type LiteClient = { query(text: string, params: unknown[]): Promise<Result> };

export type Prepared = { name: string; text: string };
/** A statement's name identifies its text on every connection: never reuse a name for another text. */
export const prepared = (name: string, text: string): Prepared => ({ name: `moi_${name}`, text });

const clientOf = (db: Db) => (db as unknown as { session: { client: PgClient | LiteClient } }).session.client;
const isNodePostgres = (c: PgClient | LiteClient): c is PgClient => 'connectionParameters' in c || 'totalCount' in c;

export async function runPrepared<R>(db: Db, st: Prepared, params: unknown[]): Promise<R[]> {
  const c = clientOf(db);
  const res = isNodePostgres(c) ? await c.query({ name: st.name, text: st.text, values: params }) : await c.query(st.text, params);
  return (res.rows ?? []) as R[];
}
