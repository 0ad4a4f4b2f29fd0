// The entry form's rules are the contract's (contract/entities.ts): its limits come from
// giftInputBaseSchema and MAX_GIFT_AMOUNT, worded in the user's language, never in zod's English.
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_GIFT_AMOUNT, giftInputBaseSchema } from '../../../../contract/entities';
import { db } from '../../../data/db';
import i18n from '../../../lib/i18n';
import { formatNumber, formatRupees } from '../../../lib/format';
import GiftEntryPage from '../gift-entry-page';
import { renderPage, seedDevice } from '../test-fixtures';

const villageMax = giftInputBaseSchema.shape.village.unwrap().maxLength!;
const weightMax = giftInputBaseSchema.shape.weightGrams.unwrap().unwrap().maxValue!;

/** The input labelled so (Mantine also labels the suggestion list of a combobox). */
function field(label: RegExp | string): HTMLInputElement {
  const el = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT');
  if (!el) throw new Error(`no input labelled ${label}`);
  return el as HTMLInputElement;
}

/** The error texts shown under the form's fields. */
const fieldErrors = () => Array.from(document.querySelectorAll('.mantine-InputWrapper-error')).map((e) => e.textContent ?? '');

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await seedDevice();
});

describe('gift entry form: the contract’s rules', () => {
  it('refuses an amount above MAX_GIFT_AMOUNT with the limit in the message, saves one of exactly MAX_GIFT_AMOUNT, and refuses a village longer than the contract allows', async () => {
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await screen.findByLabelText(/Giver's name/, {}, { timeout: 4000 });
    await user.type(field(/Giver's name/), 'Murugan');
    await user.type(field(/^Amount/), String(MAX_GIFT_AMOUNT + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Amount cannot be more than ${formatRupees(MAX_GIFT_AMOUNT)}`)).toBeInTheDocument();
    expect(await db.gifts.count()).toBe(0);

    // A village one character over the contract's limit: refused here, not later by the server.
    await user.clear(field(/^Amount/));
    await user.type(field(/^Amount/), String(MAX_GIFT_AMOUNT));
    await user.click(field(/Village or town/));
    await user.paste('ம'.repeat(villageMax + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Too long: at most ${formatNumber(villageMax)} characters`)).toBeInTheDocument();
    expect(screen.queryByText(/Amount cannot be more than/)).toBeNull();
    expect(await db.gifts.count()).toBe(0);

    await user.clear(field(/Village or town/));
    await user.paste('ம'.repeat(villageMax));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('last-receipt', {}, { timeout: 4000 });
    const [g] = await db.gifts.toArray();
    expect(g).toMatchObject({ name: 'Murugan', amount: MAX_GIFT_AMOUNT, mode: 'cash' });
    expect(g.village).toHaveLength(villageMax);
  });

  it('in Tamil, words every broken rule of an item gift in Tamil (no English, none of zod’s messages)', async () => {
    await act(() => i18n.changeLanguage('ta'));
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await screen.findByLabelText(/மொய் செய்பவர் பெயர்/, {}, { timeout: 4000 });
    await user.type(field(/மொய் செய்பவர் பெயர்/), 'பொன்னம்மாள்');
    await user.click(field(/^ஊர்/));
    await user.paste('ம'.repeat(villageMax + 1));
    await user.click(screen.getByRole('radio', { name: 'பொருள்' }));
    await user.type(field(/எடை கிராமில்/), String(weightMax * 2));
    await user.type(field(/மதிப்பிடப்பட்ட மதிப்பு/), String(MAX_GIFT_AMOUNT + 1));
    await user.click(screen.getByRole('button', { name: 'சேமி' }));
    await waitFor(() => expect(fieldErrors().length).toBe(4));
    expect(fieldErrors().sort()).toEqual([
      `எடை ${formatNumber(weightMax)} கிராமுக்கு மேல் இருக்கக் கூடாது`,
      'பொருளை விவரிக்கவும்',
      `மதிப்பிடப்பட்ட மதிப்பு ${formatRupees(MAX_GIFT_AMOUNT)}-க்கு மேல் இருக்கக் கூடாது`,
      `மிக நீளம்: அதிகபட்சம் ${formatNumber(villageMax)} எழுத்துகள்`,
    ].sort());
    for (const text of fieldErrors()) expect(text).not.toMatch(/[A-Za-z]/);
    expect(await db.gifts.count()).toBe(0);
  });
});

/** The relation select (a native select, labelled). */
const relationSelect = () => screen.getAllByLabelText(/^Relation/).find((e) => e.tagName === 'SELECT') as HTMLSelectElement;

/** Keys the first giver: a maternal uncle from Alanganallur with an initial, saved with Ctrl+Enter. */
async function keyMaternalUncle(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/Giver's name/), 'Vellaichamy');
  await user.type(field(/^Initial/), 'V.');
  await user.click(field(/Village or town/));
  await user.paste('Alanganallur');
  await user.type(field(/^Amount/), '5001');
  await user.selectOptions(relationSelect(), 'maternal_uncle');
  await user.keyboard('{Control>}{Enter}{/Control}');
  await waitFor(async () => expect(await db.gifts.count()).toBe(1), { timeout: 4000 });
  await waitFor(() => expect(field(/Giver's name/)).toHaveValue(''));
}

const byReceipt = async () => (await db.gifts.toArray()).sort((a, b) => a.receiptNo.localeCompare(b.receiptNo));

describe('gift entry form: one giver never leaks into the next', () => {
  it('two gifts keyed in a row: the first as maternal uncle, the second starts afresh and is saved as “Other”', async () => {
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await screen.findByLabelText(/Giver's name/, {}, { timeout: 4000 });
    expect(relationSelect()).toHaveValue('other');
    await keyMaternalUncle(user);

    // The next giver: only the name and amount are typed.
    expect(relationSelect()).toHaveValue('other');
    expect(field(/^Initial/)).toHaveValue('');
    expect(field(/Village or town/)).toHaveValue('');
    await user.type(field(/Giver's name/), 'Murugan');
    await user.type(field(/^Amount/), '501');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(async () => expect(await db.gifts.count()).toBe(2), { timeout: 4000 });
    const [uncle, next] = await byReceipt();
    expect(uncle).toMatchObject({ name: 'Vellaichamy', relation: 'maternal_uncle' });
    expect(next).toMatchObject({ name: 'Murugan', relation: 'other', initial: '', village: '' });
  });

  it('“Same as last” (shown with its key, Alt+S) copies the last giver’s initial, village and relation, and nothing else', async () => {
    renderPage(<GiftEntryPage />);
    const user = userEvent.setup();
    await screen.findByLabelText(/Giver's name/, {}, { timeout: 4000 });
    // Nothing saved yet: nothing to copy.
    expect(screen.queryByRole('button', { name: /Same as last/ })).toBeNull();
    await keyMaternalUncle(user);

    const same = screen.getByRole('button', { name: /Same as last/ });
    expect(same).toHaveTextContent('Alt+S');
    // It says what it copies (the village as saved: the form spells a known village in Tamil).
    const [uncle] = await byReceipt();
    expect(screen.getByTestId('same-as-last')).toHaveTextContent(`V. · ${uncle.village} · Maternal uncle`);
    await user.type(field(/Giver's name/), 'Karuppasamy');
    await user.keyboard('{Alt>}s{/Alt}');
    expect(relationSelect()).toHaveValue('maternal_uncle');
    expect(field(/^Initial/)).toHaveValue('V.');
    expect(field(/Village or town/)).toHaveValue(uncle.village);
    expect(field(/Giver's name/)).toHaveValue('Karuppasamy');
    expect(field(/^Amount/)).toHaveValue('');
    await user.type(field(/^Amount/), '1001');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(async () => expect(await db.gifts.count()).toBe(2), { timeout: 4000 });
    expect((await byReceipt())[1]).toMatchObject({ name: 'Karuppasamy', amount: 1001, relation: 'maternal_uncle', initial: 'V.', village: uncle.village, mobile: '' });

    // The button does the same as the key; in Tamil it is labelled in Tamil.
    await waitFor(() => expect(field(/Giver's name/)).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: /Same as last/ }));
    expect(relationSelect()).toHaveValue('maternal_uncle');
    await act(() => i18n.changeLanguage('ta'));
    expect(screen.getByRole('button', { name: /முந்தையவர் போல/ })).toHaveTextContent('Alt+S');
  });
});
