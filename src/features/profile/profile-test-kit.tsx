// Test kit for the profile page: a fake of the four user calls of spec §7 that checks every request
// against the contract's schemas and answers in the contract's shapes (ARCHITECTURE §7), a switch
// to take the network away, and a render helper with Mantine, notifications and i18n. Tests only.
import { StrictMode, type ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { userUpdateBodySchema, uploadProfileImageResponseSchema } from '../../../contract/api';
import { userSchema, type User } from '../../../contract/entities';
import i18n from '../../lib/i18n';

export type Call = { method: string; path: string; body: unknown };
type Failure = { status: number; body: unknown };

export class FakeUserApi {
  users = new Map<string, User>();
  calls: Call[] = [];
  online = true;
  /** The next answer to a path matching this pattern is this failure. */
  failures: Array<{ match: RegExp; failure: Failure; once: boolean }> = [];
  /** While set, every request waits for it (to see 'Saving...', 'Uploading...', the spinner). */
  gate: Promise<void> | null = null;
  private nextFile = 1;

  add(user: User): User {
    this.users.set(user.id, userSchema.parse(user));
    return user;
  }

  failNext(match: RegExp, status: number, body: unknown, once = true) {
    this.failures.push({ match, failure: { status, body }, once });
  }

  hold(): () => void {
    let open!: () => void;
    this.gate = new Promise<void>((r) => {
      open = r;
    });
    return () => {
      this.gate = null;
      open();
    };
  }

  byUsername(username: string): User | undefined {
    return [...this.users.values()].find((u) => u.username === username);
  }

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    this.calls.push({ method, path, body });
    if (this.gate) await this.gate;
    if (!this.online) throw new TypeError('Failed to fetch');
    const i = this.failures.findIndex((f) => f.match.test(path));
    if (i >= 0) {
      const { failure, once } = this.failures[i];
      if (once) this.failures.splice(i, 1);
      return json(failure.status, failure.body);
    }
    const m = path.match(/^\/moi\/user\/getuserbyusername\/(.+)$/);
    if (method === 'GET' && m) {
      const u = this.byUsername(decodeURIComponent(m[1]));
      return json(200, u ? [u] : []);
    }
    if (method === 'POST' && (path === '/moi/user/update' || path === '/moi/user/updateadmin')) {
      const parsed = userUpdateBodySchema.safeParse(body);
      if (!parsed.success) return json(400, { code: 'invalid_body', message: 'Invalid request' });
      const cur = this.users.get(parsed.data.id);
      if (!cur) return json(404, { code: 'not_found', message: 'User not found' });
      const next: User = {
        ...cur,
        name: parsed.data.name ?? cur.name,
        username: parsed.data.username ?? cur.username,
        mobile: parsed.data.mobile ?? cur.mobile,
        lastUpdatedBy: parsed.data.lastUpdatedBy,
      };
      this.users.set(cur.id, next);
      return json(200, next);
    }
    if (method === 'POST' && path === '/moi/user/uploadProfileImage') {
      const form = init.body;
      if (!(form instanceof FormData)) return json(400, { code: 'invalid_body', message: 'Expected a multipart form with file and id' });
      const id = form.get('id');
      const file = form.get('file');
      if (typeof id !== 'string' || !(file instanceof Blob)) return json(400, { code: 'invalid_body', message: 'Expected a multipart form with file and id' });
      const cur = this.users.get(id);
      if (!cur) return json(404, { code: 'not_found', message: 'User not found' });
      const profileImagePath = `file-${this.nextFile++}`;
      this.users.set(id, { ...cur, profileImagePath });
      return json(200, uploadProfileImageResponseSchema.parse({ profileImagePath }));
    }
    return json(404, { code: 'not_found', message: `No route ${method} ${path}` });
  };

  callsTo(path: string): Call[] {
    return this.calls.filter((c) => c.path === path);
  }
}

function json(status: number, data: unknown): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

export const staffUser: User = {
  id: '01938a3e-0000-7000-8000-000000000001',
  user_id: 'MOI-1042',
  username: 'selvi',
  name: 'Selvi Murugan',
  mobile: '9876543210',
  role: 'counter_staff',
  userType: 'Counter staff (Madurai)',
  profileImagePath: null,
  lastUpdatedBy: null,
};

export const adminUser: User = {
  id: '01938a3e-0000-7000-8000-000000000002',
  user_id: 'MOI-0001',
  username: 'admin',
  name: 'Kannan Raja',
  mobile: '9443012345',
  role: 'app_admin',
  userType: null,
  profileImagePath: 'existing-picture',
  lastUpdatedBy: null,
};

/** What the sign-in page stores: the user object under localStorage 'user'. */
export function signInAs(username: string | null) {
  if (username === null) return localStorage.removeItem('user');
  const known = [staffUser, adminUser].find((u) => u.username === username);
  localStorage.setItem('user', JSON.stringify(known ?? { id: `id-${username}`, user_id: `U-${username}`, username, role: 'counter_staff', name: '' }));
}

export async function renderWithProviders(ui: ReactElement, lang: 'en' | 'ta' = 'en') {
  await i18n.changeLanguage(lang);
  // StrictMode as in src/main.tsx: effects run twice, which catches cleanup bugs (e.g. revoked previews).
  return render(
    <StrictMode>
      <MantineProvider env="test">
        <Notifications />
        {ui}
      </MantineProvider>
    </StrictMode>,
  );
}
