// The printable counter close sheet: what the paper says, on A4 and on an 80 mm roll, in both languages.
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CashTally } from '../../../contract/entities';
import i18n from '../../lib/i18n';
import { CloseSheetButton } from './close-sheet';

const tally: CashTally = {
  counts: { n500: 4, n100: 5, c10: 3 }, countedTotal: 2530, expectedCash: 2631, difference: -101, reason: 'ஒரு நோட்டு குறைவு',
  closedBy: 'u-s1', closedAt: '2026-11-20T10:00:00.000Z',
};
const sheet = { eventTitle: 'Selvam & Meenakshi Wedding', code: 'A', name: 'மணமகன் தரப்பு' };

const takings = { cash: 2631, upi: 5002, cheque: 3001, sum: 2631 + 5002 + 3001, items: 2, item: 48000 };

async function openSheet() {
  render(<MantineProvider><CloseSheetButton data={{ ...sheet, tally, closedByName: 'கண்ணன்', afterClose: { count: 2, cash: 1502 }, takings }} /></MantineProvider>);
  await userEvent.click(screen.getByRole('button', { name: i18n.t('report.closeSheet.open') }));
  return screen.getByRole('dialog');
}

describe('the counter close sheet', () => {
  it('prints the denominations, expected, counted, difference, reason, late gifts and two signature lines on A4', async () => {
    await i18n.changeLanguage('en');
    const dialog = await openSheet();
    const preview = within(dialog).getByTestId('close-sheet');
    for (const text of ['Counter close sheet', 'Selvam & Meenakshi Wedding', '₹500 note', '₹100 note', '₹10 coin', 'Total counted', 'Expected cash', '₹2,631',
      'ஒரு நோட்டு குறைவு', 'Arrived after the close (not in this count)', 'Signature of the counter staff', "Signature of the host's nominee"]) {
      expect(within(preview).getAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
    }
    expect(within(preview).getByText('₹2,000')).toBeInTheDocument(); // 4 × ₹500
    expect(within(preview).getByTestId('close-sheet-difference')).toHaveTextContent('−₹101');
    expect(within(preview).getByText('Name: கண்ணன்')).toBeInTheDocument(); // the staff who closed it, under their line
    // The printout is the same sheet alone, on an A4 page.
    const printed = screen.getByTestId('close-sheet-print');
    expect(printed.querySelector('style')?.textContent).toContain('size: A4 portrait');
    expect(within(printed).getByTestId('close-sheet')).toHaveAttribute('data-paper', 'a4');
  });

  it('gives what the counter took by mode: cash, UPI, cheque, their money total, and items counted apart with their estimate', async () => {
    await i18n.changeLanguage('en');
    const dialog = await openSheet();
    const table = within(within(dialog).getByTestId('close-sheet')).getByTestId('close-sheet-takings');
    const rows = [...table.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Cash', '₹2,631'], ['UPI', '₹5,002'], ['Cheque', '₹3,001'], ['Money taken (cash + UPI + cheque)', '₹10,634'], ['Item', '2 · estimate ₹48,000, not money'],
    ]);
  });

  it('switches to the 80 mm roll', async () => {
    await i18n.changeLanguage('en');
    const dialog = await openSheet();
    await userEvent.click(within(dialog).getByText('80 mm roll'));
    const printed = screen.getByTestId('close-sheet-print');
    expect(printed.querySelector('style')?.textContent).toContain('size: 80mm auto');
    expect(within(printed).getByTestId('close-sheet')).toHaveAttribute('data-paper', '80');
  });

  it('speaks Tamil when the app does', async () => {
    await i18n.changeLanguage('ta');
    const dialog = await openSheet();
    const preview = within(dialog).getByTestId('close-sheet');
    expect(within(preview).getByText('கவுண்டர் கணக்கு முடிப்புத் தாள்')).toBeInTheDocument();
    expect(within(preview).getByText('கவுண்டர் பணியாளர் கையொப்பம்')).toBeInTheDocument();
    expect(within(preview).getByText('விழா நடத்துபவரின் பிரதிநிதி கையொப்பம்')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
