// The export dialog's "Villages in the book" (issue 27 item 5): the village pages' figures as the book
// counts them, a merge and a rename made from the keyboard and kept on the event through the outbox
// (no network: the device's database only), undone again; read-only for counter staff; Tamil labels.
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Counter, MoiEvent } from '../../../contract/entities';
import i18n from '../i18n';
import { db } from '../../data/db';
import { ExportButton } from './export-dialog';
import { updateBookVillagesOn } from '../../data/report/book-villages';
import { addVillageRule } from '../../../report/villages';

vi.mock('../../data/report/run-report', () => ({
  startReportWorker: () => ({ terminate() {} }),
  runReport: () => ({ cancel() {}, done: new Promise(() => {}) }),
}));

const event: MoiEvent = {
  id: '01900000-0000-7000-8000-000000000001', titleTa: 'திருமணம்', titleEn: 'Wedding', functionType: 'wedding', date: '2026-11-20',
  venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'open', plan: null,
};
const counters: Counter[] = [{ id: '01900000-0000-7000-8000-0000000000a1', eventId: event.id, code: 'A', name: '', status: 'open', staffIds: ['u-staff'], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null }];
const gift = (i: number, village: string, amount: number) => ({
  id: `01900000-0000-7000-8000-00000000f00${i}`, eventId: event.id, counterId: counters[0].id, receiptNo: `A-T1-${i}`, name: `Giver ${i}`, initial: '', village, mobile: '',
  relation: 'other' as const, mode: 'cash' as const, amount, reference: '', item: '', note: '', enteredAt: new Date(Date.UTC(2026, 10, 20, 4, i)).toISOString(), enteredBy: 'u-staff',
  receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0 as const,
});

async function setUp(role: 'event_admin' | 'counter_staff') {
  await Promise.all([db.gifts.clear(), db.events.clear(), db.outbox.clear(), db.users.clear(), db.counters.clear()]);
  const user = { id: role === 'event_admin' ? 'u-admin' : 'u-staff', user_id: 'u', username: 'u', name: 'U', mobile: null, role, userType: null, profileImagePath: null };
  await db.users.put(user);
  await db.meta.put({ key: 'user', value: user.id });
  await db.counters.put({ ...counters[0], _pending: 0 });
  await db.events.put({ ...event, adminIds: ['u-admin'], _pending: 0 });
  // Madurai in two spellings (one place by the alias table), Sellur in two, Tirunelveli once.
  await db.gifts.bulkPut([gift(1, 'Madurai', 2001), gift(2, 'மதுரை', 1001), gift(3, 'Sellur', 501), gift(4, 'செல்லூர்', 201), gift(5, 'Tirunelveli', 51)]);
  render(<MantineProvider env="test"><ExportButton event={{ ...event, adminIds: ['u-admin'] }} counters={counters} /></MantineProvider>);
  await userEvent.click(screen.getByRole('button', { name: i18n.t('report.export') }));
}

/** The figures table as the host reads it: village (first line) → gifts, total. */
const figures = () => Object.fromEntries(within(screen.getByTestId('book-village-figures')).getAllByRole('row').slice(1).map((r) => {
  const cells = within(r).getAllByRole('cell').map((c) => c.textContent ?? '');
  const name = r.querySelector('td')!.firstChild!.textContent ?? '';
  return [name, `${cells[1]} · ${cells[2]}`];
}));
/** Dexie's live queries answer later on a loaded machine (two cores, other tests running): wait longer than 1 s. */
const wait = (fn: () => unknown) => waitFor(fn, { timeout: 8000 });
const input = (label: string) => screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT')!;

