// The sync panel's check against the server (fake-indexeddb; the server's figures and the repair's
// answers from a scripted transport shaped as contract/sync.ts says).
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Gift } from '../../../contract/entities';
import type { PullResponse } from '../../../contract/sync';
import { db } from '../../data/db';
import { createGift } from '../../data/gifts-repo';
import { META, metaSet } from '../../data/outbox';
import { SERVER_FIGURES } from '../../data/sync/agreement';
import { getSyncEngine } from '../../data/sync/app';
import type { SyncTransport } from '../../data/sync/transport';
import { setLanguage } from '../../lib/i18n';
import { mantineThemeFor } from '../../lib/themes';
import { SyncPanel } from './sync-panel';

const EVENT = '0192f000-0000-7000-8000-0000000000e1';
const COUNTER = '0192f000-0000-7000-8000-0000000000c1';
const CURSOR = 50;
const FIGURES = [{ eventId: EVENT, count: 2, money: 1502, lastChange: 40 }];

const serverGift = (n: number, amount: number): Gift => ({
  id: `0192f000-0000-7000-8000-00000000010${n}`, eventId: EVENT, counterId: COUNTER, receiptNo: `A-T7-000${n}`, name: `Giver ${n}`, initial: '', village: 'மதுரை',
  mobile: '', relation: 'other', mode: 'cash', amount, reference: '', item: '', weightGrams: null, approxValue: null, note: '',
  enteredAt: '2026-11-22T04:00:00.000Z', enteredBy: 'u1', receivedAt: '2026-11-22T04:00:01.000Z', version: 1, deletedAt: null, deletedBy: null,
  deleteReason: null, pinAuthorId: null, pushedBy: null, deviceEnteredAt: null, clockOffsetMs: null, flags: [], reviewedAt: null, reviewedBy: null,
  receiptToken: null, messageConsent: false,
});
const onServer = [serverGift(1, 501), serverGift(2, 1001)];

/** The server: the two gifts above, their figures on every caught-up answer. */
const transport: SyncTransport = {
  push: async () => ({ results: [] }),
  pull: async (): Promise<PullResponse> => ({ changes: [], cursor: CURSOR, hasMore: false, scope: { gift: 's' }, figures: FIGURES }),
  pullEvent: async (): Promise<PullResponse> => ({ changes: onServer.map((row) => ({ type: 'gift', id: row.id, row })), cursor: CURSOR, hasMore: false, scope: { gift: 's' } }),
  uploadProfileImage: async () => ({ profileImagePath: '' }),
};

function renderPanel() {
  return render(
    <MantineProvider theme={mantineThemeFor('blue')} env="test">
      <MemoryRouter>
        <SyncPanel />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeEach(async () => {
  setLanguage('en');
  await db.open();
  await Promise.all([db.outbox.clear(), db.gifts.clear(), db.meta.clear(), db.events.clear()]);
  await metaSet(db, META.deviceCode, 'T7');
  await metaSet(db, META.pullCursor, CURSOR);
  await metaSet(db, META.pullScope, { gift: 's' });
  await metaSet(db, SERVER_FIGURES, { figures: FIGURES, giftScope: 's' });
  await db.events.put({ id: EVENT, titleEn: 'Meena’s wedding', titleTa: 'மீனா திருமணம்' } as never);
  await db.gifts.bulkPut(onServer.map((g) => ({ ...g, _pending: 0 as const })));
  getSyncEngine().transport = transport;
});
afterEach(() => setLanguage('en'));

const eventCard = async () => within(await screen.findByTestId('sync-agreement')).findByTestId('agreement-event', undefined, { timeout: 5000 });

describe('Checked against the server', () => {
  it('says it has not checked yet before a sync brought the server’s figures', async () => {
    await db.meta.delete(SERVER_FIGURES);
    renderPanel();
    const section = await screen.findByTestId('sync-agreement');
    expect(await within(section).findByText('Not checked yet: the server’s figures arrive with the next sync.')).toBeInTheDocument();
    expect(section).not.toHaveTextContent('In step');
  });

  it('says in step with the count and ₹ when the synced gifts match', async () => {
    renderPanel();
    const card = await eventCard();
    expect(card).toHaveAttribute('data-state', 'inStep');
    expect(card).toHaveTextContent('Meena’s wedding');
    expect(card).toHaveTextContent('In step with the server · 2 gifts · ₹1,502');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('a row changed behind the device’s back: it differs, with both figures; Repair re-pulls and it is in step again', async () => {
    await db.gifts.update(onServer[0].id, { amount: 50_001 });
    renderPanel();
    const card = await eventCard();
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'differs'));
    expect(card).toHaveTextContent('Differs from the server');
    expect(card).toHaveTextContent('This device: 2 gifts · ₹51,002 · Server: 2 gifts · ₹1,502');
    const repair = within(card).getByRole('button', { name: 'Repair this event' });
    expect(repair).toHaveAccessibleDescription(/Entries waiting to be sent are kept/);
    fireEvent.click(repair);
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'inStep'), { timeout: 5000 });
    expect(card).toHaveTextContent('In step with the server · 2 gifts · ₹1,502');
    expect(card).toHaveTextContent('Pulled again from the server.');
    // The button is gone: keyboard focus is on what happened, not lost to the page.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Pulled again from the server.'));
    expect((await db.gifts.get(onServer[0].id))?.amount).toBe(501);
  });

  it('shows gifts waiting to be sent apart and never calls the event in step meanwhile (Tamil too)', async () => {
    await act(async () => {
      await createGift({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: 'Velu', amount: 201, enteredBy: 'u1' });
    });
    renderPanel();
    const card = await eventCard();
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'waiting'));
    expect(card).toHaveTextContent('Sent gifts match the server · 2 gifts · ₹1,502');
    expect(within(card).getByTestId('agreement-pending')).toHaveTextContent('Waiting to be sent, not counted above: 1 gift · ₹201');
    expect(card).not.toHaveTextContent('In step');
    await act(async () => setLanguage('ta'));
    expect(card).toHaveTextContent('மீனா திருமணம்');
    expect(card).toHaveTextContent('அனுப்பிய மொய்கள் சேவையகத்துடன் ஒத்துப்போகின்றன · 2 மொய்கள் · ₹1,502');
    expect(within(card).getByTestId('agreement-pending')).toHaveTextContent('அனுப்பக் காத்திருப்பவை, மேலே சேர்க்கப்படவில்லை: 1 மொய் · ₹201');
  });
});
