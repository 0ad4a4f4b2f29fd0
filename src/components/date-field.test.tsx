import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { DateField } from './date-field';

function Form({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Date of the function" value={value} onChange={setValue} required />
      <output data-testid="value">{value}</output>
      <button type="button">elsewhere</button>
    </>
  );
}
const wrap = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

describe('DateField', () => {
  it('takes a typed day-first date, keeps YYYY-MM-DD as the value and shows it in words', async () => {
    await setLanguage('en');
    wrap(<Form />);
    const user = userEvent.setup();
    const box = screen.getByLabelText(/Date of the function/);
    expect(box).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await user.type(box, '4/9/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-09-04');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(box).toHaveValue('4 September 2026');
    // A required date is not lost by a slip: emptied and left, the box shows the date again.
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(box).toHaveValue('4 September 2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-09-04');
  });

  it('in Tamil, the calendar names months and days in Tamil, and a picked day is YYYY-MM-DD', async () => {
    await act(() => setLanguage('ta'));
    wrap(<Form initial="2026-11-24" />);
    const user = userEvent.setup();
    const box = screen.getByLabelText(/Date of the function/);
    expect(box).toHaveValue('24 நவம்பர், 2026');
    await user.click(box);
    expect(await screen.findByText('நவம்பர் 2026')).toBeInTheDocument(); // the month's header
    expect(screen.getByText('ஞா')).toBeInTheDocument(); // Sunday, first
    expect(screen.getByRole('button', { name: 'அடுத்த மாதம்' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '26 நவம்பர் 2026' }));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-26');
    expect(box).toHaveValue('26 நவம்பர், 2026');
    // Picking the chosen day again keeps it (a required date is not unset by a second tap).
    await user.click(box);
    await user.click(await screen.findByRole('button', { name: '26 நவம்பர் 2026' }));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-26');
    await act(() => setLanguage('en'));
  });
});

describe('DateField, optional', () => {
  it('can be cleared with its clear button, named in the language', async () => {
    await setLanguage('en');
    function Optional() {
      const [value, setValue] = useState('2026-11-24');
      return <><DateField label="Valid to" value={value} onChange={setValue} clearable /><output data-testid="value">{value}</output></>;
    }
    wrap(<Optional />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear the date' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^$/);
    expect(screen.getByLabelText('Valid to')).toHaveValue('');
  });
});