describe('the export dialog\'s villages in the book', () => {
  it('shows the village pages\' figures; merges and renames from the keyboard, saved on the event through the outbox; undoes', async () => {
    await i18n.changeLanguage('en');
    await setUp('event_admin');
    const user = userEvent.setup();
    const show = screen.getByRole('button', { name: 'Merge or rename villages' });
    show.focus();
    await user.keyboard('{Enter}');
    expect(show).toHaveAttribute('aria-expanded', 'true');
    await wait(() => expect(figures()).toEqual({ 'மதுரை': '2 · ₹3,002', 'செல்லூர்': '2 · ₹702', Tirunelveli: '1 · ₹51' }));
    expect(screen.getByText('On this page too: Madurai')).toBeInTheDocument();
    // The forms once the device knows the user may change the book (an admin of the event).
    await wait(() => expect(input('Merge this village')).toBeVisible());
    for (const label of ['into this village', 'Rename this village', 'New name']) expect(input(label)).toBeVisible();

    // Merge: Sellur's page into Madurai's, chosen by typing and Enter, sent with the Merge button's Enter.
    await user.click(input('Merge this village'));
    await user.keyboard('செல்{ArrowDown}{Enter}');
    await user.click(input('into this village'));
    await user.keyboard('மது{ArrowDown}{Enter}');
    expect(input('into this village')).toHaveValue('மதுரை');
    screen.getByRole('button', { name: 'Merge' }).focus();
    await user.keyboard('{Enter}');
    await wait(async () => expect((await db.events.get(event.id))?.bookVillages).toEqual([{ from: 'செல்லூர்', to: 'மதுரை' }]));
    await wait(() => expect(figures()).toEqual({ 'மதுரை': '4 · ₹3,704', Tirunelveli: '1 · ₹51' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved: செல்லூர் → மதுரை');

    // Rename: Tirunelveli prints as நெல்லை (the new-name box starts from the old name).
    await user.click(input('Rename this village'));
    await user.keyboard('Tir{ArrowDown}{Enter}');
    expect(screen.getByLabelText('New name')).toHaveValue('Tirunelveli');
    await user.clear(screen.getByLabelText('New name'));
    await user.type(screen.getByLabelText('New name'), 'நெல்லை{Enter}');
    await wait(() => expect(figures()).toEqual({ 'மதுரை': '4 · ₹3,704', 'நெல்லை': '1 · ₹51' }));
    // Queued for the server: one event.bookVillages per change, each the whole list.
    const queued = (await db.outbox.toArray()).filter((r) => r.name === 'event.bookVillages');
    expect(queued.map((r) => r.args)).toEqual([
      { id: event.id, villages: [{ from: 'செல்லூர்', to: 'மதுரை' }] },
      { id: event.id, villages: [{ from: 'செல்லூர்', to: 'மதுரை' }, { from: 'Tirunelveli', to: 'நெல்லை' }] },
    ]);
    expect((await db.events.get(event.id))?._pending).toBe(1);

    // Undo the merge: Sellur has its page again.
    await user.click(screen.getByRole('button', { name: 'Undo: செல்லூர் → மதுரை' }));
    await wait(() => expect(figures()).toEqual({ 'மதுரை': '2 · ₹3,002', 'செல்லூர்': '2 · ₹702', 'நெல்லை': '1 · ₹51' }));
    expect((await db.events.get(event.id))?.bookVillages).toEqual([{ from: 'Tirunelveli', to: 'நெல்லை' }]);
  });

  it('refuses a merge with no village chosen and a rename without a new name, saying why beside the field', async () => {
    await i18n.changeLanguage('en');
    await setUp('event_admin');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Merge or rename villages' }));
    await wait(() => expect(input('Merge this village')).toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(input('Merge this village')).toHaveAttribute('aria-invalid', 'true');
    await user.click(input('Rename this village'));
    await user.keyboard('Tir{ArrowDown}{Enter}');
    await user.clear(screen.getByLabelText('New name'));
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByLabelText('New name')).toHaveAccessibleDescription('Type the new name');
    expect((await db.outbox.toArray()).filter((r) => r.name === 'event.bookVillages')).toHaveLength(0);
  });

  it('shows counter staff the changes read-only, and speaks Tamil', async () => {
    await i18n.changeLanguage('ta');
    await db.events.clear();
    await setUp('counter_staff');
    await db.events.update(event.id, { bookVillages: [{ from: 'Sellur', to: 'மதுரை' }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'ஊர்களை இணை / பெயர் மாற்று' }));
    await wait(() => expect(figures()).toEqual({ 'மதுரை': '4 · ₹3,704', Tirunelveli: '1 · ₹51' }));
    expect(screen.getByText('புத்தகத்தில் ஊர்கள்')).toBeInTheDocument();
    expect(screen.getByText('Sellur → மதுரை')).toBeInTheDocument();
    expect(screen.getByText('நிகழ்வின் உரிமையாளர் அல்லது நிர்வாகி இணைப்பார், பெயர் மாற்றுவார்.')).toBeInTheDocument();
    expect(screen.queryByLabelText('இந்த ஊரை')).toBeNull();
    expect(screen.queryByRole('button', { name: /திரும்பப் பெறு/ })).toBeNull();
    await i18n.changeLanguage('en');
  });

  it('two changes made at once both stay: each is applied to the rules as stored, in one transaction with its outbox row', async () => {
    await Promise.all([db.events.clear(), db.outbox.clear()]);
    await db.events.put({ ...event, _pending: 0 });
    await Promise.all([
      updateBookVillagesOn(db, event.id, (cur) => addVillageRule(cur, { from: 'Sellur', to: 'மதுரை' })),
      updateBookVillagesOn(db, event.id, (cur) => addVillageRule(cur, { from: 'Tirunelveli', to: 'நெல்லை' })),
    ]);
    expect((await db.events.get(event.id))?.bookVillages).toEqual([{ from: 'Sellur', to: 'மதுரை' }, { from: 'Tirunelveli', to: 'நெல்லை' }]);
    expect((await db.outbox.toArray()).map((r) => (r.args as { villages: unknown[] }).villages.length)).toEqual([1, 2]);
  });
});
