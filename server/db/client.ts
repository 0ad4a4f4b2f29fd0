// Opens the database (PGlite embedded, or PostgreSQL when a URL is given) and applies migrations.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sqlState } from '../errors';
import { ensureStatsPrivilege } from './stats-privilege';

/**
 * Drizzle without its relational query API (`db.query.*`, unused here): given the schema, Drizzle
 * builds a query builder per table for every transaction and savepoint, about a tenth of a
 * millisecond of server CPU per push.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbKind = 'pglite' | 'postgres';
/** Called with each NOTIFY payload on a channel; `onGap` after the listener reconnected (notifications may have been missed). */
export type ListenFn = (channel: string, onPayload: (payload: string) => void, onGap?: () => void) => Promise<() => Promise<void>>;
export type DbHandle = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  ping: () => Promise<void>;
  /** LISTEN on a channel: PostgreSQL through one dedicated connection per call (not a pool slot), PGlite in-process. */
  listen?: ListenFn;
  /**
   * A few connections of their own for what a person waits on while counters push: the pulls and
   * the live stream's checks (PostgreSQL; PGlite: the one db). Behind a burst of pushes in the
   * main pool, each of a pull's statements queued for a slot, and owners saw gifts seconds late.
   */
  readDb?: Db;
  /**
   * Runs `fn` on ONE of readDb's connections, without a transaction (a pull's statements: no BEGIN
   * and COMMIT round trips to hold the connection). PGlite: the one db.
   */
  onReadConnection?: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;
};


/**
 * A dedicated PostgreSQL connection that LISTENs on one channel and reconnects (backing off to 5 s)
 * when the connection drops; after a reconnect `onGap` says notifications may have been missed.
 */
function pgListener(connectionString: string): ListenFn {
  return async (channel, onPayload, onGap) => {
    const { default: pg } = await import('pg');
    let stopped = false;
    let client: InstanceType<typeof pg.Client> | null = null;
    let delay = 100;
    let timer: NodeJS.Timeout | null = null;
    const connect = async (first: boolean): Promise<void> => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (n) => { if (n.channel === channel && n.payload !== undefined) onPayload(n.payload); });
      const retry = () => {
        if (stopped || client !== c) return;
        client = null;
        c.removeAllListeners('end');
        c.end().catch(() => {});
        timer = setTimeout(() => { timer = null; connect(false).catch(() => {}); }, delay);
        delay = Math.min(delay * 2, 5000);
      };
      c.on('error', retry);
      c.on('end', retry);
      client = c;
      try {
        await c.connect();
        await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
        delay = 100;
        if (!first) onGap?.();
      } catch (err) {
        if (first) {
          client = null;
          c.removeAllListeners('end');
          await c.end().catch(() => {});
          throw err;
        }
        retry();
      }
    };
    await connect(true);
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    };
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The lock file that keeps a second process off an embedded database directory. */
export const lockFileOf = (dataDir: string) => path.resolve(dataDir, 'moi.lock');
export type LockInfo = { pid: number; command: string; since: string };

