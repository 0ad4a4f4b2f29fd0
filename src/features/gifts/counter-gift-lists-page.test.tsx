import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { db, type LocalGift } from '../../data/db';
import i18n from '../../lib/i18n';
import CounterGiftListsPage from './counter-gift-lists-page';
import { COUNTER_A, EVENT_ID, renderPage, seedDevice } from './test-fixtures';

let n = 0;
const gift = (p: Partial<LocalGift>): LocalGift => {
  n++;
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`, eventId: EVENT_ID, counterId: COUNTER_A, receiptNo: `A-T7-${String(n).padStart(4, '0')}`,
    name: 'x', initial: '', village: '', mobile: '', relation: 'other', mode: 'cash', amount: 101, reference: '', item: '', note: '',
    enteredAt: new Date(Date.now() - (100 - n) * 1000).toISOString(), enteredBy: 'u-staff1', receivedAt: null, version: 1,
    deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0, ...p,
  };
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await seedDevice();
  await db.gifts.bulkAdd([
    gift({ name: 'முருகன்', village: 'மதுரை', amount: 501 }),
    gift({ name: 'Meenakshi', village: 'Melur', amount: 1001, mode: 'upi', _pending: 1 }),
    gift({ name: 'Raja', village: 'Theni', amount: 201, enteredBy: 'u-other', kinName: 'Lakshmi', title: 'POLICE' }),
  ]);
});

describe('counter gift lists', () => {
  it('lists my counter’s gifts with totals and a sync marker per row, and searches as you type in either script', async () => {
    renderPage(<CounterGiftListsPage />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(3), { timeout: 4000 });
    expect(screen.getByTestId('total-count')).toHaveTextContent('3');
    expect(screen.getByTestId('total-sum')).toHaveTextContent('₹1,703');
    expect(screen.getByTestId('total-upi')).toHaveTextContent('₹1,001');
    expect(screen.getAllByRole('img', { name: 'Waiting to sync' })).toHaveLength(1);
    expect(screen.getAllByRole('img', { name: 'On the server' })).toHaveLength(2);
    // Who the giver is beyond the name (issue 30), on the row of the gift that has it only.
    expect(screen.getAllByTestId('gift-identity')).toHaveLength(1);
    expect(screen.getByTestId('gift-identity').closest('[data-testid="gift-row"]')).toHaveTextContent('Raja · Lakshmi · POLICE');
    await user.type(screen.getByLabelText('Search'), 'murugan');
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(1));
    expect(screen.getByTestId('total-sum')).toHaveTextContent('₹501');
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'மது');
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(1));
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'nobody-like-this');
    expect(await screen.findByText('No gift matches this search.')).toBeInTheDocument();
  });

  it('deletes my own entry with a reason, keeps an audit row, shows it as deleted, and restores it', async () => {
    renderPage(<CounterGiftListsPage />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(3), { timeout: 4000 });
    await user.click(screen.getAllByTestId('gift-row').find((r) => r.textContent?.includes('Meenakshi'))!);
    const drawer = await screen.findByTestId('gift-detail');
    await user.click(within(drawer).getByRole('button', { name: 'Delete' }));
    await user.click(within(drawer).getByRole('button', { name: 'Delete this gift' }));
    expect(within(drawer).getByText('A reason is required')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText(/Reason/), 'Entered twice');
    await user.click(within(drawer).getByRole('button', { name: 'Delete this gift' }));
    await waitFor(() => expect(within(drawer).getByTestId('deleted-info')).toHaveTextContent('Entered twice'));
    expect(within(drawer).getByTestId('audit-trail')).toHaveTextContent('Deleted · Kavitha');
    const g = (await db.gifts.toArray()).find((x) => x.name === 'Meenakshi')!;
    expect(g.deleteReason).toBe('Entered twice');
    expect(await db.outbox.where('name').equals('gift.delete').count()).toBe(1);
    await user.click(within(drawer).getByRole('button', { name: 'Restore' }));
    await user.type(within(drawer).getByLabelText(/Reason/), 'Deleted by mistake');
    await user.click(within(drawer).getByRole('button', { name: 'Restore this gift' }));
    await waitFor(async () => expect((await db.gifts.get(g.id))?.deletedAt).toBeNull());
    expect(await db.audits.where('giftId').equals(g.id).count()).toBe(2);
  });

  it('edits with a reason and shows before → after in the history; another staff member’s entry cannot be changed', async () => {
    renderPage(<CounterGiftListsPage />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(3), { timeout: 4000 });
    await user.click(screen.getAllByTestId('gift-row').find((r) => r.textContent?.includes('Raja'))!);
    let drawer = await screen.findByTestId('gift-detail');
    expect(within(drawer).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(drawer).getByText('You can change only your own entries while your counter is open.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('gift-detail')).toBeNull());
    await user.click(screen.getAllByTestId('gift-row').find((r) => r.textContent?.includes('முருகன்'))!);
    drawer = await screen.findByTestId('gift-detail');
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    const amount = within(drawer).getByLabelText(/Amount/);
    await user.clear(amount);
    await user.type(amount, '1001');
    await user.type(within(drawer).getByLabelText(/Reason/), 'Wrong amount keyed');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(drawer).getByTestId('audit-trail')).toHaveTextContent('₹501 → ₹1,001'));
    expect(within(drawer).getByTestId('audit-trail')).toHaveTextContent('Wrong amount keyed');
    const out = await db.outbox.where('name').equals('gift.update').toArray();
    expect(out[0].args).toMatchObject({ patch: { amount: 1001 }, reason: 'Wrong amount keyed', by: 'u-staff1' });
  });
});
