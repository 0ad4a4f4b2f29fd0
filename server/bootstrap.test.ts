// First start creates the app_admin: from ADMIN_PASSWORD, or a random password printed once.
import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { users } from './db/schema';
import { createTestApp, login, type TestApp } from './test-utils';

const reuse = (t: TestApp) => ({ db: t.app.db, kind: t.kind, close: async () => {}, ping: async () => {} });

it('creates the admin with ADMIN_PASSWORD on first start, and only once', async () => {
  const t = await createTestApp({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-password-1' });
  try {
    expect(t.app.bootstrapMessage).toMatch(/chief/);
    expect(t.app.bootstrapMessage).not.toContain('chief-password-1');
    const { user } = await login(t.app, 'chief', 'chief-password-1');
    expect(user.role).toBe('app_admin');
    // A second start on the same database creates nothing and prints nothing.
    const again = await buildApp({ ...t.app.config, adminPassword: 'other-password' }, { dbHandle: reuse(t) });
    expect(again.bootstrapMessage).toBeNull();
    await again.close();
    expect(await t.app.db.select().from(users).where(eq(users.role, 'app_admin'))).toHaveLength(1);
    await expect(login(t.app, 'chief', 'other-password')).rejects.toThrow(/401/);
  } finally {
    await t.close();
  }
}, 180_000);

it('without ADMIN_PASSWORD prints a random password once, with how to change it, and that password works', async () => {
  const t = await createTestApp({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: '' });
  try {
    const msg = t.app.bootstrapMessage ?? '';
    const m = /password "([^"]+)"/.exec(msg);
    expect(m).not.toBeNull();
    expect(m![1].length).toBeGreaterThanOrEqual(12);
    expect(msg).toMatch(/change it/i);
    expect((await login(t.app, 'boss', m![1])).user.role).toBe('app_admin');
    // The hash, not the password, is stored.
    const [row] = await t.app.db.select().from(users).where(eq(users.username, 'boss'));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(m![1]);
  } finally {
    await t.close();
  }
}, 180_000);