/** Thrown when another live process has the embedded database open. */
export class DatabaseLockedError extends Error {
  constructor(public dataDir: string, public holder: LockInfo) {
    super(
      `The embedded database in ${path.resolve(dataDir, 'db')} is in use by process ${holder.pid} ` +
      `(${holder.command || 'unknown command'}, since ${holder.since}). Two processes must never open it at once: ` +
      `stop that process first (or set MOI_DATA_DIR to another directory). If no such process is running, delete ${lockFileOf(dataDir)}.`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** The process holding the lock, or null when there is none or its process is gone (a crash). */
export function lockHolder(dataDir: string): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  return Number.isInteger(info.pid) && info.pid > 0 && alive(info.pid) ? info : null;
}

/**
 * PGlite is one PostgreSQL backend writing its files without any lock of its own: a second process
 * on the same directory (npm run seed:demo beside npm start) corrupted it for good. An O_EXCL lock
 * file holding our pid keeps the second one out; a lock whose process is gone (killed, crashed) is
 * stale and taken over. Returns the release function.
 */
function acquireLock(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const mine: LockInfo = { pid: process.pid, command: process.argv.slice(1).map((a) => path.basename(a)).join(' '), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = lockHolder(dataDir);
      if (holder) throw new DatabaseLockedError(dataDir, holder);
      // Stale (or half-written by a process that died at once): remove it and try once more; O_EXCL
      // still decides between two processes taking it over at the same moment.
      try { unlinkSync(file); } catch { /* another process removed it first */ }
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      const now = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
      if (now.pid === process.pid) unlinkSync(file);
    } catch { /* already gone */ }
  };
  // process.exit() without close (a fatal start-up error) must not leave the lock behind either.
  process.on('exit', release);
  return release;
}

/**
 * An in-memory database's starting point: a tar of a freshly migrated PGlite data directory, made once
 * per set of migrations and kept in the system's temporary folder, so every test process shares it.
 * The migrator still runs on each copy (it finds nothing left to apply).
 */
let template: Promise<Blob> | null = null;
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const f of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
      const full = path.join(migrationsFolder, f);
      if (statSync(full).isFile()) hash.update(f).update(readFileSync(full));
    }
    const { PGlite } = await import('@electric-sql/pglite');
    // The engine's own version too: a dump is read back only by the PGlite that wrote it.
    const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
    hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
    const file = path.join(tmpdir(), `moi-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(client), { migrationsFolder });
      const dump = await client.dumpDataDir('none');
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Written aside and renamed: a parallel test process never reads half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
      return new Blob([bytes]);
    } finally {
      await client.close();
    }
  })();
  template.catch(() => { template = null; });
  return template;
}

export async function openDb(opts: { databaseUrl?: string; dataDir?: string; inMemory?: boolean }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client that loses its connection (server restart, failover, admin kill) emits 'error' on
    // the pool; unhandled, that would crash the process. The pool drops that client and the next
    // query gets a fresh one, and /moi/health reports 503 while the database is away.
    pool.on('error', (err) => {
      console.warn(`PostgreSQL connection lost: ${err.message}`);
    });
    const db = drizzle(pool);
    try {
      // Refuses to start (StatsPrivilegeError) when the pull could not see other roles' transactions.
      if ((await ensureStatsPrivilege((text) => pool.query(text))) === 'granted') {
        console.log('Granted pg_read_all_stats to this PostgreSQL role: the sync pull reads every running transaction in pg_stat_activity.');
      }
      await migrate(db, { migrationsFolder });
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    const readPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 3 });
    readPool.on('error', (err) => {
      console.warn(`PostgreSQL connection lost: ${err.message}`);
    });
    return {
      db: db as unknown as Db,
      readDb: drizzle(readPool) as unknown as Db,
      onReadConnection: async (fn) => {
        const client = await readPool.connect();
        try {
          const out = await fn(drizzle(client) as unknown as Db);
          client.release();
          return out;
        } catch (e) {
          // A broken connection leaves the pool; one that answered an error goes back.
          client.release(sqlState(e) ? undefined : (e instanceof Error ? e : true));
          throw e;
        }
      },
      kind: 'postgres',
      close: async () => { await Promise.all([pool.end(), readPool.end()]); },
      ping: async () => { await pool.query('select 1'); },
      listen: pgListener(opts.databaseUrl),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Trigram indexes for the gift search (migration 0015).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  let client: InstanceType<typeof PGlite>;
  let release = () => {};
  if (opts.inMemory) {
    // Tests open hundreds of these: start each from a migrated copy (migrating anew costs ~2 s each).
    client = new PGlite({ extensions, loadDataDir: await migratedTemplate() });
  } else {
    const dataDir = opts.dataDir ?? './data';
    const dir = path.resolve(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    release = acquireLock(dataDir);
    try {
      client = new PGlite(dir, { extensions });
      await client.waitReady;
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    // One process owns an embedded database, so its own NOTIFYs are all there is to hear.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => { if (!client.closed) await stop(); };
    },
  };
}
