// The app admin's dashboard says "No events today" only when it knows: from the server's answer or
// from this device's copy after its first sync; during the first sync it says the list is coming.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '../../../contract/admin';
import { renderPage } from '../../components/management/test-render';
import { db } from '../../data/db';
import { META } from '../../data/outbox';
import { ApiRequestError } from '../../lib/api-error';
import { localDay } from '../../lib/typed-date';

const answer = vi.hoisted(() => ({ next: null as null | (() => Promise<unknown>) }));
vi.mock('../../lib/admin-api', () => ({ dashboard: () => answer.next!() }));

const { default: DashboardPage } = await import('./dashboard-page');

const EV = '01900000-0000-7000-8000-000000000001';
const empty = (): DashboardResponse => ({
  today: localDay(),
  eventsToday: [],
  totals: { events: 0, openEvents: 0, counters: 0, openCounters: 0, gifts: 0, amount: 0, giftsToday: 0, amountToday: 0, users: 1, newSignups: 0 },
  devicesWithUnsyncedWork: [],
});

beforeEach(async () => {
  await db.open();
  await Promise.all([db.events.clear(), db.counters.clear(), db.gifts.clear(), db.meta.delete(META.lastSyncAt)]);
});

describe('/dashboard/default, events today', () => {
  it('during the first sync (the server not answered yet, nothing pulled) shows a loading state, not "No events today"', async () => {
    let reply!: (v: DashboardResponse) => void;
    answer.next = () => new Promise((r) => { reply = r; });
    await renderPage(<DashboardPage />);
    expect(await screen.findByText('Getting today’s events from the server…')).toBeInTheDocument();
    expect(screen.queryByText('No events today')).toBeNull();
    // The server says there are none: now it is known.
    await act(async () => reply(empty()));
    expect(await screen.findByText('No events today')).toBeInTheDocument();
    expect(screen.queryByTestId('events-today-loading')).toBeNull();
  });

  it('offline before the first sync says the device has not synced yet; after a sync, the local copy decides', async () => {
    answer.next = () => Promise.reject(new ApiRequestError(0, 'network', 'offline'));
    await renderPage(<DashboardPage />, { lang: 'ta' });
    expect(await screen.findByText(/இந்தச் சாதனம் இன்னும் ஒத்திசைக்கப்படவில்லை/)).toBeInTheDocument();
    expect(screen.queryByText('இன்று நிகழ்வுகள் இல்லை')).toBeNull();
    await act(async () => { await db.meta.put({ key: META.lastSyncAt, value: new Date().toISOString() }); });
    expect(await screen.findByText('இன்று நிகழ்வுகள் இல்லை')).toBeInTheDocument();
    await act(async () => {
      await db.events.put({ id: EV, titleTa: 'செல்வம் திருமணம்', titleEn: 'Selvam wedding', functionType: 'wedding', date: localDay(), venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'open', plan: null });
    });
    expect(await screen.findByText('செல்வம் திருமணம்')).toBeInTheDocument();
  });
});
