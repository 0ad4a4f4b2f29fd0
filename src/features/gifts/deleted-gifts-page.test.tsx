// Corrections from the admin lists, offline: delete needs a reason; the deleted list shows the
// reason, who and when; restore brings the gift back. Each is saved with its outbox mutation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../components/management/test-render';
import { db, type LocalGift } from '../../data/db';
import DeletedGiftsPage from './deleted-gifts-page';
import ManageGiftsPage from './manage-gifts-page';

const EV = '01900000-0000-7000-8000-000000000001';
const CA = '01900000-0000-7000-8000-0000000000a1';
const ADMIN = { id: 'admin-1', user_id: 'U1', username: 'kavitha', name: 'Kavitha', mobile: null, role: 'event_admin', userType: null, profileImagePath: null };

function gift(i: number, p: Partial<LocalGift> = {}): LocalGift {
  return {
    id: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`, eventId: EV, counterId: CA, receiptNo: `A-T1-000${i}`, name: `Giver ${i}`, initial: '', village: 'Melur',
    mobile: '', relation: 'other', mode: 'cash', amount: 501, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u1',
    receivedAt: new Date().toISOString(), version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0, ...p,
  };
}

beforeEach(async () => {
  await Promise.all([db.events.clear(), db.counters.clear(), db.gifts.clear(), db.outbox.clear(), db.users.clear(), db.audits.clear()]);
  localStorage.setItem('user', JSON.stringify(ADMIN));
  await db.events.put({ id: EV, titleTa: null, titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22', venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [ADMIN.id], status: 'open', plan: null });
  await db.counters.put({ id: CA, eventId: EV, code: 'A', name: '', status: 'open', staffIds: [], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null });
  await db.users.put({ ...ADMIN, role: 'event_admin' });
});

describe('manage gifts → delete', () => {
  it('refuses a delete without a reason, then deletes with one and queues gift.delete', async () => {
    await db.gifts.bulkPut([gift(1), gift(2)]);
    const user = userEvent.setup();
    await renderPage(<ManageGiftsPage />, { path: `/event/gifts/manage?event=${EV}` });
    await user.click(await screen.findByRole('button', { name: 'Delete A-T1-0002' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
    await user.type(within(dialog).getByLabelText(/Reason for deleting/), 'Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect((await db.gifts.get(gift(2).id))?.deletedAt).toBeTruthy());
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'gift.delete', state: 'pending', args: { id: gift(2).id, reason: 'Entered twice', by: ADMIN.id } });
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(1));
  });
});

describe('deleted gifts', () => {
  it('shows the reason, who deleted and restores with a queued gift.restore', async () => {
    await db.gifts.bulkPut([gift(1), gift(3, { deletedAt: '2026-11-22T06:00:00.000Z', deletedBy: ADMIN.id, deleteReason: 'Wrong amount' })]);
    const user = userEvent.setup();
    await renderPage(<DeletedGiftsPage />, { path: `/eventadmin/eventadmindeletedgifts?event=${EV}` });
    const info = await screen.findByTestId('delete-info', {}, { timeout: 5000 });
    expect(info).toHaveTextContent('Reason: Wrong amount');
    await waitFor(() => expect(screen.getByTestId('delete-info')).toHaveTextContent('Deleted by: Kavitha'));
    expect(screen.getAllByTestId('gift-row')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Restore A-T1-0003' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason for restoring'), 'Deleted by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(async () => expect((await db.gifts.get(gift(3).id))?.deletedAt).toBeNull());
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['gift.restore']);
    expect(await screen.findByText('No deleted gifts')).toBeInTheDocument();
  });
});
