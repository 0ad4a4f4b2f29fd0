// One event's gifts for its owner: totals by counter and by mode from the device's copy, and a
// gift arriving from another counter (as a pull would write it) updates them without a reload.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../components/management/test-render';
import { db, type LocalGift } from '../../data/db';
import EventGiftsPage from './event-gifts-page';

const EV = '01900000-0000-7000-8000-000000000001';
const CA = '01900000-0000-7000-8000-0000000000a1';
const CB = '01900000-0000-7000-8000-0000000000b1';

function gift(i: number, p: Partial<LocalGift> = {}): LocalGift {
  return {
    id: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`, eventId: EV, counterId: CA, receiptNo: `A-T1-${String(i).padStart(4, '0')}`, name: `Giver ${i}`, initial: '', village: 'Melur',
    mobile: '', relation: 'other', mode: 'cash', amount: 1001, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u1',
    receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0, ...p,
  };
}

beforeEach(async () => {
  await Promise.all([db.events.clear(), db.counters.clear(), db.gifts.clear()]);
  await db.events.put({ id: EV, titleTa: null, titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22', venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'open', plan: null });
  const c = { eventId: EV, name: '', status: 'open' as const, staffIds: [], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null };
  await db.counters.bulkPut([{ ...c, id: CA, code: 'A' }, { ...c, id: CB, code: 'B' }]);
});

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('/event/gift', () => {
  it('totals by counter and by mode, updating as another counter’s gift arrives', async () => {
    await db.gifts.bulkPut([gift(1), gift(2, { mode: 'upi', amount: 501 }), gift(3, { counterId: CB, mode: 'cheque', amount: 10_001 })]);
    await renderPage(<EventGiftsPage />, { path: `/event/gift?event=${EV}` });
    const byCounter = await screen.findByTestId('by-counter', {}, { timeout: 5000 });
    await waitFor(() => expect(within(byCounter).getAllByRole('row')).toHaveLength(3));
    const [, rowA, rowB] = within(byCounter).getAllByRole('row');
    expect(cells(rowA!)).toEqual(['A', 'Open', '2', '₹1,001', '₹1,502']);
    expect(cells(rowB!)).toEqual(['B', 'Open', '1', '₹0', '₹10,001']);
    const byMode = screen.getByTestId('by-mode');
    expect(cells(within(byMode).getAllByRole('row')[3]!)).toEqual(['Cheque', '1', '₹10,001']);

    await db.gifts.put(gift(4, { counterId: CB, amount: 2001 }));
    await waitFor(() => expect(cells(within(screen.getByTestId('by-counter')).getAllByRole('row')[2]!)).toEqual(['B', 'Open', '2', '₹2,001', '₹12,002']));
    expect(within(screen.getAllByTestId('total-sum')[0]!).getByText('₹13,504')).toBeInTheDocument();
  });

  it('never adds an item gift or its estimated value to a money total: the item is counted apart, its estimate labelled', async () => {
    // The item as older entry forms keyed it: the estimate in amount too (today's form stores it as approxValue only).
    await db.gifts.bulkPut([gift(1), gift(2, { mode: 'upi', amount: 2001 }), gift(3, { name: 'Ponnammal', mode: 'item', item: 'Gold chain', amount: 5000, approxValue: 5000 }), gift(4, { village: 'Karur', amount: 701 })]);
    const user = userEvent.setup();
    await renderPage(<EventGiftsPage />, { path: `/event/gift?event=${EV}` });
    const byCounter = await screen.findByTestId('by-counter', {}, { timeout: 5000 });
    await waitFor(() => expect(cells(within(byCounter).getAllByRole('row')[1]!)).toEqual(['A', 'Open', '4', '₹1,702', '₹3,703']));
    expect(within(screen.getAllByTestId('total-sum')[0]!).getByText('₹3,703')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('total-items')[0]!).getByText('1')).toBeInTheDocument();
    expect(cells(within(screen.getByTestId('by-mode')).getAllByRole('row')[4]!)).toEqual(['Item', '1', '—']);
    // The gift list's totals (shown once a search narrows it, here to Melur's three): no money from the item, its estimate labelled.
    await user.type(screen.getByLabelText('Search'), 'Melur');
    const bar = await screen.findByTestId('gift-totals', {}, { timeout: 5000 });
    await waitFor(() => expect(within(bar).getByTestId('total-sum')).toHaveTextContent('₹3,002'));
    expect(within(bar).getByTestId('total-items')).toHaveTextContent('1 · estimated ₹5,000');
  });

  it('searches as you type and shows the totals of what matches', async () => {
    await db.gifts.bulkPut([gift(1, { name: 'முருகன்', village: 'மதுரை' }), gift(2, { name: 'Lakshmi', amount: 501 }), gift(3, { name: 'Selvam', mobile: '9876543210', amount: 201 })]);
    const user = userEvent.setup();
    await renderPage(<EventGiftsPage />, { path: `/event/gift?event=${EV}` });
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(3), { timeout: 5000 });
    await user.type(screen.getByLabelText('Search'), 'மதுரை');
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(1));
    expect(screen.getByText('1 of 3 gifts')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), '98765');
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(1));
    expect(screen.getAllByTestId('gift-row')[0]).toHaveTextContent('Selvam');
    // the filtered totals appear above the list while a filter narrows it
    expect(within(screen.getAllByTestId('total-sum')[1]!).getByText('₹201')).toBeInTheDocument();
  });
});
