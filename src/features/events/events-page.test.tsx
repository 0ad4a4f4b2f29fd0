// The owner's events list reads the device's copy: each event with its totals, in either language.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../components/management/test-render';
import { db, type LocalGift } from '../../data/db';
import EventsPage from './events-page';

const EV = '01900000-0000-7000-8000-000000000001';
const CA = '01900000-0000-7000-8000-0000000000a1';

function gift(i: number, p: Partial<LocalGift> = {}): LocalGift {
  return {
    id: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`, eventId: EV, counterId: CA, receiptNo: `A-T1-${i}`, name: `Giver ${i}`, initial: '', village: 'Madurai',
    mobile: '', relation: 'other', mode: 'cash', amount: 1001, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u1',
    receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0, ...p,
  };
}

beforeEach(async () => {
  await Promise.all([db.events.clear(), db.counters.clear(), db.gifts.clear()]);
});

describe('/events', () => {
  it('says what will appear when the device has no events', async () => {
    await renderPage(<EventsPage />);
    expect(await screen.findByText('No events yet', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows each event with its totals in Indian grouping, leaving deleted gifts out', async () => {
    await db.events.put({ id: EV, titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22', venue: 'Madurai', hostNames: 'Selvam & Meenakshi', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'open', plan: null });
    await db.counters.put({ id: CA, eventId: EV, code: 'A', name: '', status: 'open', staffIds: [], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null });
    await db.gifts.bulkPut([
      ...Array.from({ length: 100 }, (_, i) => gift(i + 1)),
      gift(101, { mode: 'upi', amount: 50_000, _pending: 1 }),
      gift(102, { amount: 9999, deletedAt: new Date().toISOString(), deleteReason: 'twice' }),
    ]);
    await renderPage(<EventsPage />);
    const card = await screen.findByTestId('event-card', {}, { timeout: 5000 });
    expect(within(card).getByText('Selvam weds Meenakshi')).toBeInTheDocument();
    expect(await within(card).findByText('₹1,50,100', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(within(card).getByTestId('total-count')).getByText('101')).toBeInTheDocument();
    expect(within(within(card).getByTestId('total-cash')).getByText('₹1,00,100')).toBeInTheDocument();
    expect(within(card).getByTestId('total-pending')).toHaveTextContent('1');
    expect(within(card).getByText('1 of 1 open')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Gifts and totals' })).toHaveAttribute('href', `/event/gift?event=${EV}`);
  });

  it('offers Export on each event card, opening the moi book dialog for that event', async () => {
    await db.events.put({ id: EV, titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22', venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'open', plan: null });
    await db.counters.put({ id: CA, eventId: EV, code: 'A', name: 'மணமகன் தரப்பு', status: 'open', staffIds: [], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null });
    await renderPage(<EventsPage />);
    const card = await screen.findByTestId('event-card', {}, { timeout: 5000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the moi book' });
    await userEvent.click(within(dialog).getByLabelText('One counter'));
    // The event's own counters to choose from.
    expect(within(dialog).getByLabelText('Counter')).toHaveDisplayValue('A · மணமகன் தரப்பு');
  });

  it('shows the event’s queue QR: it opens the giver’s own form for this event (issue 30)', async () => {
    await db.events.put({ id: EV, titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22', venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'open', plan: null });
    await renderPage(<EventsPage />);
    const card = await screen.findByTestId('event-card', {}, { timeout: 5000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Queue QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR for the queue' });
    const qr = within(dialog).getByRole('img', { name: 'QR that opens the giver’s moi form' });
    const link = new URL(qr.getAttribute('data-qr')!);
    expect(link.pathname).toBe('/qr');
    expect(link.searchParams.get('e')).toBe(EV);
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(within(dialog).getByText('Selvam weds Meenakshi')).toBeInTheDocument();
  });

  it('shows the Tamil title and labels in Tamil', async () => {
    await db.events.put({ id: EV, titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22', venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'planned', plan: null });
    await renderPage(<EventsPage />, { lang: 'ta' });
    expect(await screen.findByText('செல்வம் – மீனாட்சி திருமணம்', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('திட்டமிடப்பட்டது')).toBeInTheDocument();
    // The date in Tamil too: Tamil month name, not the stored 2026-11-22.
    expect(screen.getByText(/திருமணம் · 22 நவ\.?,? 2026/)).toBeInTheDocument();
  });
});
