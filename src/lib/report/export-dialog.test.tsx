import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Counter, MoiEvent } from '../../../contract/entities';
import i18n from '../i18n';
import { db } from '../../data/db';
import { ExportButton, fileName } from './export-dialog';

// The request the dialog posts to the report worker (the worker itself is tests/e2e/report.e2e.ts's).
const posted = vi.hoisted(() => [] as { from?: string; to?: string }[]);
vi.mock('../../data/report/run-report', () => ({
  startReportWorker: () => ({ terminate() {} }),
  runReport: (req: { from?: string; to?: string }) => {
    posted.push(req);
    return { cancel() {}, done: new Promise(() => {}) };
  },
}));

const event: MoiEvent = {
  id: '01900000-0000-7000-8000-000000000001', titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam & Meenakshi Wedding', functionType: 'wedding', date: '2026-11-20',
  venue: '', hostNames: '', thankYouNote: '', upiId: null, ownerIds: [], adminIds: [], status: 'open', plan: null,
};
const counters: Counter[] = [{ id: '01900000-0000-7000-8000-0000000000a1', eventId: event.id, code: 'A', name: 'மணமகன் தரப்பு', status: 'open', staffIds: [], openedAt: null, openedBy: null, closedAt: null, closedBy: null, tally: null }];

