// Test helpers for the counter screens: a device database seeded with a signed-in user, an
// event, counters and PINs (fake-indexeddb), and a renderer with Mantine and the router.
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { db, type LocalCounter, type LocalEvent, type LocalUser } from '../../data/db';
import '../../lib/i18n';

export const EVENT_ID = '01900000-0000-7000-8000-0000000000e1';
export const COUNTER_A = '01900000-0000-7000-8000-0000000000ca';
export const COUNTER_B = '01900000-0000-7000-8000-0000000000cb';

export const staff1: LocalUser = { id: 'u-staff1', user_id: 'S1', username: 'staff1', name: 'Kavitha', mobile: null, role: 'counter_staff', userType: null, profileImagePath: null, _pending: 0 };

export const event: LocalEvent = {
  id: EVENT_ID, titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22',
  venue: 'Madurai', hostNames: 'Selvam & Meenakshi', thankYouNote: 'தங்கள் வருகைக்கு நன்றி!', upiId: 'selvam@okaxis', ownerIds: [], adminIds: [],
  status: 'open', plan: null, _pending: 0,
};

export const counter = (p: Partial<LocalCounter> = {}): LocalCounter => ({
  id: COUNTER_A, eventId: EVENT_ID, code: 'A', name: 'Counter A', status: 'open', staffIds: [staff1.id], openedAt: null, openedBy: null,
  closedAt: null, closedBy: null, tally: null, _pending: 0, ...p,
});

export async function seedDevice(opts: { counters?: LocalCounter[]; user?: LocalUser } = {}) {
  await db.delete();
  await db.open();
  const user = opts.user ?? staff1;
  await db.users.put(user);
  await db.meta.bulkPut([{ key: 'user', value: user.id }, { key: 'deviceCode', value: 'T7' }, { key: 'deviceId', value: '01900000-0000-7000-8000-0000000000d1' }]);
  await db.events.put(event);
  await db.counters.bulkPut(opts.counters ?? [counter()]);
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify(user)); // a signed-in device: the auth store's persistence
}

export function renderPage(ui: ReactNode) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}
