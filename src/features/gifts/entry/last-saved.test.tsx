// The receipt panel follows the last saved gift only after the ready form is painted; Print pressed
// before that must still print the gift just saved.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LocalGift } from '../../../data/db';
import { createLastSaved, useLastSavedDeferred, type LastSaved } from './last-saved';

function Receipt({ store }: { store: LastSaved }) {
  const g = useLastSavedDeferred(store);
  return <p data-testid="receipt">{g ? g.receiptNo : 'none'}</p>;
}
const gift = (receiptNo: string) => ({ receiptNo }) as LocalGift;

describe('last saved receipt', () => {
  it('renders after the next frame, or at once when flushed for Print', async () => {
    const store = createLastSaved();
    render(<Receipt store={store} />);
    act(() => store.set(gift('A-T7-0001')));
    expect(screen.getByTestId('receipt')).toHaveTextContent('none'); // not on the save's critical path
    await screen.findByText('A-T7-0001');

    act(() => store.set(gift('A-T7-0002')));
    expect(screen.getByTestId('receipt')).toHaveTextContent('A-T7-0001');
    store.flush(); // Print pressed right after the save
    expect(screen.getByTestId('receipt')).toHaveTextContent('A-T7-0002');
  });
});
