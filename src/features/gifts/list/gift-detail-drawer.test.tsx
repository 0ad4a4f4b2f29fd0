// The gift drawer's corrections: its fields are the contract's patchable set (patchableGiftFields),
// its checks the contract's (giftFieldIssues), worded in the user's language.
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_GIFT_AMOUNT, giftInputBaseSchema, patchableGiftFields } from '../../../../contract/entities';
import { db, type LocalGift } from '../../../data/db';
import i18n from '../../../lib/i18n';
import { formatNumber, formatRupees } from '../../../lib/format';
import { COUNTER_A, EVENT_ID, counter, renderPage, seedDevice } from '../test-fixtures';
import { GiftDetailDrawer } from './gift-detail-drawer';

const weightMax = giftInputBaseSchema.shape.weightGrams.unwrap().unwrap().maxValue!;
const ITEM_ID = '01900000-0000-7000-8000-000000000101';
const CASH_ID = '01900000-0000-7000-8000-000000000102';

const gift = (p: Partial<LocalGift>): LocalGift => ({
  id: CASH_ID, eventId: EVENT_ID, counterId: COUNTER_A, receiptNo: 'A-T7-0001', name: 'Ponnammal', initial: '', village: 'Melur', mobile: '',
  relation: 'relative', mode: 'cash', amount: 501, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u-staff1',
  receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0, ...p,
});
const chain = gift({ id: ITEM_ID, receiptNo: 'A-T7-0002', mode: 'item', amount: 0, item: 'Gold chain', weightGrams: 8, approxValue: 40000 });

function openDrawer(id: string) {
  renderPage(<GiftDetailDrawer giftId={id} onClose={() => {}} actor={{ id: 'u-staff1', name: 'Kavitha' }} actions={{ edit: () => true }} counters={[counter()]} />);
}

/** The error texts shown under the drawer's fields. */
const fieldErrors = (drawer: HTMLElement) => Array.from(drawer.querySelectorAll('.mantine-InputWrapper-error')).map((e) => e.textContent ?? '');

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await seedDevice();
  await db.gifts.bulkAdd([chain, gift({})]);
});

describe('gift drawer corrections', () => {
  it('corrects an item’s weight and estimated value, sending exactly those fields in gift.update; offers only patchable fields', async () => {
    openDrawer(ITEM_ID);
    const user = userEvent.setup();
    const drawer = await screen.findByTestId('gift-detail', {}, { timeout: 4000 });
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    const form = within(drawer).getByTestId('gift-edit');
    // Every field offered is one gift.update may patch; an item has no money amount to offer.
    const names = Array.from(form.querySelectorAll('input, select, textarea')).map((e) => e.getAttribute('name'));
    expect(names.every((n) => (patchableGiftFields as string[]).includes(n ?? ''))).toBe(true);
    expect(names).toEqual(expect.arrayContaining(['item', 'weightGrams', 'approxValue']));
    expect(names).not.toContain('amount');
    const weight = within(form).getByLabelText('Weight in grams (optional)');
    const value = within(form).getByLabelText(/Estimated value/);
    expect(weight).toHaveValue('8');
    expect(value).toHaveValue('40000');
    await user.clear(weight);
    await user.type(weight, '8.5');
    await user.clear(value);
    await user.type(value, '52000');
    await user.type(within(drawer).getByLabelText(/Reason/), 'Weighed again');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(drawer).queryByTestId('gift-edit')).toBeNull());
    const [out] = await db.outbox.where('name').equals('gift.update').toArray();
    expect(out.args).toMatchObject({ id: ITEM_ID, reason: 'Weighed again', by: 'u-staff1' });
    expect((out.args as { patch: unknown }).patch).toEqual({ weightGrams: 8.5, approxValue: 52000 });
    expect(await db.gifts.get(ITEM_ID)).toMatchObject({ weightGrams: 8.5, approxValue: 52000, amount: 0, mode: 'item' });
    await waitFor(() => expect(within(drawer).getByTestId('audit-trail')).toHaveTextContent('₹40,000 → ₹52,000'));
  });

  it('refuses an amount above MAX_GIFT_AMOUNT with the limit in the message and accepts exactly MAX_GIFT_AMOUNT', async () => {
    openDrawer(CASH_ID);
    const user = userEvent.setup();
    const drawer = await screen.findByTestId('gift-detail', {}, { timeout: 4000 });
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    const amount = within(drawer).getByLabelText(/^Amount/);
    await user.clear(amount);
    await user.type(amount, String(MAX_GIFT_AMOUNT + 1));
    await user.type(within(drawer).getByLabelText(/Reason/), 'Keyed wrong');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    expect(await within(drawer).findByText(`Amount cannot be more than ${formatRupees(MAX_GIFT_AMOUNT)}`)).toBeInTheDocument();
    expect(await db.outbox.where('name').equals('gift.update').count()).toBe(0);
    await user.clear(amount);
    await user.type(amount, String(MAX_GIFT_AMOUNT));
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(async () => expect(await db.outbox.where('name').equals('gift.update').count()).toBe(1));
    const [out] = await db.outbox.where('name').equals('gift.update').toArray();
    expect((out.args as { patch: unknown }).patch).toEqual({ amount: MAX_GIFT_AMOUNT });
  });

  it('in Tamil, words the item’s broken rules in Tamil (no English, none of zod’s messages)', async () => {
    await act(() => i18n.changeLanguage('ta'));
    openDrawer(ITEM_ID);
    const user = userEvent.setup();
    const drawer = await screen.findByTestId('gift-detail', {}, { timeout: 4000 });
    await user.click(within(drawer).getByRole('button', { name: 'திருத்து' }));
    const form = within(drawer).getByTestId('gift-edit');
    await user.clear(within(form).getByLabelText(/பொருள் விவரம்/));
    await user.clear(within(form).getByLabelText(/எடை கிராமில்/));
    await user.type(within(form).getByLabelText(/எடை கிராமில்/), String(weightMax * 2));
    await user.clear(within(form).getByLabelText(/மதிப்பிடப்பட்ட மதிப்பு/));
    await user.type(within(form).getByLabelText(/மதிப்பிடப்பட்ட மதிப்பு/), String(MAX_GIFT_AMOUNT + 1));
    await user.type(within(form).getByLabelText(/கைபேசி/), '98765');
    await user.type(within(drawer).getByLabelText(/காரணம்/), 'மீண்டும் எடை போட்டது');
    await user.click(within(drawer).getByRole('button', { name: 'மாற்றங்களைச் சேமி' }));
    await waitFor(() => expect(fieldErrors(drawer).length).toBe(4));
    expect(fieldErrors(drawer).sort()).toEqual([
      `எடை ${formatNumber(weightMax)} கிராமுக்கு மேல் இருக்கக் கூடாது`,
      'கைபேசி எண் 10 இலக்கங்களாக இருக்க வேண்டும்',
      'பொருளை விவரிக்கவும்',
      `மதிப்பிடப்பட்ட மதிப்பு ${formatRupees(MAX_GIFT_AMOUNT)}-க்கு மேல் இருக்கக் கூடாது`,
    ].sort());
    for (const text of fieldErrors(drawer)) expect(text).not.toMatch(/[A-Za-z]/);
    expect(await db.outbox.where('name').equals('gift.update').count()).toBe(0);
  });
});
