// One embedded database directory, one process: a second opener is refused with a message naming
// the first; `npm run seed:demo` while `npm start` runs seeds through the server, and the database
// still opens and holds the demo afterwards. Real processes on a temporary data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { DatabaseLockedError, lockFileOf, openDb } from './db/client';
import { events, users } from './db/schema';
import { DEMO_EVENT_ID, DEMO_USERNAMES } from './seed-demo';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Run = { code: number | null; out: string };

/** As package.json's scripts run them: node with tsx as its loader, one process (no wrapper relaying signals). */
function run(script: string, env: Record<string, string>, args: string[] = []): { child: ChildProcess; done: Promise<Run>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => { out += c.toString(); });
  child.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
  const done = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ code, out })));
  return { child, done, output: () => out };
}

async function waitFor<T>(what: string, fn: () => T | null | undefined, ms = 120_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signIn(base: string, username: string, password: string) {
  const res = await fetch(new URL('/moi/auth/login', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return res.status;
}

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'moi-lock-')); });
afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

it('refuses a second opener of one data directory, naming the holder; a lock left by a dead process is taken over', async () => {
  const first = await openDb({ dataDir: dir });
  try {
    const second = openDb({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(new RegExp(`in use by process ${process.pid}`));
  } finally {
    await first.close();
  }
  // A process that died holding the lock (kill -9, a power cut) leaves the file: it is stale.
  const dead = spawn(process.execPath, ['-e', 'process.exit(0)']);
  await new Promise((resolve) => dead.on('exit', resolve));
  writeFileSync(lockFileOf(dir), JSON.stringify({ pid: dead.pid, command: 'killed', since: new Date().toISOString() }));
  const again = await openDb({ dataDir: dir });
  try {
    await again.ping();
  } finally {
    await again.close();
  }
}, 180_000);

it('npm run seed:demo while npm start runs seeds through the server; the demo users sign in and the database opens afterwards', async () => {
  const env = {
    MOI_DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: path.join(dir, 'no-dist'),
    ADMIN_PASSWORD: 'admin-lock-test-pw', DEMO_PASSWORD: 'demo-lock-test-pw', LOG_LEVEL: 'warn', MOI_SKIP_BUILD: '1',
  };
  const server = run('server/start.ts', env, ['--no-build']);
  try {
    const base = await waitFor('the server to listen', () => /Moi is running[\s\S]*?(http:\/\/localhost:\d+)\//.exec(server.output())?.[1]);
    // The token file that lets local tools in is readable by this OS user only.
    expect(statSync(path.join(dir, 'moi-server.json')).mode & 0o077).toBe(0);
    // The holder named in the token file is the process serving.
    const holder = (JSON.parse(readFileSync(path.join(dir, 'moi-server.json'), 'utf8')) as { pid: number }).pid;
    // One process, so a service manager's or Ctrl-C's signal reaches the server itself (tsx's CLI
    // wrapper SIGKILLed it when it did not confirm a relayed signal within 30 ms on a busy machine).
    expect(holder).toBe(server.child.pid);

    // Opening the database directly is refused while the server has it …
    await expect(openDb({ dataDir: dir })).rejects.toThrow(new RegExp(`in use by process ${holder}`));

    // … and the seed goes through the server instead.
    const tokenBefore = (JSON.parse(readFileSync(path.join(dir, 'moi-server.json'), 'utf8')) as { token: string }).token;
    const seed = await run('server/seed-demo.ts', env).done;
    expect(seed.code, seed.out).toBe(0);
    expect(seed.out).toMatch(new RegExp(`Demo added through the running server \\(process ${holder}\\)`));
    for (const u of Object.values(DEMO_USERNAMES)) expect(await signIn(base, u, 'demo-lock-test-pw'), u).toBe(200);
    const twice = await run('server/seed-demo.ts', env).done;
    expect(twice.code, twice.out).toBe(0);
    expect(twice.out).toMatch(/already there/);

    // Without the current token, the server's seeding door stays shut: a guess, or a token already used.
    for (const token of ['guess', tokenBefore]) {
      const refused = await fetch(new URL('/moi/admin/seed-demo', base), { method: 'POST', headers: { 'content-type': 'application/json', 'x-moi-local-token': token }, body: '{}' });
      expect(refused.status).toBe(403);
    }
  } finally {
    server.child.kill('SIGTERM');
  }
  const stopped = await server.done;
  expect(stopped.code, stopped.out).toBe(0);

  // The directory opens again (the lock went with the server) and holds the demo and the admin.
  const handle = await openDb({ dataDir: dir });
  try {
    expect(await handle.db.select().from(events).where(eq(events.id, DEMO_EVENT_ID))).toHaveLength(1);
    const names = (await handle.db.select({ u: users.username }).from(users)).map((r) => r.u);
    expect(names).toEqual(expect.arrayContaining(['admin', ...Object.values(DEMO_USERNAMES)]));
  } finally {
    await handle.close();
  }
}, 300_000);
