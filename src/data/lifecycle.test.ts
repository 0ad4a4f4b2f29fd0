// Signing in on a device: a different person does not inherit the previous one's data or drafts.
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../contract/api';
import { readDraft, writeDraft } from '../lib/drafts';
import { MoiDb } from './db';
import { afterSignInOn } from './lifecycle';

const dbs: MoiDb[] = [];
afterEach(async () => {
  for (const d of dbs.splice(0)) {
    d.close();
    await d.delete();
  }
});

const login = (id: string) => ({
  user: { id, user_id: id.toUpperCase(), username: id, name: id, mobile: null, role: 'counter_staff', userType: null, profileImagePath: null },
  device: { deviceId: 'dev-1', code: 'T7' },
}) as unknown as LoginResponse;

describe('afterSignIn', () => {
  it('keeps the same person’s half-typed giver, and drops it when someone else signs in on the tablet', async () => {
    const db = new MoiDb(`moi-lifecycle-${Date.now()}`);
    dbs.push(db);
    await db.open();
    await afterSignInOn(db, login('kavi'), 'dev-1');
    writeDraft('gift-entry', { counterId: 'c1', values: { name: 'Murugan' } });
    await afterSignInOn(db, login('kavi'), 'dev-1'); // the same person again (session expired)
    expect(readDraft('gift-entry')).toEqual({ counterId: 'c1', values: { name: 'Murugan' } });
    await afterSignInOn(db, login('ravi'), 'dev-1');
    expect(readDraft('gift-entry')).toBeNull();
  });
});
