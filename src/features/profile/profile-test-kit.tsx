// Test kit for the profile page: the HTTP fake (tests/support/fake-api.ts, which checks every request
// and answer against contract/) answering the four user calls of spec §7 from a table of users, a
// switch to take the network away, and a render helper with Mantine, notifications and i18n. Tests only.
import { StrictMode, type ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { UserUpdateBody } from '../../../contract/api';
import { userSchema, type User } from '../../../contract/entities';
import { vi } from 'vitest';
import { db } from '../../data/db';
import i18n from '../../lib/i18n';
import { FakeApi, type FakeRequest, type Recorded, type Reply } from '../../../tests/support/fake-api';

export type Call = Recorded;

/** The HTTP fake (tests/support/fake-api.ts) with the four user calls answered from `users`. */
export class FakeUserApi extends FakeApi {
  users = new Map<string, User>();
  private nextFile = 1;

  constructor() {
    super();
    this.on('GET /moi/user/getuserbyusername/:username', ({ params }) => {
      const u = this.byUsername(params.username);
      return { status: 200, body: u ? [u] : [] };
    });
    const update = ({ body }: FakeRequest): Reply => {
      const data = body as UserUpdateBody; // checked against the contract by FakeApi
      const cur = this.users.get(data.id);
      if (!cur) return { status: 404, body: { code: 'not_found', message: 'User not found' } };
      const next: User = {
        ...cur,
        name: data.name ?? cur.name,
        username: data.username ?? cur.username,
        mobile: data.mobile ?? cur.mobile,
        lastUpdatedBy: data.lastUpdatedBy,
      };
      this.users.set(cur.id, next);
      return { status: 200, body: next };
    };
    this.on('POST /moi/user/update', update);
    this.on('POST /moi/user/updateadmin', update);
    this.on('POST /moi/user/uploadProfileImage', ({ body }) => {
      const form = body as FormData;
      const id = form.get('id');
      const file = form.get('file');
      if (typeof id !== 'string' || !(file instanceof Blob)) return { status: 400, body: { code: 'invalid_body', message: 'Expected a multipart form with file and id' } };
      const cur = this.users.get(id);
      if (!cur) return { status: 404, body: { code: 'not_found', message: 'User not found' } };
      const profileImagePath = `file-${this.nextFile++}`;
      this.users.set(id, { ...cur, profileImagePath });
      return { status: 200, body: { profileImagePath } };
    });
  }

  /** Every request, in order. */
  get calls(): Call[] {
    return this.requests;
  }

  set calls(list: Call[]) {
    this.requests.splice(0, this.requests.length, ...list);
  }

  add(user: User): User {
    this.users.set(user.id, userSchema.parse(user));
    return user;
  }

  byUsername(username: string): User | undefined {
    return [...this.users.values()].find((u) => u.username === username);
  }

  callsTo(path: string): Call[] {
    return this.requestsTo(path);
  }
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

/** Each test's start: an empty device database, and the fake (with Selvi and the admin) as fetch. */
export async function installFakeUserApi(): Promise<FakeUserApi> {
  await Promise.all(db.tables.map((t) => t.clear()));
  const api = new FakeUserApi();
  api.add(staffUser);
  api.add(adminUser);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}
