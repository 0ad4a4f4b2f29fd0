// A funeral's receipt (issue 30 item 5): on screen, shared as text and printed, it carries the line of
// homage (கண்ணீர் அஞ்சலி / In loving memory) and the family's quiet thanks, never "thank you for
// your presence!"; a wedding's receipt is unchanged.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { receiptDoc } from '../print/receipt-doc';
import { ReceiptView, receiptText, type ReceiptData } from './receipt-view';

const funeral: ReceiptData = {
  gift: { receiptNo: 'A-T7-0007', name: 'முருகன்', initial: 'மு.', village: 'மதுரை', amount: 501, mode: 'cash', reference: '', item: '', enteredAt: '2026-11-22T05:30:00.000Z', deletedAt: null },
  event: { titleTa: 'அமரர் க. சின்னசாமி', titleEn: 'Late K. Chinnasamy', functionType: 'funeral', date: '2026-11-22', venue: 'Madurai', hostNames: 'Family of K. Chinnasamy', thankYouNote: '' },
  counter: { code: 'A', name: 'A' },
  staffName: 'Kavitha',
};
const wedding: ReceiptData = { ...funeral, event: { ...funeral.event!, functionType: 'wedding', titleTa: 'செல்வம் திருமணம்', titleEn: 'Selvam wedding' } };
const t = i18n.t.bind(i18n) as unknown as (k: string, o?: Record<string, unknown>) => string;
const docText = (d: ReceiptData, lang: 'en' | 'ta') => receiptDoc(d, { t, lang, paper: '58' }).map((b) => ('text' in b ? b.text : '')).join('\n');

describe('a funeral\'s receipt', () => {
  it('in Tamil: homage and the family\'s thanks for sharing their grief; no celebration', async () => {
    await act(() => i18n.changeLanguage('ta'));
    render(<MantineProvider><ReceiptView data={funeral} paper="80" /></MantineProvider>);
    const r = screen.getByTestId('receipt');
    expect(r).toHaveAttribute('data-tone', 'mourning');
    expect(r).toHaveTextContent('கண்ணீர் அஞ்சலி');
    expect(r).toHaveTextContent('இறுதிச் சடங்கு');
    expect(r).toHaveTextContent('எங்கள் துயரில் பங்கு கொண்டமைக்கு நன்றி');
    expect(r).not.toHaveTextContent('வருகைக்கு நன்றி');
    expect(r.textContent).not.toContain('!');
    const text = receiptText(t, funeral, 'ta');
    expect(text).toContain('எங்கள் துயரில் பங்கு கொண்டமைக்கு நன்றி');
    expect(text).not.toContain('!');
    const printed = docText(funeral, 'ta');
    expect(printed).toContain('கண்ணீர் அஞ்சலி');
    expect(printed).toContain('எங்கள் துயரில் பங்கு கொண்டமைக்கு நன்றி');
    expect(printed).not.toContain('வருகைக்கு நன்றி');
  });

  it('in English, and a wedding\'s receipt still thanks the guest for coming', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { unmount } = render(<MantineProvider><ReceiptView data={funeral} paper="58" /></MantineProvider>);
    expect(screen.getByTestId('receipt')).toHaveTextContent('In loving memory');
    expect(screen.getByTestId('receipt')).toHaveTextContent('Thank you for sharing in our grief.');
    expect(screen.getByTestId('receipt')).not.toHaveTextContent('presence');
    expect(docText(funeral, 'en')).toContain('In loving memory');
    unmount();
    render(<MantineProvider><ReceiptView data={wedding} paper="58" /></MantineProvider>);
    expect(screen.getByTestId('receipt')).toHaveAttribute('data-tone', 'celebration');
    expect(screen.getByTestId('receipt')).toHaveTextContent('Thank you for your presence!');
    expect(screen.getByTestId('receipt')).not.toHaveTextContent('In loving memory');
    expect(docText(wedding, 'en')).not.toContain('In loving memory');
  });
});