describe('the export dialog', () => {
  it('offers scope, file type, language and blank pages, each with a visible label; a counter or a time range when chosen', async () => {
    await i18n.changeLanguage('en');
    render(<MantineProvider><ExportButton event={event} counters={counters} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    for (const label of ['Whole event', 'One counter', 'A time range', 'PDF book', 'Excel', 'CSV', 'தமிழ் (Tamil)', 'English', 'Blank pages for late arrivals']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getAllByLabelText('Villages to put first').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('English')).toBeChecked(); // the book's language follows the app's
    await userEvent.click(screen.getByLabelText('One counter'));
    expect(screen.getByLabelText('Counter')).toHaveDisplayValue('A · மணமகன் தரப்பு');
    await userEvent.click(screen.getByLabelText('A time range'));
    const make = screen.getByRole('button', { name: 'Make the file' });
    expect(make).toBeDisabled();
    // Why it waits is said beside it; no field turns red before the user has been in it.
    expect(make).toHaveAccessibleDescription('Enter both times of the range');
    expect(screen.getByLabelText('From (date)')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Until (date)')).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByLabelText('From (date)'));
    await userEvent.click(screen.getByLabelText('Excel'));
    // Left empty: now that end says so.
    expect(screen.getByLabelText('From (date)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Until (date)')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Blank pages for late arrivals')).toBeNull();
  });

  it('says before the book is made how many of the event\'s gifts have not reached the server (and nothing when all have)', async () => {
    await i18n.changeLanguage('en');
    await Promise.all([db.gifts.clear(), db.events.clear()]);
    await db.events.put({ ...event, _pending: 0 });
    const gift = (i: number, pending: 0 | 1) => ({
      id: `01900000-0000-7000-8000-00000000e00${i}`, eventId: event.id, counterId: counters[0].id, receiptNo: `A-T1-${i}`, name: `Giver ${i}`, initial: '', village: '', mobile: '',
      relation: 'other' as const, mode: 'cash' as const, amount: 101, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u1',
      receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: pending,
    });
    await db.gifts.bulkPut([gift(1, 0), gift(2, 1), gift(3, 1)]);
    const view = render(<MantineProvider env="test"><ExportButton event={event} counters={counters} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByTestId('export-pending')).textContent).toContain('2 gifts on this device have not reached the server yet');
    await db.gifts.where('_pending').equals(1).modify({ _pending: 0 });
    await waitFor(() => expect(screen.queryByTestId('export-pending')).toBeNull());
    view.unmount();
  });

  it('stores the host\'s order on the event through the outbox (villages, then givers first), for an admin of the event', async () => {
    await i18n.changeLanguage('en');
    await Promise.all([db.gifts.clear(), db.events.clear(), db.outbox.clear(), db.users.clear()]);
    const admin = { id: 'u-admin', user_id: 'u-admin', username: 'ea', name: 'Event admin', mobile: null, role: 'event_admin' as const, userType: null, profileImagePath: null };
    await db.users.put(admin);
    await db.meta.put({ key: 'user', value: admin.id });
    await db.events.put({ ...event, adminIds: [admin.id], _pending: 0 });
    await db.gifts.bulkPut(['மேலூர்', 'Madurai', 'அலங்காநல்லூர்'].map((village, i) => ({
      id: `01900000-0000-7000-8000-00000000f00${i}`, eventId: event.id, counterId: counters[0].id, receiptNo: `A-T1-${i}`, name: `Giver ${i}`, initial: '', village, mobile: '',
      relation: 'other' as const, mode: 'cash' as const, amount: 101, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u1',
      receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0 as const,
    })));
    render(<MantineProvider env="test"><ExportButton event={event} counters={counters} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const input = (label: string) => screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT')!;
    await waitFor(() => expect(input('Villages to put first')).toBeEnabled());
    await userEvent.click(input('Villages to put first'));
    await userEvent.click(await screen.findByRole('option', { name: 'மேலூர்' }));
    await waitFor(async () => expect((await db.events.get(event.id))?.bookVillageOrder).toEqual(['மேலூர்']));
    await userEvent.click(await screen.findByRole('option', { name: 'Madurai' }));
    await waitFor(async () => expect((await db.events.get(event.id))?.bookVillageOrder).toEqual(['மேலூர்', 'Madurai']));
    await userEvent.click(input('Givers to print first'));
    await userEvent.click(await screen.findByRole('option', { name: /Giver 2/ }));
    await waitFor(async () => expect((await db.events.get(event.id))?.bookFirstGiftIds).toEqual(['01900000-0000-7000-8000-00000000f002']));
    const queued = (await db.outbox.toArray()).filter((r) => r.name === 'event.bookOrder');
    expect(queued.at(-1)?.args).toEqual({ id: event.id, villages: ['மேலூர்', 'Madurai'], firstGiftIds: ['01900000-0000-7000-8000-00000000f002'] });
  });

  it('shows the stored order read-only to someone who may not set it', async () => {
    await i18n.changeLanguage('en');
    await Promise.all([db.events.clear(), db.users.clear()]);
    const staff = { id: 'u-staff', user_id: 'u-staff', username: 'st', name: 'Staff', mobile: null, role: 'counter_staff' as const, userType: null, profileImagePath: null };
    await db.users.put(staff);
    await db.meta.put({ key: 'user', value: staff.id });
    await db.events.put({ ...event, bookVillageOrder: ['மேலூர்'], _pending: 0 });
    render(<MantineProvider env="test"><ExportButton event={event} counters={counters} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findAllByText('மேலூர்')).not.toHaveLength(0);
    expect(screen.getAllByText("Set by the event's owner or admin.")).toHaveLength(2);
    expect(screen.getAllByLabelText('Villages to put first').find((e) => e.tagName === 'INPUT')).toBeDisabled();
  });

  it('takes a time range typed from the keyboard in the app\'s fields (day, hours, minutes, AM/PM), as device time', async () => {
    await i18n.changeLanguage('en');
    render(<MantineProvider env="test"><ExportButton event={event} counters={counters} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getByLabelText('A time range'));
    await userEvent.type(screen.getByLabelText('From (date)'), '20/11/2026');
    await userEvent.type(screen.getByLabelText('Until (date)'), '20/11/2026');
    // The day alone is not a range end yet.
    expect(screen.getByRole('button', { name: 'Make the file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Make the file' })).toHaveAccessibleDescription('Enter both times of the range');
    await userEvent.type(screen.getByLabelText('From (time)'), '1030');
    await userEvent.selectOptions(screen.getByLabelText('From (time): AM or PM'), 'am');
    await userEvent.type(screen.getByLabelText('Until (time)'), '0615');
    await userEvent.selectOptions(screen.getByLabelText('Until (time): AM or PM'), 'pm');
    expect(screen.getByLabelText('Until (time): minutes')).toHaveValue('15');
    expect(screen.queryByText('Enter both times of the range')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make the file' }));
    expect(posted.at(-1)).toMatchObject({ from: new Date(2026, 10, 20, 10, 30).toISOString(), to: new Date(2026, 10, 20, 18, 15).toISOString() });
  });

  it('speaks Tamil when the app does', async () => {
    await i18n.changeLanguage('ta');
    render(<MantineProvider><ExportButton event={event} counters={counters} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'ஏற்றுமதி' }));
    expect(screen.getByText('மொய் புத்தகத்தை ஏற்றுமதி செய்')).toBeInTheDocument();
    expect(screen.getByLabelText('தமிழ்')).toBeChecked();
    await userEvent.click(screen.getByLabelText('ஒரு நேர வரம்பு'));
    for (const label of ['தொடக்கத் தேதி', 'தொடக்க நேரம்', 'முடிவுத் தேதி', 'முடிவு நேரம்']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('names the file after the event, its date, the language and the type', () => {
    expect(fileName(event, 'pdf', 'ta')).toBe('moi-Selvam-Meenakshi-Wedding-2026-11-20-ta.pdf');
    expect(fileName({ ...event, titleEn: null }, 'xlsx', 'en')).toBe('moi-செல்வம்-மீனாட்சி-திருமணம்-2026-11-20-en.xlsx');
  });
});
