import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../contract/entities';
import { auth, authStore, initialAuthState, NotSignedInError, readStoredUser, requireSignedInUser, signedInUser } from './auth-store';

const user = (over: Partial<User> = {}): User =>
  ({ id: 'u1', user_id: 'U-1', username: 'selvi', name: 'Selvi', role: 'counter_staff', mobile: null, userType: null, profileImagePath: null, ...over }) as User;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => authStore.setState(initialAuthState, true));

describe('the stored user (spec §3: localStorage user)', () => {
  it('reads a stored user and fills the fields an older app did not store', () => {
    localStorage.setItem('user', JSON.stringify({ id: 'u1', user_id: 'U-1', username: 'selvi', role: 'event_owner' }));
    expect(readStoredUser()).toMatchObject({ id: 'u1', username: 'selvi', role: 'event_owner', name: '', mobile: null });
  });
  it('gives null for anything that is not a user', () => {
    for (const raw of ['not json', 'null', '{"username":"x"}', JSON.stringify({ id: 'u', user_id: 'U', username: 'x', role: 'king' })]) {
      localStorage.setItem('user', raw);
      expect(readStoredUser()).toBeNull();
    }
  });
});

describe('auth transitions keep the store and the storage in step', () => {
  it('sign-in stores the user and the session userId; sign-out removes both', () => {
    auth.signedIn(user());
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
    expect(JSON.parse(localStorage.getItem('user')!).username).toBe('selvi');
    expect(sessionStorage.getItem('userId')).toBe('U-1');
    auth.signedOut();
    expect(authStore.getState()).toEqual({ status: 'unauthenticated', user: null, sessionExpired: false });
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStorage.getItem('userId')).toBeNull();
  });

  it('a saved profile change reaches the same user only, in the store and the storage', () => {
    auth.signedIn(user());
    auth.update('u1', { name: 'Selvi Murugan', username: 'selvim' });
    expect(signedInUser()).toMatchObject({ name: 'Selvi Murugan', username: 'selvim', role: 'counter_staff' });
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Selvi Murugan');
    auth.update('someone-else', { name: 'Other' });
    expect(signedInUser()?.name).toBe('Selvi Murugan');
  });

  it('a server refresh of another person (a sign-in in between) is ignored', () => {
    auth.signedIn(user());
    auth.refresh(user({ id: 'u2', name: 'Late answer' }));
    expect(signedInUser()?.id).toBe('u1');
  });

  it('a 401 marks the session expired only while signed in', () => {
    auth.expired();
    expect(authStore.getState().sessionExpired).toBe(false);
    auth.signedIn(user());
    auth.expired();
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', sessionExpired: true });
  });
});

describe('who is doing this', () => {
  it('before the provider starts, the stored user answers', () => {
    localStorage.setItem('user', JSON.stringify(user({ id: 'u9' })));
    expect(authStore.getState().status).toBe('loading');
    expect(signedInUser()?.id).toBe('u9');
  });
  it('a write with nobody signed in is an error, never an "unknown" actor', () => {
    auth.init();
    expect(() => requireSignedInUser()).toThrow(NotSignedInError);
    auth.signedIn(user());
    expect(requireSignedInUser().id).toBe('u1');
  });
});
