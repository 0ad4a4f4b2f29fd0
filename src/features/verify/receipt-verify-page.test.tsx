import { render, screen } from '@testing-library/react';
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
});
