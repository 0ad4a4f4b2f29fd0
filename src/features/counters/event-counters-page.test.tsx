// /event/counter with no server reachable: opening and closing a counter still work (they are
// saved on the device with their outbox mutation), and server-only actions say a connection is needed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../components/management/test-render';
import { db, type LocalGift } from '../../data/db';
import EventCountersPage from './event-counters-page';

const EV = '01900000-0000-7000-8000-000000000001';
const CA = '01900000-0000-7000-8000-0000000000a1';
const ADMIN = { id: 'admin-1', user_id: 'U1', username: 'kavitha', name: 'Kavitha', mobile: null, role: 'event_admin', userType: null, profileImagePath: null };

function gift(i: number, p: Partial<LocalGift> = {}): LocalGift {
  return {
    id: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`, eventId: EV, counterId: CA, receiptNo: `A-T1-${i}`, name: `Giver ${i}`, initial: '', village: '',
    mobile: '', relation: 'other', mode: 'cash', amount: 501, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u1',
    receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0, ...p,
  };
}

beforeEach(async () => {
  await Promise.all([db.events.clear(), db.counters.clear(), db.gifts.clear(), db.outbox.clear()]);
  localStorage.setItem('user', JSON.stringify(ADMIN));
  await db.events.put({ id: EV, titleTa: null, titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22', venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [ADMIN.id], status: 'open', plan: null });
});

describe('/event/counter offline', () => {
  it('opens a closed counter on the device and queues counter.open', async () => {
    await db.counters.put({ id: CA, eventId: EV, code: 'A', name: 'Main entrance', status: 'closed', staffIds: [], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null });
    const user = userEvent.setup();
    await renderPage(<EventCountersPage />, { path: `/event/counter?event=${EV}` });
    const card = await screen.findByTestId('counter-card-A', {}, { timeout: 5000 });
    expect(within(card).getByTestId('counter-status')).toHaveTextContent('Closed');
    // the REST view of staff and PINs needs the server: the page says so
    expect(await screen.findByText('You are offline. This needs a connection to the server.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Open counter' }));
    // The opening float: an amount (or a count of notes and coins), part of the expected cash.
    const openDialog = await screen.findByRole('dialog');
    await user.type(within(openDialog).getByLabelText('Float amount (₹)'), '2000');
    await user.click(within(openDialog).getByRole('button', { name: 'Open the counter' }));
    await waitFor(() => expect(within(card).getByTestId('counter-status')).toHaveTextContent('Open'));
    expect(within(card).getByTestId('counter-float')).toHaveTextContent('₹2,000');
    expect(within(card).getByText('Waiting to sync')).toBeInTheDocument();
    const rows = await db.outbox.toArray();
    expect(rows.map((r) => [r.name, r.state])).toEqual([['counter.open', 'pending']]);
    expect(rows[0]!.args).toMatchObject({ id: CA, by: ADMIN.id, openingFloat: { amount: 2000 } });
  });

  it('closes an open counter with a blind count: expected (float + cash gifts) and the difference only after the count is saved, then a reason', async () => {
    await db.counters.put({ id: CA, eventId: EV, code: 'A', name: '', status: 'open', staffIds: [], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null, openingFloat: { amount: 500 } });
    await db.gifts.bulkPut([gift(1), gift(2), gift(3, { mode: 'upi', amount: 1001 }), gift(4, { amount: 2001, deletedAt: new Date().toISOString() })]);
    const user = userEvent.setup();
    await renderPage(<EventCountersPage />, { path: `/event/counter?event=${EV}` });
    const card = await screen.findByTestId('counter-card-A', {}, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Close counter' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText(/₹500 note/), '3');
    expect(within(dialog).queryByTestId('tally-expected')).toBeNull();
    expect(dialog.textContent).not.toContain('1,502');
    await user.click(within(dialog).getByRole('button', { name: 'Close the counter' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [row] = await db.outbox.toArray();
    expect(row!.name).toBe('counter.close');
    expect(row!.args).toMatchObject({ id: CA, tally: { countedTotal: 1500, blind: true, closedBy: ADMIN.id } });
    expect(await within(dialog).findByTestId('count-expected')).toHaveTextContent('₹1,502');
    expect(within(dialog).getByTestId('count-difference')).toHaveTextContent('−₹2');
    await user.type(within(dialog).getByRole('textbox', { name: /reason/i }), 'Two rupees given as change');
    await user.click(within(dialog).getByRole('button', { name: 'Save the reason' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    expect((await db.counters.get(CA))?.tally).toMatchObject({ countedTotal: 1500, expectedCash: 1502, difference: -2, reason: 'Two rupees given as change' });
    await waitFor(() => expect(within(screen.getByTestId('counter-card-A')).getByTestId('counter-status')).toHaveTextContent('Closed'));
  });

  it('keeps what was typed in "New counter" when there is no connection, and says why', async () => {
    const user = userEvent.setup();
    await renderPage(<EventCountersPage />, { path: `/event/counter?event=${EV}` });
    await user.click(await screen.findByRole('button', { name: 'New counter' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Code/), 'c');
    await user.type(within(dialog).getByLabelText('Counter name'), 'Dining hall');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are offline. This needs a connection to the server.');
    expect(within(dialog).getByLabelText(/Code/)).toHaveValue('C');
    expect(within(dialog).getByLabelText('Counter name')).toHaveValue('Dining hall');
  });

  it('lets the event’s admin edit its details in the app admin’s form (no owners or admins), checks them, and keeps them offline', async () => {
    const user = userEvent.setup();
    await renderPage(<EventCountersPage />, { path: `/event/counter?event=${EV}` });
    await user.click(await screen.findByRole('button', { name: 'Edit event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getByLabelText('Title in English')).toHaveValue('Selvam weds Meenakshi');
    expect(within(dialog).queryByLabelText('Owners (hosts)')).toBeNull();
    expect(within(dialog).queryByLabelText('Event admins')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Title in English'));
    await user.type(within(dialog).getByLabelText('Venue'), 'Meenakshi Mahal');
    await user.type(within(dialog).getByLabelText("Host's UPI id (optional)"), 'selvam');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give a title in Tamil or English')).toBeInTheDocument();
    expect(within(dialog).getByText('UPI id like name@bank')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title in Tamil'), 'செல்வம் – மீனாட்சி திருமணம்');
    await user.type(within(dialog).getByLabelText("Host's UPI id (optional)"), '@okaxis');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // saving needs the server: offline it says so and nothing typed is lost
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are offline. This needs a connection to the server.');
    expect(within(dialog).getByLabelText('Title in Tamil')).toHaveValue('செல்வம் – மீனாட்சி திருமணம்');
    expect(within(dialog).getByLabelText('Venue')).toHaveValue('Meenakshi Mahal');
    expect(within(dialog).getByLabelText("Host's UPI id (optional)")).toHaveValue('selvam@okaxis');
  });

  it('shows the event’s status; closing it asks first, and offline says a connection is needed', async () => {
    const user = userEvent.setup();
    await renderPage(<EventCountersPage />, { path: `/event/counter?event=${EV}` });
    expect(await screen.findByTestId('event-status')).toHaveTextContent('Open');
    await user.click(screen.getByRole('button', { name: 'Close the event' }));
    let dialog = await screen.findByRole('dialog', { name: 'Close Selvam weds Meenakshi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Close the event' }));
    dialog = await screen.findByRole('dialog', { name: 'Close Selvam weds Meenakshi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close the event' }));
    await waitFor(() => expect(screen.getAllByText('You are offline. This needs a connection to the server.').some((el) => el.closest('.mantine-Notification-root'))).toBe(true));
    expect(screen.getByTestId('event-status')).toHaveTextContent('Open');
    expect((await db.events.get(EV))?.status).toBe('open');
  });

  it('offers "Edit event" only on events the user administers, in Tamil too', async () => {
    await db.events.put({ id: EV, titleTa: 'செல்வம் திருமணம்', titleEn: null, functionType: 'wedding', date: '2026-11-22', venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [ADMIN.id], adminIds: [], status: 'open', plan: null });
    await renderPage(<EventCountersPage />, { path: `/event/counter?event=${EV}`, lang: 'ta' });
    expect(await screen.findByRole('button', { name: 'புதிய கவுண்டர்' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'நிகழ்வைத் திருத்து' })).toBeNull();
    await db.events.update(EV, { adminIds: [ADMIN.id] });
    expect(await screen.findByRole('button', { name: 'நிகழ்வைத் திருத்து' })).toBeInTheDocument();
  });
});
