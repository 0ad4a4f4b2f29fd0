// The host's ledger screens /ledger (a page at a time), /ledger/book, /ledger/families and /ledger/villages (issue 12) as the
// host sees them: the device on fake-indexeddb with its real outbox, and the REAL server (buildApp +
// PGlite) answering the screens' requests through app.inject, signed in as the host. Rows shown,
// totals, an edit saved to the outbox (offline-first writes), empty states, English and Tamil labels.
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FastifyInstance } from 'fastify';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerResponse } from '../../../contract/ledger';
import { db } from '../../data/db';
import { setLanguage } from '../../lib/i18n';
import { en } from '../../locales/en';
import { ta } from '../../locales/ta';
import BookPage from './book-page';
import FamiliesPage from './families-page';
import LedgerPage from './ledger-page';
import VillagesPage from './villages-page';

// src/ never imports server/ statically: the server side is loaded by path, as in sync/pull-scope.test.ts.
type World = { ids: Record<string, string>; e1: { id: string }; call(who: string, method: string, url: string, body?: unknown): Promise<{ statusCode: number; json(): unknown }> };
let server: { app: FastifyInstance; close(): Promise<void> };
let w: World;
let cookie = '';
const SCHEMA = '../../../server/db/schema';
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

// The screens' fetch reaches the real server, with the host's session.
function serveFromApp() {
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
}

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify({ id: w.ids.ow1, user_id: 'U-ow1', username: 'ow1', name: 'OW1', mobile: null, role: 'event_owner', userType: null, profileImagePath: null }));
  serveFromApp();
});

async function show(page: React.ReactNode, lang: 'en' | 'ta' = 'en') {
  await act(async () => { await setLanguage(lang); });
  return render(<MantineProvider env="test"><MemoryRouter>{page}</MemoryRouter></MantineProvider>);
}
const outbox = async (name: string) => (await db.outbox.where('name').equals(name).toArray()).map((r) => r.args);
const ledgerOfHost = async () => (await w.call('ow1', 'GET', '/moi/ledger')).json() as LedgerResponse;

describe('/ledger/families', () => {
  it('says there are no families yet; a family named with its people is saved to the outbox and shows their totals', async () => {
    await show(<FamiliesPage />);
    expect(await screen.findByText(en.ledger.families.empty)).toBeInTheDocument();
    // A name is required.
    expect(screen.getByLabelText(new RegExp(en.ledger.families.name))).toBeRequired();

    const murugan = (await ledgerOfHost()).people.find((p) => p.name === 'Murugan')!;
    fireEvent.change(screen.getByLabelText(new RegExp(en.ledger.families.name)), { target: { value: 'Murugan family' } });
    // The host's people are offered by name and village (the ledger from the server).
    // (Mantine labels the options' list too: the field is the input.)
    const people = screen.getAllByLabelText(en.ledger.families.people).find((el) => el.tagName === 'INPUT')!;
    fireEvent.click(people);
    fireEvent.change(people, { target: { value: 'Muru' } });
    // (The list fills once the ledger has come from the server: a loaded machine takes a while.)
    fireEvent.click(await screen.findByRole('option', { name: /Murugan · Melur/ }, { timeout: 15_000 }));
    fireEvent.click(screen.getByRole('button', { name: en.ledger.families.save }));

    expect(await screen.findByTestId('family-saved', {}, { timeout: 5000 })).toHaveTextContent('Family Murugan family saved');
    const [args] = await outbox('ledger.family.save');
    expect(args).toMatchObject({ name: 'Murugan family', personIds: [murugan.id] });
    const card = await screen.findByTestId('family-card');
    expect(card).toHaveTextContent('Murugan family');
    expect(card).toHaveTextContent(en.ledger.families.pending);
    expect(card).toHaveTextContent(`They gave ₹${murugan.received.toLocaleString('en-IN')} · We gave ₹0`);
    expect(screen.queryByText(en.ledger.families.empty)).toBeNull();
  });

  it('in Tamil: the labels and the empty state', async () => {
    await show(<FamiliesPage />, 'ta');
    expect(await screen.findByText(ta.ledger.families.empty)).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(ta.ledger.families.name))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ta.ledger.families.save })).toBeInTheDocument();
    expect(screen.getByText(ta.ledger.families.intro)).toBeInTheDocument();
  });
});

