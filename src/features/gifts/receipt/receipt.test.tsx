import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import i18n from '../../../lib/i18n';
import { newReceiptToken } from '../../../../contract/receipts';
import { upiLink } from '../entry/upi-qr';
import { ReceiptActions } from './receipt-actions';
import { ReceiptView, receiptText, type ReceiptData } from './receipt-view';
import { smsLink, waLink } from './share';

const data: ReceiptData = {
  gift: { receiptNo: 'A-T7-0042', name: 'முருகன்', initial: 'மு.', village: 'மதுரை', amount: 100501, mode: 'cash', reference: '', item: '', enteredAt: '2026-11-22T05:30:00.000Z', deletedAt: null },
  event: { titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-22', venue: 'Madurai', hostNames: 'Selvam & Meenakshi', thankYouNote: 'தங்கள் வருகைக்கு நன்றி!' },
  counter: { code: 'A', name: 'Main entrance' },
  staffName: 'Kavitha',
};

describe('receipt', () => {
  it('shows event, receipt number, giver, amount in figures and in English and Tamil words, counter, staff and the thank-you note', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<MantineProvider><ReceiptView data={data} paper="58" /></MantineProvider>);
    const r = screen.getByTestId('receipt');
    expect(r).toHaveAttribute('data-paper', '58');
    for (const text of ['Selvam weds Meenakshi', 'Wedding', 'A-T7-0042', 'மு. முருகன்', 'மதுரை', '₹1,00,501', 'One Lakh Five Hundred One Rupees Only',
      'ஒரு லட்சத்து ஐநூற்று ஒன்று ரூபாய் மட்டும்', 'A · Main entrance', 'Kavitha', 'தங்கள் வருகைக்கு நன்றி!']) {
      expect(r).toHaveTextContent(text);
    }
  });

  it('shows who the giver is beyond the name (spouse’s or father’s name, title) under the name, only when keyed (issue 30)', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { unmount } = render(<MantineProvider><ReceiptView data={{ ...data, gift: { ...data.gift, kinName: 'லட்சுமி', title: 'POLICE' } }} paper="58" /></MantineProvider>);
    expect(screen.getByTestId('receipt-identity')).toHaveTextContent('லட்சுமி · POLICE');
    unmount();
    render(<MantineProvider><ReceiptView data={{ ...data, gift: { ...data.gift, kinName: '', title: 'Teacher' } }} paper="58" /></MantineProvider>);
    expect(screen.getByTestId('receipt-identity')).toHaveTextContent(/^Teacher$/);
  });

  it('a hall’s event (issue 29): the hall’s logo and name head the receipt, its footer ends it, its name signs the shared text; the provider’s own event shows none', async () => {
    await act(() => i18n.changeLanguage('ta'));
    const brand = { nameTa: 'லட்சுமி மஹால்', nameEn: 'Lakshmi Mahal', colour: '#8a1c2b', footer: 'Madurai · 0452 123456', logoFileId: 'logo-1' };
    const { unmount } = render(<MantineProvider><ReceiptView data={{ ...data, event: { ...data.event!, orgId: 'org-1', brand } }} paper="58" /></MantineProvider>);
    const head = screen.getByTestId('receipt-brand');
    expect(head).toHaveTextContent('லட்சுமி மஹால்');
    expect(screen.getByRole('img', { name: 'லட்சுமி மஹால்' }).getAttribute('src')).toMatch(/\/moi\/org-logo\/logo-1$/);
    expect(screen.getByTestId('receipt-brand-footer')).toHaveTextContent('Madurai · 0452 123456');
    const text = receiptText(i18n.t.bind(i18n) as unknown as (k: string, o?: Record<string, unknown>) => string, { ...data, event: { ...data.event!, orgId: 'org-1', brand } }, 'ta');
    expect(text).toContain('— லட்சுமி மஹால்');
    unmount();
    render(<MantineProvider><ReceiptView data={{ ...data, event: { ...data.event!, orgId: null, brand } }} paper="58" /></MantineProvider>);
    expect(screen.queryByTestId('receipt-brand')).toBeNull();
    expect(screen.queryByTestId('receipt-brand-footer')).toBeNull();
    await act(() => i18n.changeLanguage('en'));
  });

  it('marks a deleted gift as cancelled and speaks Tamil', async () => {
    await act(() => i18n.changeLanguage('ta'));
    render(<MantineProvider><ReceiptView data={{ ...data, gift: { ...data.gift, deletedAt: '2026-11-22T06:00:00.000Z' } }} paper="a6" /></MantineProvider>);
    expect(screen.getByTestId('receipt')).toHaveTextContent('ரத்து செய்யப்பட்டது');
    expect(screen.getByTestId('receipt')).toHaveTextContent('ரசீது எண்');
    expect(screen.getByTestId('receipt')).toHaveTextContent('திருமணம்');
    await act(() => i18n.changeLanguage('en'));
  });

  it('shares as text through WhatsApp and SMS only when the giver left a mobile', async () => {
    await act(() => i18n.changeLanguage('en'));
    const text = receiptText(i18n.t.bind(i18n) as unknown as (k: string, o?: Record<string, unknown>) => string, data, 'en');
    expect(text).toContain('Receipt A-T7-0042');
    expect(text).toContain('₹1,00,501');
    expect(waLink('9876543210', 'hi there')).toBe('https://wa.me/919876543210?text=hi%20there');
    expect(smsLink('9876543210', 'hi')).toBe('sms:+919876543210?body=hi');
    const { rerender } = render(<MantineProvider><ReceiptActions data={data} mobile="" paper="58" onPaper={() => {}} /></MantineProvider>);
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    rerender(<MantineProvider><ReceiptActions data={data} mobile="9876543210" paper="58" onPaper={() => {}} /></MantineProvider>);
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(screen.getByRole('link', { name: /SMS/ }).getAttribute('href')).toMatch(/^sms:\+919876543210\?body=/);
  });

  it('prints the link under the QR with a token in groups of four, copied whole (no spaces in it)', async () => {
    await act(() => i18n.changeLanguage('en'));
    const token = 'Ab3dEf7hJk9mNp2qRs4tUv';
    render(<MantineProvider><ReceiptView data={{ ...data, gift: { ...data.gift, receiptToken: token } }} paper="58" /></MantineProvider>);
    const link = screen.getByTestId('receipt-link');
    expect(link.textContent).toBe(`${location.origin}/r/${token}`);
    expect([...link.querySelectorAll('.r-link-group')].map((g) => g.textContent)).toEqual(['Ab3d', 'Ef7h', 'Jk9m', 'Np2q', 'Rs4t', 'Uv']);
  });

  it('makes receipt tokens without characters a reader mistakes for one another (0 O 1 l I)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const tok = newReceiptToken();
      expect(tok).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(tok).not.toMatch(/[0O1lI_-]/);
      seen.add(tok);
    }
    expect(seen.size).toBe(3000);
  });

  it('builds the UPI deep link for the amount', () => {
    expect(upiLink({ upiId: 'host@okaxis', payee: 'Selvam & Meenakshi', amount: 501, note: 'Moi A' }))
      .toBe('upi://pay?pa=host%40okaxis&pn=Selvam%20%26%20Meenakshi&am=501&cu=INR&tn=Moi%20A');
  });
});
