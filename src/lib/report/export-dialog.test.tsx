import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Counter, MoiEvent } from '../../../contract/entities';
import i18n from '../i18n';
import { db } from '../../data/db';
import { ExportButton, fileName } from './export-dialog';

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
    expect(screen.getByRole('button', { name: 'Make the file' })).toBeDisabled();
    expect(screen.getAllByText('Enter both times of the range')).toHaveLength(2);
    await userEvent.click(screen.getByLabelText('Excel'));
    expect(screen.queryByLabelText('Blank pages for late arrivals')).toBeNull();
  });

  it('keeps the host\'s village order for the event on this device, choosing among the villages the device holds', async () => {
    await i18n.changeLanguage('en');
    localStorage.clear();
    await db.gifts.clear();
    await db.gifts.bulkPut(['மேலூர்', 'Madurai', 'அலங்காநல்லூர்'].map((village, i) => ({
      id: `01900000-0000-7000-8000-00000000f00${i}`, eventId: event.id, counterId: counters[0].id, receiptNo: `A-T1-${i}`, name: 'x', initial: '', village, mobile: '',
      relation: 'other' as const, mode: 'cash' as const, amount: 101, reference: '', item: '', note: '', enteredAt: new Date().toISOString(), enteredBy: 'u1',
      receivedAt: null, version: 1, deletedAt: null, deletedBy: null, deleteReason: null, _pending: 0 as const,
    })));
    render(<MantineProvider env="test"><ExportButton event={event} counters={counters} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getAllByLabelText('Villages to put first').find((e) => e.tagName === 'INPUT')!);
    await userEvent.click(await screen.findByRole('option', { name: 'மேலூர்' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Madurai' }));
    expect(JSON.parse(localStorage.getItem(`moi.report.villageOrder.${event.id}`)!)).toEqual(['மேலூர்', 'Madurai']);
  });

  it('speaks Tamil when the app does', async () => {
    await i18n.changeLanguage('ta');
    render(<MantineProvider><ExportButton event={event} counters={counters} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'ஏற்றுமதி' }));
    expect(screen.getByText('மொய் புத்தகத்தை ஏற்றுமதி செய்')).toBeInTheDocument();
    expect(screen.getByLabelText('தமிழ்')).toBeChecked();
    await i18n.changeLanguage('en');
  });

  it('names the file after the event, its date, the language and the type', () => {
    expect(fileName(event, 'pdf', 'ta')).toBe('moi-Selvam-Meenakshi-Wedding-2026-11-20-ta.pdf');
    expect(fileName({ ...event, titleEn: null }, 'xlsx', 'en')).toBe('moi-செல்வம்-மீனாட்சி-திருமணம்-2026-11-20-en.xlsx');
  });
});
