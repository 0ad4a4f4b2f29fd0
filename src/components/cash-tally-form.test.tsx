import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import i18n from '../lib/i18n';
import { CashTallyForm, computeTally, makeDenominations, tallyNeedsReason } from './cash-tally-form';

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('tally arithmetic', () => {
  const denoms = makeDenominations();
  it('sums count × value over notes and coins and compares with the expected cash', () => {
    const t = computeTally({ n500: 3, n100: 2, c20: 1, n20: 1, c1: 5 }, denoms, 1750);
    expect(t.countedTotal).toBe(1500 + 200 + 20 + 20 + 5);
    expect(t.difference).toBe(1745 - 1750);
    expect(tallyNeedsReason(t)).toBe(true);
    expect(t.counts.n200).toBe(0);
  });
  it('needs no reason when the drawer balances', () => {
    const t = computeTally({ n500: 2, n10: 1 }, denoms, 1010);
    expect(t.difference).toBe(0);
    expect(tallyNeedsReason(t)).toBe(false);
  });
  it('takes a configurable denomination list', () => {
    const custom = makeDenominations([2000, 500], []);
    expect(computeTally({ n2000: 1, n500: 1 }, custom, 0).countedTotal).toBe(2500);
  });
  it('refuses negative or fractional counts', () => {
    expect(() => computeTally({ n500: -1 }, denoms, 0)).toThrow(RangeError);
    expect(() => computeTally({ n500: 1.5 }, denoms, 0)).toThrow(RangeError);
  });
});

describe('<CashTallyForm>', () => {
  it('shows counted, expected and difference as the staff types, and requires a reason when short', async () => {
    await i18n.changeLanguage('en');
    const onSubmit = vi.fn();
    wrap(<CashTallyForm expectedCash={1201} submitLabel="Close the counter" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('₹500 notes'), '2');
    await user.type(screen.getByLabelText('₹100 notes'), '2');
    expect(screen.getByTestId('tally-counted')).toHaveTextContent('₹1,200');
    expect(screen.getByTestId('tally-expected')).toHaveTextContent('₹1,201');
    expect(screen.getByTestId('tally-difference')).toHaveTextContent('−₹1');
    await user.click(screen.getByRole('button', { name: 'Close the counter' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('A reason is required when the difference is not zero').length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText(/Reason for the difference/), 'One rupee coin given as change');
    await user.click(screen.getByRole('button', { name: 'Close the counter' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({
      countedTotal: 1200, expectedCash: 1201, difference: -1, reason: 'One rupee coin given as change',
    }));
  });

  it('closes without a reason when balanced, counting ₹20 coins apart from ₹20 notes', async () => {
    await i18n.changeLanguage('en');
    const onSubmit = vi.fn();
    wrap(<CashTallyForm expectedCash={40} submitLabel="Close" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('₹20 notes'), '1');
    await user.type(screen.getByLabelText('₹20 coins'), '1x');
    expect(screen.queryByLabelText(/Reason for the difference/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ countedTotal: 40, difference: 0, reason: null, counts: expect.objectContaining({ n20: 1, c20: 1 }) }));
  });

  it('speaks Tamil', async () => {
    await i18n.changeLanguage('ta');
    wrap(<CashTallyForm expectedCash={0} submitLabel="மூடு" onSubmit={() => {}} />);
    expect(screen.getByText('நோட்டுகள்')).toBeInTheDocument();
    expect(screen.getByText('எதிர்பார்க்கப்படும் ரொக்கம்')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
