// Hand-written statements for the hot paths (the single-gift push, issue 14): a fixed SQL text
// with $n parameters, run as a NAMED prepared statement on PostgreSQL. Each pooled connection
// parses and plans it once; afterwards a push sends only Bind/Execute. Planning the push's first
// statement (session, device, scope, counters, idempotency records in one CTE) cost the database
// more than running it, and building it with Drizzle's SQL builder cost the server about as much
// again. PGlite runs the same text (it has no per-connection statement cache to speak of).
// Works inside a Drizzle transaction as well (the statement runs on that transaction's client).
import type { Db } from './client';

type RawSession = {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> };
};

/** A statement with a fixed text: its name identifies the text on every connection (never reuse a name for another text). */
export type Statement = { name: string; text: string };

export const statement = (name: string, text: string): Statement => ({ name: `moi_${name}`, text });

/** Runs a fixed statement with its parameters and returns its rows. */
export async function runStatement<R>(db: Db, st: Statement, params: unknown[]): Promise<R[]> {
  const session = (db as unknown as { session: RawSession }).session;
  const res = await session.prepareQuery({ sql: st.text, params }, undefined, st.name, false).execute();
  return ((res as { rows?: R[] }).rows ?? []) as R[];
}
