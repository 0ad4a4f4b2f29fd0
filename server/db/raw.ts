// Hand-written statements for the hot paths (the single-gift push, issue 14): a fixed SQL text
// with $n parameters, run as a NAMED prepared statement on PostgreSQL. Each pooled connection
// parses and plans it once; afterwards a push sends only Bind/Execute. Planning the push's first
// statement (session, device, scope, counters, idempotency records in one CTE) cost the database
// more than running it, and building it with Drizzle's SQL builder cost the server about as much
// again. PGlite runs the same text (it has no per-connection statement cache to speak of).
// Works inside a Drizzle transaction as well (the statement runs on that transaction's client).
import type { Db } from './client';

type QueryResult = { rows?: unknown[] };
/** node-postgres: a Pool or a (transaction's) Client; both take a query config with a name. */
type PgQueryable = { query(config: { name: string; text: string; values: unknown[] }): Promise<QueryResult> };
/** PGlite, or one of its transactions. */
type LiteQueryable = { query(text: string, params: unknown[]): Promise<QueryResult> };

/** A statement with a fixed text: its name identifies the text on every connection (never reuse a name for another text). */
export type Statement = { name: string; text: string };

export const statement = (name: string, text: string): Statement => ({ name: `moi_${name}`, text });

const driverOf = (db: Db) => (db as unknown as { session: { client: PgQueryable | LiteQueryable } }).session.client;
const isNodePostgres = (client: PgQueryable | LiteQueryable): client is PgQueryable => 'connectionParameters' in client || 'totalCount' in client;
/** Is this handle on PostgreSQL through node-postgres (several connections), not PGlite (one)? */
export const onNodePostgres = (db: Db): boolean => isNodePostgres(driverOf(db));

/**
 * Runs a fixed statement with its parameters and returns its rows, straight on the driver under
 * Drizzle's session (no query builder, no result mapping: the statements return text, numbers and
 * booleans only).
 */
export async function runStatement<R>(db: Db, st: Statement, params: unknown[]): Promise<R[]> {
  const client = driverOf(db);
  const res = isNodePostgres(client)
    ? await client.query({ name: st.name, text: st.text, values: params })
    : await client.query(st.text, params);
  return (res.rows ?? []) as R[];
}
