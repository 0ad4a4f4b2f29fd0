import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import ReceiptVerifyPage from './receipt-verify-page';

async function open(path: string, lang: 'en' | 'ta' = 'en') {
  await i18n.changeLanguage(lang);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes><Route path="/r/:token" element={<ReceiptVerifyPage />} /></Routes>
    </MemoryRouter>,
  );
}
const token = 'AbCdEfGhIjKlMnOpQrStUv12';

describe('the public receipt check (/r/<token>)', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('says a cut-short link is not a receipt link, without asking the server or suggesting to wait', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await open('/r/AbCdEf');
    expect(await screen.findByRole('heading', { level: 2, name: /Not a Moi receipt link/ })).toBeInTheDocument();
    expect(screen.queryByText(/Not yet received/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('in Tamil too; a link the server calls malformed reads the same', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'invalid_body', message: 'Invalid receipt token' }), { status: 400 })));
    await open(`/r/${token}`, 'ta');
    expect(await screen.findByRole('heading', { level: 2, name: /இது மொய் ரசீது இணைப்பு அல்ல/ })).toBeInTheDocument();
  });

  it('a well-formed link the server does not know yet is explained as not synced yet, with a retry', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'not_found', message: 'x' }), { status: 404 })));
    await open(`/r/${token}`);
    expect(await screen.findByRole('heading', { level: 2, name: /Not yet received by the server/ })).toBeInTheDocument();
  });

  it('a server asking to wait (429) says many receipts are being checked, not that it cannot be reached, with a retry', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'too_many_attempts', message: 'x' }), { status: 429 })));
    await open(`/r/${token}`);
    expect(await screen.findByText('Many receipts are being checked right now. Try again in a minute.')).toBeInTheDocument();
    expect(screen.queryByText(/Could not reach the server/)).toBeNull();
    expect(screen.getByRole('button', { name: /again/i })).toBeInTheDocument();
  });

  const valid = (over: Record<string, unknown>) => ({
    status: 'valid', receiptNo: 'A-T1-0007', eventTitleTa: null, eventTitleEn: 'Wedding Reception', eventDate: '2026-11-27', giver: 'R. S***** K****',
    mode: 'cash', amount: 1001, item: '', enteredAt: '2026-11-27T05:30:00.000Z', counter: 'A', ...over,
  });

  it("a hall's event shows the hall's logo and name in its colour above the check; the provider's own event shows none", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(valid({ functionType: 'wedding', hall: { nameTa: 'மீனாட்சி மஹால்', nameEn: 'Meenakshi Mahal', colour: '#1d4ed8', logoFileId: 'f-logo-1' } })), { status: 200 })));
    await open(`/r/${token}`);
    const hall = await screen.findByTestId('verify-hall');
    expect(hall).toHaveTextContent('Meenakshi Mahal');
    expect(hall).toHaveStyle({ color: '#1d4ed8' });
    expect(hall.querySelector('img')).toHaveAttribute('src', '/moi/org-logo/f-logo-1');
    expect(screen.getByTestId('verify-amount')).toHaveTextContent('₹1,001');
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(valid({ functionType: 'wedding', hall: null })), { status: 200 })));
    await open(`/r/${token}`, 'ta');
    expect(await screen.findByTestId('verify-amount')).toBeInTheDocument();
    expect(screen.queryByTestId('verify-hall')).toBeNull();
  });

  it("a funeral's check is in neutral colours: the hall's name without its colour, the page marked as mourning", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(valid({ functionType: 'funeral', hall: { nameTa: 'மீனாட்சி மஹால்', nameEn: 'Meenakshi Mahal', colour: '#c2185b', logoFileId: null } })), { status: 200 })));
    await open(`/r/${token}`, 'ta');
    const hall = await screen.findByTestId('verify-hall');
    expect(hall).toHaveTextContent('மீனாட்சி மஹால்');
    expect(hall.getAttribute('style') ?? '').not.toContain('color');
    expect(hall.closest('[data-tone]')).toHaveAttribute('data-tone', 'mourning');
  });
});
