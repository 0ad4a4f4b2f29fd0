import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { computeTotals } from '../../data/admin-queries';
import { db } from '../../data/db';
import i18n from '../../lib/i18n';
import GiftEntryPage from './gift-entry-page';
import { hashPinWeb } from './shift/pin';
import { COUNTER_A, COUNTER_B, EVENT_ID, counter, renderPage, seedDevice } from './test-fixtures';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

/** The input labelled so (Mantine also labels the suggestion list of a combobox). */
function field(label: RegExp | string): HTMLInputElement {
  const el = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT');
  if (!el) throw new Error(`no input labelled ${label}`);
  return el as HTMLInputElement;
}

async function ready() {
  return screen.findByLabelText(/Giver's name/, {}, { timeout: 4000 });
}

describe('gift entry', () => {
  it('suggests earlier givers of the ledger as the name is typed: ↓ moves the highlight, Tab fills the giver in and goes to the amount, Esc closes the list', async () => {
    await seedDevice();
    await db.events.update(EVENT_ID, { ownerIds: ['owner-1'] });
    const line = (id: string, name: string, initial: string, village: string, mobile = '') => ({ id, ownerId: 'owner-1', name, initial, village, mobile, received: [], lastGiven: null });
    await db.ledgerHints.bulkPut([line('p1', 'Kannan', 'K.', 'மதுரை', '9876543210'), line('p2', 'Kannan', 'S.', 'தேனி'), line('p3', 'Karuppasamy', '', 'பழனி'), line('p4', 'Murugan', 'M.', 'Melur')]);
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    const name = await ready();
    await user.type(name, 'kan');
    const list = await screen.findByRole('listbox', { name: /^Earlier givers/ }, { timeout: 4000 });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('data-giver'))).toEqual(['Kannan|K.|மதுரை', 'Kannan|S.|தேனி']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(name).toHaveAttribute('aria-controls', 'name-suggestions');
    expect(name).toHaveAttribute('aria-activedescendant', 'name-suggestion-0');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true'));
    expect(name).toHaveAttribute('aria-activedescendant', 'name-suggestion-1');
    await user.keyboard('{Tab}');
    await waitFor(() => expect(screen.getByLabelText(/Amount/)).toHaveFocus());
    expect(name).toHaveValue('Kannan');
    expect(screen.getByLabelText(/Initial/)).toHaveValue('S.');
    expect(field(/Village or town/)).toHaveValue('தேனி');
    expect(screen.queryByRole('listbox', { name: /^Earlier givers/ })).toBeNull();
    // Another name: the list is back; Esc closes it and the name stays as typed.
    await user.clear(name);
    await user.type(name, 'Ka');
    expect(await screen.findByRole('listbox', { name: /^Earlier givers/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox', { name: /^Earlier givers/ })).toBeNull());
    expect(name).not.toHaveAttribute('aria-activedescendant');
    expect(name).toHaveValue('Ka');
  });

  it('saves with Ctrl+Enter, shows the receipt and is ready for the next giver with focus on the name', async () => {
    await seedDevice();
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    const name = await ready();
    await waitFor(() => expect(screen.getByTestId('entry-header')).toHaveTextContent('Selvam weds Meenakshi'));
    expect(screen.getByTestId('entry-header')).toHaveTextContent('Counter A');
    await user.type(name, 'Murugan{Enter}');
    expect(screen.getByLabelText(/Initial/)).toHaveFocus();
    await user.keyboard('M.{Enter}');
    expect(field(/Village or town/)).toHaveFocus();
    // One Enter from the village goes on to the amount (no earlier villages: no suggestion list).
    await user.keyboard('Melur{Enter}');
    expect(screen.getByLabelText(/Amount/)).toHaveFocus();
    await user.keyboard('501{Control>}{Enter}{/Control}');
    const receipt = await screen.findByTestId('last-receipt', {}, { timeout: 4000 });
    expect(within(receipt).getByTestId('receipt-no')).toHaveTextContent(/^A-T7-0001$/);
    expect(within(receipt).getByTestId('receipt-amount')).toHaveTextContent('₹501');
    expect(receipt).toHaveTextContent('Five Hundred One Rupees Only');
    expect(receipt).toHaveTextContent('ஐநூற்று ஒன்று ரூபாய் மட்டும்');
    await waitFor(() => expect(screen.getByLabelText(/Giver's name/)).toHaveFocus());
    expect(screen.getByLabelText(/Giver's name/)).toHaveValue('');
    const gifts = await db.gifts.toArray();
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ name: 'Murugan', initial: 'M.', village: 'Melur', amount: 501, mode: 'cash', enteredBy: 'u-staff1', counterId: COUNTER_A, _pending: 1 });
    expect(await db.outbox.where('name').equals('gift.create').count()).toBe(1);
  });

  it('asks the giver\'s consent to a receipt message only once a mobile is entered (off by default); the receipt carries its check link', async () => {
    await seedDevice();
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    const name = await ready();
    await user.type(name, 'Murugan');
    await user.type(screen.getByLabelText(/Amount/), '1001');
    expect(screen.queryByLabelText('Send the receipt to this mobile')).toBeNull();
    await user.type(screen.getByLabelText(/Mobile/), '9876543210');
    const consent = screen.getByLabelText('Send the receipt to this mobile');
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await user.keyboard('{Control>}{Enter}{/Control}');
    const receipt = await screen.findByTestId('last-receipt', {}, { timeout: 4000 });
    const [g] = await db.gifts.toArray();
    expect(g).toMatchObject({ mobile: '9876543210', messageConsent: true });
    expect(g.receiptToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const out = await db.outbox.where('name').equals('gift.create').first();
    expect(out?.args).toMatchObject({ messageConsent: true, receiptToken: g.receiptToken });
    expect(within(receipt).getByTestId('receipt-verify')).toHaveTextContent(`/r/${g.receiptToken}`);
    // The next giver starts without consent.
    await waitFor(() => expect(screen.getByLabelText(/Giver's name/)).toHaveValue(''));
    expect(screen.queryByLabelText('Send the receipt to this mobile')).toBeNull();
  });

  it('without this device’s code (its database was lost) says it is preparing the tablet and saves nothing until the code is back', async () => {
    await seedDevice();
    await db.meta.delete('deviceCode');
    renderPage(<GiftEntryPage />);
    await ready();
    expect(await screen.findByTestId('entry-preparing')).toHaveTextContent('Preparing this tablet');
    expect(screen.getByRole('button', { name: /^Save/ })).toBeDisabled();
    expect(await db.gifts.count()).toBe(0);
    // The code is restored (device-identity.ts): the notice goes and entry opens.
    await act(async () => { await db.meta.put({ key: 'deviceCode', value: 'T7' }); });
    await waitFor(() => expect(screen.queryByTestId('entry-preparing')).toBeNull());
    expect(screen.getByRole('button', { name: /^Save/ })).toBeEnabled();
  });

  it('shows errors next to the fields, in the user language, and saves nothing', async () => {
    await seedDevice();
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await ready();
    await user.type(screen.getByLabelText(/Mobile/), '98a76');
    expect(screen.getByLabelText(/Mobile/)).toHaveValue('9876');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Enter the giver's name")).toBeInTheDocument();
    expect(screen.getByText('Enter the amount')).toBeInTheDocument();
    expect(screen.getAllByText('Mobile number must be 10 digits').length).toBeGreaterThan(0);
    await act(() => i18n.changeLanguage('ta'));
    expect(await screen.findByText('மொய் செய்பவர் பெயரை உள்ளிடவும்')).toBeInTheDocument();
    expect(await db.gifts.count()).toBe(0);
    await user.type(field(/^தொகை/), '2000000');
    expect(field(/^தொகை/)).toHaveValue('2000000');
    await user.click(screen.getByRole('button', { name: 'சேமி' }));
    expect(await screen.findByText('தொகை ₹10,00,000-க்கு மேல் இருக்கக் கூடாது')).toBeInTheDocument();
  });

  it('records an item gift with its weight in grams and estimated value, outside the money; a bad weight is refused', async () => {
    await seedDevice();
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await ready();
    await user.type(screen.getByLabelText(/Giver's name/), 'Ponnammal');
    await user.click(screen.getByRole('radio', { name: 'Item' }));
    await user.type(screen.getByLabelText(/Item description/), 'Gold chain');
    await user.type(screen.getByLabelText('Weight in grams (optional)'), '8.5.1');
    await user.type(screen.getByLabelText(/Estimated value/), '48000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Weight in grams, e.g. 8 or 8.5')).toBeInTheDocument();
    expect(await db.gifts.count()).toBe(0);
    await user.clear(screen.getByLabelText('Weight in grams (optional)'));
    await user.type(screen.getByLabelText('Weight in grams (optional)'), '8.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('last-receipt', {}, { timeout: 4000 });
    const [g] = await db.gifts.toArray();
    // The estimate is kept as approxValue only: an item is never money, so no money total can take it in.
    expect(g).toMatchObject({ name: 'Ponnammal', mode: 'item', item: 'Gold chain', weightGrams: 8.5, approxValue: 48000, amount: 0 });
    const [out] = await db.outbox.where('name').equals('gift.create').toArray();
    expect(out.args).toMatchObject({ weightGrams: 8.5, approxValue: 48000, amount: 0 });
    expect(computeTotals(await db.gifts.toArray())).toMatchObject({ count: 1, sum: 0, cash: 0, items: 1, item: 48000 });
    // The label is in Tamil too.
    await act(() => i18n.changeLanguage('ta'));
    await user.click(screen.getByRole('radio', { name: 'பொருள்' }));
    expect(screen.getByLabelText('எடை கிராமில் (விருப்பம்)')).toBeInTheDocument();
  });

  it('asks before saving a likely repeat and saves only when confirmed', async () => {
    await seedDevice();
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await ready();
    const enter = async () => {
      await user.type(screen.getByLabelText(/Giver's name/), 'Raja');
      await user.type(field(/Village or town/), 'Theni');
      await user.click(screen.getByRole('button', { name: '₹1,001' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
    };
    await enter();
    await screen.findByTestId('last-receipt', {}, { timeout: 4000 });
    await enter();
    expect(await screen.findByText('Is this a repeat?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(await db.gifts.count()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, save again' }));
    await waitFor(async () => expect(await db.gifts.count()).toBe(2), { timeout: 5000 });
  });

  it('shows a UPI QR for the amount and requires the staff to confirm the payment', async () => {
    await seedDevice();
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await ready();
    await user.type(screen.getByLabelText(/Giver's name/), 'Priya');
    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    expect(screen.getByText('Enter the amount to show the QR code')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Amount/), '201');
    const qr = await screen.findByTestId('upi-qr');
    expect(qr.getAttribute('data-link')).toBe('upi://pay?pa=selvam%40okaxis&pn=Selvam%20%26%20Meenakshi&am=201&cu=INR&tn=Receipt%20A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Confirm that the UPI payment was received')).toBeInTheDocument();
    expect(await db.gifts.count()).toBe(0);
    await user.click(screen.getByLabelText('I have seen the payment succeed'));
    await user.type(screen.getByLabelText(/UPI reference/), '4321');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('last-receipt', {}, { timeout: 4000 });
    expect(await db.gifts.toArray()).toMatchObject([{ mode: 'upi', amount: 201, reference: '4321' }]);
  });

  it('switches staff with a PIN checked on the device, and records who entered the gift', async () => {
    await seedDevice();
    const salt = '00112233445566778899aabbccddeeff';
    await db.staffPins.put({ id: `${COUNTER_A}:u-staff2`, counterId: COUNTER_A, userId: 'u-staff2', name: 'Saravanan', salt, hash: await hashPinWeb('246801', salt, 100_000), iterations: 100_000 });
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Switch staff' }));
    const pin = await screen.findByLabelText(/PIN \(6 digits\)/);
    await user.type(pin, '2468');
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('The PIN has 6 digits')).toBeInTheDocument();
    await user.clear(pin);
    await user.type(pin, '111111');
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('Wrong PIN')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/PIN \(6 digits\)/), '246801');
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.getByTestId('on-duty')).toHaveTextContent('Saravanan'));
    await user.type(screen.getByLabelText(/Giver's name/), 'Valli');
    await user.type(screen.getByLabelText(/Amount/), '101');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByTestId('last-receipt', {}, { timeout: 4000 });
    // The signed-in account is the author the server checks; the PIN-switched colleague is recorded beside it.
    const [saved] = await db.gifts.toArray();
    expect(saved).toMatchObject({ enteredBy: 'u-staff1', pinAuthorId: 'u-staff2' });
    expect((await db.outbox.toArray()).find((r) => r.name === 'gift.create')?.args).toMatchObject({ authorId: 'u-staff1', pinAuthorId: 'u-staff2' });
  });

  it('Switch staff says when no PINs have reached the tablet, and when PINs are here but no other staff member is on the counter', async () => {
    await seedDevice();
    const first = renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Switch staff' }));
    expect(await screen.findByText(/No staff PINs have reached this tablet yet/)).toBeInTheDocument();
    first.unmount();
    const salt = '00112233445566778899aabbccddeeff';
    await db.staffPins.put({ id: `${COUNTER_A}:u-staff1`, counterId: COUNTER_A, userId: 'u-staff1', name: 'Muthu', salt, hash: await hashPinWeb('135791', salt, 100_000), iterations: 100_000 });
    renderPage(<GiftEntryPage />);
    await ready();
    await user.click(screen.getByRole('button', { name: 'Switch staff' }));
    expect(await screen.findByText(/No other staff member is assigned to this counter/)).toBeInTheDocument();
    expect(screen.queryByText(/No staff PINs have reached/)).not.toBeInTheDocument();
  });

  it('lets the staff pick among several open counters, says so when none, and a closed counter takes no gifts', async () => {
    await seedDevice({ counters: [counter(), counter({ id: COUNTER_B, code: 'B', name: 'Counter B' })] });
    const first = renderPage(<GiftEntryPage />);
    await ready();
    expect(screen.getByRole('combobox', { name: 'Choose the counter' })).toHaveValue('Counter A');
    first.unmount();
    await seedDevice({ counters: [counter({ staffIds: ['someone-else'] })] });
    const second = renderPage(<GiftEntryPage />);
    expect(await screen.findByText('No open counter is assigned to you')).toBeInTheDocument();
    second.unmount();
  });

  it('closes the counter with a blind count offline: no expected figure in the page until the count is saved; the form then refuses new gifts', async () => {
    await seedDevice();
    await db.gifts.put({
      id: '01900000-0000-7000-8000-000000000aa1', eventId: counter().eventId, counterId: COUNTER_A, receiptNo: 'A-T7-0001', name: 'X', initial: '', village: '', mobile: '',
      relation: 'other', mode: 'cash', amount: 600, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u-staff1',
      receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0,
    });
    // A UPI gift too: not in the cash count, but on the close sheet's takings by mode.
    await db.gifts.put({
      id: '01900000-0000-7000-8000-000000000aa2', eventId: counter().eventId, counterId: COUNTER_A, receiptNo: 'A-T7-0002', name: 'Y', initial: '', village: '', mobile: '',
      relation: 'other', mode: 'upi', amount: 2001, reference: 'UTR1', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u-staff1',
      receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0,
    });
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Close counter' }));
    await user.type(await screen.findByLabelText('₹500 notes'), '1');
    await user.type(screen.getByLabelText('₹100 notes'), '1');
    // Blind: neither the expected cash nor a difference is anywhere in the page before the count is saved.
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByTestId('tally-expected')).toBeNull();
    expect(within(dialog).queryByTestId('tally-difference')).toBeNull();
    expect(within(dialog).queryByText(/Expected/)).toBeNull();
    expect(document.body.textContent).not.toMatch(/Expected cash/);
    await user.click(screen.getByRole('button', { name: 'Save the count and close' }));
    await waitFor(async () => expect((await db.counters.get(COUNTER_A))?.status).toBe('closed'));
    const c = await db.counters.get(COUNTER_A);
    expect(c?.tally).toMatchObject({ countedTotal: 600, expectedCash: 600, difference: 0, reason: null, closedBy: 'u-staff1' });
    const [row] = await db.outbox.where('name').equals('counter.close').toArray();
    expect(row!.args).toMatchObject({ tally: { countedTotal: 600, blind: true } });
    expect((row!.args as { tally: Record<string, unknown> }).tally.expectedCash).toBeUndefined();
    // Once saved: the figures.
    expect(await screen.findByTestId('count-expected')).toHaveTextContent('₹600');
    expect(screen.getByTestId('count-difference')).toHaveTextContent('₹0');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('This counter is closed. It accepts no new gifts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // The staff can print the close sheet for the host's nominee to sign.
    await user.click(screen.getByRole('button', { name: 'Print close sheet' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Counter close sheet' })).getByTestId('close-sheet');
    expect(sheet).toHaveTextContent('Expected cash₹600');
    expect(sheet).toHaveTextContent("Signature of the host's nominee");
    // What this counter took, by mode, as the event's counters page prints it (issue 27).
    expect(sheet).toHaveTextContent('Taken at this counter, by mode');
    expect(sheet).toHaveTextContent('UPI₹2,001');
    expect(sheet).toHaveTextContent('Money taken (cash + UPI + cheque)₹2,601');
  });

  it('brings back a half-typed giver after the screen went away (reload), says it is not saved, and forgets it once saved', async () => {
    await seedDevice();
    const first = renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await user.type(await ready(), 'Kannan');
    await user.type(screen.getByLabelText(/Amount/), '1001');
    first.unmount(); // the page goes away before Save
    expect(await db.gifts.count()).toBe(0);

    renderPage(<GiftEntryPage />);
    const restored = await screen.findByTestId('entry-restored');
    expect(restored).toHaveTextContent('Restored what you were typing');
    expect(screen.getByLabelText(/Giver's name/)).toHaveValue('Kannan');
    expect(screen.getByLabelText(/Amount/)).toHaveValue('1001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('last-receipt', {}, { timeout: 4000 });
    expect(screen.queryByTestId('entry-restored')).toBeNull();
    expect(localStorage.getItem('moi.draft.gift-entry')).toBeNull();
    expect((await db.gifts.toArray()).map((g) => [g.name, g.amount])).toEqual([['Kannan', 1001]]);
  });

  it('"Clear the form" drops a restored giver', async () => {
    await seedDevice();
    const first = renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await user.type(await ready(), 'Selvi');
    first.unmount();
    renderPage(<GiftEntryPage />);
    await screen.findByTestId('entry-restored');
    await user.click(screen.getByRole('button', { name: 'Clear the form' }));
    expect(screen.getByLabelText(/Giver's name/)).toHaveValue('');
    expect(screen.getByLabelText(/Giver's name/)).toHaveFocus();
    expect(screen.queryByTestId('entry-restored')).toBeNull();
    expect(localStorage.getItem('moi.draft.gift-entry')).toBeNull();
  });

  it('keeps the cash count of a closing counter when the dialog is closed, forgets it once saved, and asks the reason for a difference afterwards', async () => {
    await seedDevice();
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Close counter' }));
    await user.type(await screen.findByLabelText('₹500 notes'), '3');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('₹500 notes')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Close counter' }));
    expect(await screen.findByLabelText('₹500 notes')).toHaveValue('3');
    expect(screen.getByTestId('tally-restored')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /reason/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save the count and close' }));
    await waitFor(async () => expect((await db.counters.get(COUNTER_A))?.status).toBe('closed'));
    expect(await screen.findByTestId('count-difference')).toHaveTextContent('+₹1,500');
    await user.type(screen.getByRole('textbox', { name: /reason/i }), 'Float from the host');
    await user.click(screen.getByRole('button', { name: 'Save the reason' }));
    await waitFor(async () => expect((await db.counters.get(COUNTER_A))?.tally).toMatchObject({ countedTotal: 1500, reason: 'Float from the host' }));
    expect((await db.outbox.where('name').equals('counter.count.explain').first())?.args).toMatchObject({ id: COUNTER_A, reason: 'Float from the host' });
    expect(await screen.findByTestId('count-reason')).toHaveTextContent('Float from the host');
    expect(screen.queryByLabelText('₹500 notes')).toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('moi.draft.tally'))).toEqual([]);
  });
});
