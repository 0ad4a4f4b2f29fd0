// Start-up check (PostgreSQL only) for what the sync pull's horizon needs (domain/sync-pull.ts):
// it reads every running transaction of this database from pg_stat_activity, and PostgreSQL shows
// another role's transaction id there only to a superuser or a role with the privileges of
// pg_read_all_stats. Without them, a change written by another role (a migration or a fix run as
// another user, a second service) is invisible while it runs, the horizon passes it, and devices'
// cursors skip it for good. So the server refuses to start rather than silently lose changes.

/** The one query the check needs: `text` in, rows out (a pg Pool or Client). */
export type Query = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** Thrown when the server's role cannot see other roles' transactions and cannot grant itself the right to. */
export class StatsPrivilegeError extends Error {
  constructor(public role: string, public command: string, tried?: string) {
    super(
      `PostgreSQL role ${role} may not see other roles' transactions in pg_stat_activity, which the sync pull needs ` +
      `to know which changes are final (without it a change written by another role could be skipped by every device). ` +
      `As a superuser, run:\n\n  ${command}\n\nthen start Moi again.` +
      (tried ? ` (Moi tried to grant it itself: ${tried})` : ''),
    );
    this.name = 'StatsPrivilegeError';
  }
}

const STATE = `select quote_ident(current_user) as role,
    r.rolsuper or pg_has_role(current_user, 'pg_read_all_stats', 'USAGE') as ok,
    pg_has_role(current_user, 'pg_read_all_stats', 'MEMBER') as member,
    r.rolinherit as inherit,
    current_setting('server_version_num')::int >= 160000 as v16,
    -- Who may GRANT it: a holder of its admin option; before PostgreSQL 16 any CREATEROLE role.
    pg_has_role(current_user, 'pg_read_all_stats', 'MEMBER WITH ADMIN OPTION')
      or (r.rolcreaterole and current_setting('server_version_num')::int < 160000) as can_grant
  from pg_roles r where r.rolname = current_user`;
type State = { role: string; ok: boolean; member: boolean; inherit: boolean; v16: boolean; can_grant: boolean };

/**
 * What a superuser runs to give `role` pg_read_all_stats's privileges ('USAGE', not mere
 * membership: a member that does not inherit gets none). PostgreSQL 16 sets inheritance per grant;
 * before, per role (NOINHERIT).
 */
function fix(s: State, role = s.role): string {
  if (s.v16) return `GRANT pg_read_all_stats TO ${role}${s.member || !s.inherit ? ' WITH INHERIT TRUE' : ''};`;
  return [s.member ? '' : `GRANT pg_read_all_stats TO ${role};`, s.inherit ? '' : `ALTER ROLE ${role} INHERIT;`].filter(Boolean).join(' ');
}

/**
 * Resolves 'ok' when the role already sees every transaction, 'granted' when it could and did grant
 * itself pg_read_all_stats (usually it cannot: that takes the role's admin option, or CREATEROLE
 * before PostgreSQL 16); otherwise throws StatsPrivilegeError naming what a superuser must run.
 */
export async function ensureStatsPrivilege(query: Query): Promise<'ok' | 'granted'> {
  const state = async () => (await query(STATE)).rows[0] as State;
  const first = await state();
  if (first.ok) return 'ok';
  if (!first.can_grant || first.member || !first.inherit) throw new StatsPrivilegeError(first.role, fix(first));
  try {
    await query(fix(first, 'CURRENT_USER').replace(/;$/, ''));
  } catch (err) {
    throw new StatsPrivilegeError(first.role, fix(first), (err as Error).message);
  }
  const after = await state();
  if (!after.ok) throw new StatsPrivilegeError(after.role, fix(after));
  return 'granted';
}