describe('/ledger/villages', () => {
  it('lists the seeded spellings, says the host has none of their own, saves a new group to the outbox, and removes a saved one', async () => {
    await show(<VillagesPage />);
    expect(await screen.findByText(en.ledger.villages.none)).toBeInTheDocument();
    expect(screen.getByText(/நெல்லை = /)).toBeInTheDocument();
    // One spelling is not a group.
    fireEvent.change(screen.getByLabelText(new RegExp(en.ledger.villages.names)), { target: { value: 'Peraiyur' } });
    fireEvent.click(screen.getByRole('button', { name: en.ledger.villages.add }));
    expect(await screen.findByText(en.ledger.villages.needTwo)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(new RegExp(en.ledger.villages.names)), { target: { value: 'Peraiyur, Perai = பேரையூர்' } });
    fireEvent.click(screen.getByRole('button', { name: en.ledger.villages.add }));
    expect(await screen.findByTestId('alias-saved')).toHaveTextContent('Saved: Peraiyur = Perai = பேரையூர்');
    expect(await outbox('ledger.alias.save')).toEqual([expect.objectContaining({ names: ['Peraiyur', 'Perai', 'பேரையூர்'] })]);
    const group = await screen.findByTestId('alias-group');
    expect(group).toHaveTextContent('Peraiyur = Perai = பேரையூர்');
    expect(group).toHaveTextContent(en.ledger.families.pending);
  });

  it('a group the server holds is shown (not pending); Remove puts the delete in the outbox and the group goes', async () => {
    const id = '01900000-0000-7000-8000-00000000a11a';
    // Saved earlier from another device of the host.
    const { ledgerVillageAliases } = (await import(/* @vite-ignore */ SCHEMA)) as { ledgerVillageAliases: unknown };
    const appDb = (server.app as unknown as { db: unknown }).db as { insert(t: unknown): { values(v: unknown): Promise<unknown> } };
    await appDb.insert(ledgerVillageAliases).values({ id, ownerId: w.ids.ow1, names: ['Alanganallur', 'Alangai'] });
    await show(<VillagesPage />);
    const group = await screen.findByTestId('alias-group', {}, { timeout: 15_000 });
    expect(group).toHaveTextContent('Alanganallur = Alangai');
    expect(group).not.toHaveTextContent(en.ledger.families.pending);
    fireEvent.click(within(group).getByRole('button', { name: en.ledger.villages.remove }));
    await waitFor(() => expect(screen.queryByTestId('alias-group')).toBeNull());
    expect(await outbox('ledger.alias.delete')).toEqual([{ id }]);
    expect(screen.getByText(en.ledger.villages.none)).toBeInTheDocument();
  });

  it('in Tamil: the labels', async () => {
    await show(<VillagesPage />, 'ta');
    expect(await screen.findByText(ta.ledger.villages.yours)).toBeInTheDocument();
    expect(screen.getByText(ta.ledger.villages.seeded)).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(ta.ledger.villages.names))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ta.ledger.villages.add })).toBeInTheDocument();
  });
});

