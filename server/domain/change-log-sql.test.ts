// The change log's triggers come from the change-type registry (issue 26, item 4): a migrated
// database holds exactly the triggers, the one logging function and the notify payload that
// change-log-sql.ts generates from change-types.ts — no hand-written trigger writes change_log.
// Editing a type's `log` or `notes` without `npm run db:change-log` fails here. Runs on PGlite (the
// same migrations make PostgreSQL's; its sync and live suites exercise the triggers there).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../db/client';
import { logFunctionBody, notifyFunctionBody, wantedTriggers } from './change-log-sql';

let h: DbHandle;
const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => ((await h.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  h = await openDb({ inMemory: true });
});
afterAll(async () => {
  await h?.close();
});

describe('the change log from the registry', () => {
  it('the database has exactly the triggers the registry asks for, each calling the one function with its key', async () => {
    const found = await rows<{ name: string; tbl: string; def: string }>(sql`
      select t.tgname as name, c.relname as tbl, pg_get_triggerdef(t.oid) as def
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname like 'moi\\_log%' order by t.tgname`);
    const want = wantedTriggers();
    expect(found.map((f) => f.name)).toEqual(want.map((w) => w.name).sort());
    for (const w of want) {
      const def = found.find((f) => f.name === w.name)!.def;
      expect(def).toContain(`AFTER ${w.op} ON public.${w.table}`);
      expect(def).toContain(`EXECUTE FUNCTION moi_log_change('${w.key}')`);
      if (w.transition) expect(def).toContain(`REFERENCING ${w.transition.toUpperCase()} TABLE AS changed FOR EACH STATEMENT`);
      else expect(def).toContain('FOR EACH ROW WHEN');
    }
  });

  it('only the one generated function writes change_log, and both functions are as generated', async () => {
    const fns = await rows<{ name: string; src: string }>(sql`
      select proname as name, prosrc as src from pg_proc where prosrc ilike '%insert into change_log%' or proname = 'moi_change_notify'`);
    expect(fns.map((f) => f.name).sort()).toEqual(['moi_change_notify', 'moi_log_change']);
    expect(fns.find((f) => f.name === 'moi_log_change')!.src).toBe(logFunctionBody());
    expect(fns.find((f) => f.name === 'moi_change_notify')!.src).toBe(notifyFunctionBody());
  });

  it('logs each write as its type says: an event, its counter, staff with a PIN, a gift, its correction, a delete', async () => {
    const x = (q: ReturnType<typeof sql>) => h.db.execute(q);
    await x(sql`insert into users (id, user_id, username, name, role, password_hash) values ('u-cl', 'U-CL', 'u-cl', 'Staff', 'counter_staff', 'x')`);
    await x(sql`insert into events (id, function_type, date) values ('ev-cl', 'wedding', '2026-11-27')`);
    await x(sql`insert into counters (id, event_id, code) values ('c-cl', 'ev-cl', 'A')`);
    await x(sql`insert into counter_staff (counter_id, user_id, pin_salt, pin_hash) values ('c-cl', 'u-cl', 's', 'h')`);
    await x(sql`insert into gifts (id, event_id, counter_id, receipt_no, name, amount, entered_at, entered_by) values ('g-cl', 'ev-cl', 'c-cl', '1', 'N', 101, now(), 'u-cl')`);
    await x(sql`update gifts set amount = 501 where id = 'g-cl'`);
    await x(sql`update users set name = 'Staff 2' where id = 'u-cl'`);
    await x(sql`update users set password_hash = 'y' where id = 'u-cl'`);
    await x(sql`delete from gifts where id = 'g-cl'`);
    const log = await rows<{ type: string; entity_id: string; event_id: string | null; counter_id: string | null; user_id: string | null; deleted: boolean }>(sql`
      select type, entity_id, event_id, counter_id, user_id, deleted from change_log
      where event_id = 'ev-cl' or entity_id = 'ev-cl' or user_id = 'u-cl' order by id`);
    const row = (type: string, entity_id: string, event_id: string | null, counter_id: string | null, user_id: string | null, deleted = false) => ({ type, entity_id, event_id, counter_id, user_id, deleted });
    expect(log).toEqual([
      row('user', 'u-cl', null, null, 'u-cl'),
      row('event', 'ev-cl', 'ev-cl', null, null),
      row('counter', 'c-cl', 'ev-cl', 'c-cl', null),
      // Put on a counter: its event (already logged in another transaction, so again), the counter, the PIN.
      row('event', 'ev-cl', 'ev-cl', null, null),
      row('counter', 'c-cl', 'ev-cl', 'c-cl', null),
      row('staffPin', 'c-cl:u-cl', 'ev-cl', 'c-cl', null),
      row('gift', 'g-cl', 'ev-cl', 'c-cl', null),
      row('gift', 'g-cl', 'ev-cl', 'c-cl', null),
      // A public column changed: the user and their PIN entry; a password change: nothing.
      row('user', 'u-cl', null, null, 'u-cl'),
      row('staffPin', 'c-cl:u-cl', 'ev-cl', 'c-cl', null),
      row('gift', 'g-cl', 'ev-cl', 'c-cl', null, true),
    ]);
  });

  it('a notification names the ids its types say, and whether scopes change', async () => {
    const got: string[] = [];
    const stop = await h.listen!('moi_changes', (p) => got.push(p));
    try {
      await h.db.execute(sql`insert into change_log (type, entity_id, event_id, counter_id, user_id) values
        ('gift', 'g1', 'e1', 'c1', null), ('counter', 'c2', 'e2', 'c2', null), ('ledgerPerson', 'p1', null, null, 'h1'), ('signup', 's1', null, null, 'u1')`);
      for (let i = 0; i < 50 && !got.length; i++) await new Promise((r) => setTimeout(r, 20));
      const n = JSON.parse(got[0]) as Record<string, unknown>;
      expect(new Set(n.ge as string[])).toEqual(new Set(['e1', 'e2']));
      expect(new Set(n.gc as string[])).toEqual(new Set(['c1', 'c2']));
      expect(n.lo).toEqual(['h1']);
      expect(n.mu).toEqual(['u1']);
      expect(n.ev).toEqual([]);
      expect(n.s).toBe(true);
    } finally {
      await stop();
    }
  });
});
