// /ledger/import as the host uses it (issue 27 item 3): a CSV notebook with a title above the headers,
// a date on each row, a page subtotal, a grand total and bad mobiles. The preview says how many rows
// and how much money come in beside the book's own total and the paper total, sets the totals and
// the title aside with the reason, lets a bad mobile be fixed in place or imported without it; the
// import reaches the REAL server (buildApp + PGlite through app.inject, signed in as the host) and
// the same file again adds nothing.
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { en } from '../../locales/en';
import { ta } from '../../locales/ta';
import ImportPage from './import-page';

// src/ never imports server/ statically: the server side is loaded by path, as in ledger-screens.test.tsx.
type World = { ids: Record<string, string>; call(who: string, method: string, url: string, body?: unknown): Promise<{ statusCode: number; json(): unknown }> };
let server: { app: FastifyInstance; close(): Promise<void> };
let w: World;
let cookie = '';
const TEST_UTILS = '../../../server/test-utils';
const TEST_WORLD = '../../../server/domain/management/test-world';

beforeAll(async () => {
  const utils = (await import(/* @vite-ignore */ TEST_UTILS)) as { createTestApp(): Promise<typeof server> };
  const world = (await import(/* @vite-ignore */ TEST_WORLD)) as {
    buildWorld(app: FastifyInstance): Promise<World>; sessionCookie(app: FastifyInstance, userId: string): Promise<string>;
  };
  server = await utils.createTestApp();
  w = await world.buildWorld(server.app);
  cookie = await world.sessionCookie(server.app, w.ids.ow1);
}, 180_000);
afterAll(async () => { await server?.close(); });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify({ id: w.ids.ow1, user_id: 'U-ow1', username: 'ow1', name: 'OW1', mobile: null, role: 'event_owner', userType: null, profileImagePath: null }));
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const res = await server.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { cookie, ...(typeof init?.body === 'string' ? { 'content-type': 'application/json' } : {}) },
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  }) as typeof fetch;
});

const BOOK = [
  'செல்வி திருமண மொய் நோட்டு 2019,,,,,',
  ',,,,,',
  'தேதி,பெயர்,இனிஷியல்,ஊர்,தொகை,கைபேசி',
  '08/06/2019,முருகன்,க.,மேலூர்,1001,',
  '08/06/2019,Selvam,K,Theni,501,98765',
  '09/06/2019,ராஜா,ரா.,மதுரை,2001,9876543210',
  ',பக்க மொத்தம்,,,3503,',
  '09/06/2019,Kannan,S.,Vadipatti,501,',
  '09/06/2019,பாண்டி,,உசிலம்பட்டி,251,',
  ',மொத்தம்,,,"4,255",',
].join('\n');

async function open(lang: 'en' | 'ta' = 'en') {
  await act(async () => { await setLanguage(lang); });
  const view = render(<MantineProvider env="test"><MemoryRouter><ImportPage /></MemoryRouter></MantineProvider>);
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([BOOK], 'selvi-2019.csv', { type: 'text/csv' })] } });
  await screen.findByTestId('import-total', {}, { timeout: 10_000 });
  return view;
}
const text = (id: string) => screen.getByTestId(id).textContent ?? '';

describe('/ledger/import', () => {
  it('previews the paper total, sets totals and the title aside, fixes a bad mobile in place, and imports once', async () => {
    await open();
    // The title above the headers did not defeat the columns; the totals are not givers.
    expect(text('import-total')).toBe('5 rows to import · ₹4,255');
    expect(text('import-set-aside')).toBe('Set aside, not gifts: 2 total rows · 1 title row · 1 blank row');
    expect(text('import-book-total')).toBe('The book’s total row (row 10): ₹4,255 — agrees with the import');
    const totalRow = screen.getAllByTestId('import-row').find((r) => r.dataset.row === '10')!;
    expect(totalRow).toHaveTextContent(en.ledger.import.reason.totalWord);
    // The function's date comes from the rows (the commonest day); each row keeps its own.
    expect(screen.getByLabelText(new RegExp(en.ledger.import.date))).toHaveValue('9 June 2019');

    // The bad mobile: imported without it, or corrected where it is shown.
    const selvam = screen.getAllByTestId('import-row').find((r) => r.dataset.row === '5')!;
    expect(selvam).toHaveTextContent(en.ledger.import.error.bad_mobile);
    expect(within(selvam).getByRole('checkbox')).toBeChecked();
    fireEvent.change(within(selvam).getByLabelText('Mobile, row 5'), { target: { value: '98765 43211' } });

    // The host's own paper total; a row unticked shows how far the import is from it.
    fireEvent.change(screen.getByLabelText(new RegExp(en.ledger.import.paperTotal)), { target: { value: '4,255' } });
    expect(text('import-paper-total')).toBe('Paper book: ₹4,255 — agrees with the import');
    fireEvent.click(within(screen.getAllByTestId('import-row').find((r) => r.dataset.row === '4')!).getByRole('checkbox'));
    expect(text('import-paper-total')).toBe('Paper book: ₹4,255 — the import is ₹1,001 less');
    fireEvent.click(within(screen.getAllByTestId('import-row').find((r) => r.dataset.row === '4')!).getByRole('checkbox'));

    fireEvent.click(screen.getByRole('button', { name: 'Import 5 rows' }));
    await waitFor(() => expect(text('import-done')).toContain('5 imported'), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Import 5 rows' }));
    await waitFor(() => expect(text('import-done')).toContain('0 imported · 5 were already imported'), { timeout: 10_000 });

    // On the server: the paper total once, the corrected mobile, each gift on its row's date.
    const events = ((await w.call('ow1', 'GET', '/moi/ledger')).json() as { events: { id: string; title: string; date: string }[] }).events;
    const ev = events.find((e) => e.title === 'selvi-2019')!;
    expect(ev.date).toBe('2019-06-09');
    const got = (await w.call('ow1', 'GET', `/moi/gifts?eventId=${ev.id}&limit=50`)).json() as { totals: { sum: number }; gifts: { name: string; mobile: string; enteredAt: string }[] };
    expect(got.totals.sum).toBe(4255);
    expect(got.gifts.find((g) => g.name === 'Selvam')).toMatchObject({ mobile: '9876543211' });
    expect(got.gifts.find((g) => g.name === 'முருகன்')!.enteredAt.slice(0, 10)).toBe('2019-06-08');
  }, 60_000);

  it('speaks Tamil', async () => {
    await open('ta');
    expect(text('import-total')).toBe('5 வரிகள் இறக்கப்படும் · ₹4,255');
    expect(text('import-set-aside')).toContain('மொய் அல்ல, ஒதுக்கப்பட்டவை: 2 மொத்த வரிகள்');
    expect(screen.getAllByTestId('import-row').find((r) => r.dataset.row === '5')).toHaveTextContent(ta.ledger.import.error.bad_mobile);
    expect(screen.getByLabelText(new RegExp(ta.ledger.import.paperTotal))).toBeInTheDocument();
  }, 30_000);
});