describe('/ledger/book', () => {
  // A label as shown: the text, and Mantine's " *" when the field is required.
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()₹/]/g, '.')}\\s*\\*?$`)) as HTMLInputElement;

  it('types rows keyboard-first with a running total, then saves the book as a past function the ledger shows', async () => {
    await show(<BookPage />);
    expect(await screen.findByText(en.ledger.book.empty)).toBeInTheDocument();
    expect(screen.getByTestId('book-count')).toHaveTextContent('0 rows · total ₹0');
    // Enter in the amount adds the row; a row needs a name and a whole amount.
    fireEvent.keyDown(field(en.ledger.book.amount), { key: 'Enter' });
    expect(await screen.findByText(en.ledger.book.needName)).toBeInTheDocument();
    expect(screen.getByText(en.ledger.book.needAmount)).toBeInTheDocument();

    fireEvent.change(field(en.ledger.book.page), { target: { value: '7' } });
    for (const [name, amount] of [['Veerappan', '1,001'], ['Chinnasamy', '501']]) {
      fireEvent.change(field(en.ledger.book.name), { target: { value: name } });
      if (name === 'Veerappan') fireEvent.change(field(en.ledger.book.village), { target: { value: 'Usilampatti' } });
      fireEvent.change(field(en.ledger.book.amount), { target: { value: amount } });
      fireEvent.keyDown(field(en.ledger.book.amount), { key: 'Enter' });
    }
    // The village stays for the next row; the name is cleared.
    expect(field(en.ledger.book.village).value).toBe('Usilampatti');
    expect(field(en.ledger.book.name).value).toBe('');
    const rows = await screen.findAllByTestId('book-row');
    expect(rows.map((r) => r.textContent)).toEqual(['7ChinnasamyUsilampatti₹501', '7VeerappanUsilampatti₹1,001']);
    expect(screen.getByTestId('book-count')).toHaveTextContent('2 rows · total ₹1,502');

    // The function's name and date first.
    fireEvent.click(screen.getByRole('button', { name: 'Save the book (2 rows)' }));
    expect(await screen.findByText(en.ledger.book.needTitle)).toBeInTheDocument();
    fireEvent.change(field(en.ledger.book.functionTitle), { target: { value: 'Ear piercing 2019' } });
    fireEvent.change(field(en.ledger.book.date), { target: { value: '2019-05-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the book (2 rows)' }));
    expect(await screen.findByTestId('book-saved', {}, { timeout: 10_000 })).toHaveTextContent('2 imported · 0 were already imported · 0 already in your books');
    expect(screen.getByTestId('book-count')).toHaveTextContent('0 rows · total ₹0');
    const people = (await ledgerOfHost()).people;
    expect(people.find((p) => p.name === 'Veerappan')).toMatchObject({ village: 'Usilampatti', received: 1001 });
    expect(people.find((p) => p.name === 'Chinnasamy')).toMatchObject({ received: 501 });
  });

  it('keeps the typed rows on the device (a reload brings them back), and a row can be removed', async () => {
    const first = await show(<BookPage />);
    fireEvent.change(field(en.ledger.book.name), { target: { value: 'Pandi' } });
    fireEvent.change(field(en.ledger.book.amount), { target: { value: '201' } });
    fireEvent.keyDown(field(en.ledger.book.amount), { key: 'Enter' });
    expect(await screen.findByTestId('book-row')).toHaveTextContent('Pandi');
    first.unmount();
    await show(<BookPage />);
    expect(await screen.findByTestId('book-row')).toHaveTextContent('Pandi');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the row of Pandi' }));
    expect(await screen.findByText(en.ledger.book.empty)).toBeInTheDocument();
  });

  it('in Tamil: the labels and the running count', async () => {
    await show(<BookPage />, 'ta');
    expect(await screen.findByText(ta.ledger.book.empty)).toBeInTheDocument();
    for (const label of [ta.ledger.book.name, ta.ledger.book.village, ta.ledger.book.page]) expect(field(label)).toBeInTheDocument();
    expect(screen.getByTestId('book-count')).toHaveTextContent('0 வரிகள் · மொத்தம் ₹0');
  });
});

describe('/ledger (a page at a time, issue 30)', () => {
  it('shows 50 people, largest moi first, with the totals over everyone; the next page by keyboard; a search on the server', async () => {
    // 60 more people, each with moi the host gave them (10, 20 … 600), besides the world's.
    const app = server.app as FastifyInstance & { db: { execute(q: unknown): Promise<unknown> } };
    const { sql } = await import('drizzle-orm');
    await app.db.execute(sql`insert into ledger_people (id, owner_id, name, village)
      select 'pg-p' || lpad(i::text, 2, '0'), ${w.ids.ow1}, 'Paging ' || lpad(i::text, 2, '0'), 'Pagingur' from generate_series(1, 60) i`);
    await app.db.execute(sql`insert into ledger_given (id, owner_id, person_id, function_type, date, amount, created_by)
      select 'pg-v' || lpad(i::text, 2, '0'), ${w.ids.ow1}, 'pg-p' || lpad(i::text, 2, '0'), 'wedding', '2025-01-01', i * 10, ${w.ids.ow1} from generate_series(1, 60) i`);
    const all = (await ledgerOfHost()).people;
    expect(all.length).toBeGreaterThan(60);
    const received = all.reduce((s, p) => s + p.received, 0);
    const given = all.reduce((s, p) => s + p.given, 0);
    const largest = [...all].sort((a, b) => b.received + b.given - (a.received + a.given))[0];

    const user = userEvent.setup();
    await show(<LedgerPage />);
    const totals = await screen.findByTestId('ledger-totals', {}, { timeout: 15_000 });
    const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
    expect(totals).toHaveTextContent(`${all.length} people in the ledger · received ${rupees(received)} · given ${rupees(given)}`);
    expect(screen.getAllByTestId('ledger-row')).toHaveLength(50);
    expect(screen.getAllByTestId('ledger-row')[0]).toHaveTextContent(largest.name);
    expect(screen.getByTestId('ledger-page-of')).toHaveTextContent(`Showing 1–50 of ${all.length}`);
    expect(screen.getByRole('button', { name: en.ledger.previousPage })).toBeDisabled();

    // Tab to "Next page" and press Enter: the rest, the totals unchanged.
    const next = screen.getByRole('button', { name: en.ledger.nextPage });
    while (document.activeElement !== next) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('ledger-page-of')).toHaveTextContent(`Showing 51–${all.length} of ${all.length}`), { timeout: 10_000 });
    expect(screen.getAllByTestId('ledger-row')).toHaveLength(all.length - 50);
    expect(screen.getByTestId('ledger-totals')).toHaveTextContent(`${all.length} people in the ledger`);
    expect(next).toBeDisabled();

    // A search goes to the server and starts at the first page.
    await user.type(screen.getByLabelText(en.ledger.search), 'paging 07');
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1), { timeout: 10_000 });
    expect(screen.getByTestId('ledger-row')).toHaveTextContent('Paging 07');
    expect(screen.getByTestId('ledger-row')).toHaveTextContent(rupees(70));
    expect(screen.getByTestId('ledger-page-of')).toHaveTextContent('Showing 1–1 of 1');
    expect(screen.getByTestId('ledger-totals')).toHaveTextContent(`${all.length} people in the ledger · received ${rupees(received)}`);
    await user.clear(screen.getByLabelText(en.ledger.search));
    await user.type(screen.getByLabelText(en.ledger.search), 'nobody-like-this');
    expect(await screen.findByText(en.ledger.noMatch, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('in Tamil: the totals and the pager', async () => {
    await show(<LedgerPage />, 'ta');
    expect(await screen.findByTestId('ledger-totals', {}, { timeout: 15_000 })).toHaveTextContent(/கணக்கில் \d+ நபர்கள்/);
    expect(screen.getByRole('button', { name: ta.ledger.nextPage })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ta.ledger.previousPage })).toBeDisabled();
  });
});
