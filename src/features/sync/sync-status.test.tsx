// The top-bar status and sync panel over the device database (fake-indexeddb).
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../data/db';
import { createGift } from '../../data/gifts-repo';
import { META, metaSet } from '../../data/outbox';
import { getSyncEngine } from '../../data/sync/app';
import type { StatusStore } from '../../data/sync/status';
import i18n, { setLanguage } from '../../lib/i18n';
import { mantineThemeFor } from '../../lib/themes';
import SyncStatus, { OfflineLine } from './sync-status';
import { connectionText } from './connection-text';

const EVENT = '0192f000-0000-7000-8000-000000000001';
const COUNTER = '0192f000-0000-7000-8000-000000000002';

function renderStatus() {
  return render(
    <MantineProvider theme={mantineThemeFor('blue')} env="test">
      <MemoryRouter>
        <SyncStatus />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeEach(async () => {
  setLanguage('en');
  await db.open();
  await Promise.all([db.outbox.clear(), db.gifts.clear(), db.meta.clear()]);
  await metaSet(db, META.deviceCode, 'T7');
});
afterEach(() => { setLanguage('en'); vi.restoreAllMocks(); });

describe('SyncStatus', () => {
  it('shows the status dot in the error colour before any sync, the pending count, and opens the panel with the entries', async () => {
    await createGift({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: 'Murugan', amount: 501, enteredBy: 'u1' });
    await createGift({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: 'Selvi', amount: 1001, enteredBy: 'u1' });
    renderStatus();
    const button = await screen.findByTestId('sync-status');
    await waitFor(() => expect(button).toHaveAttribute('data-pending', '2'));
    expect(button).toHaveAttribute('data-online', 'false');
    expect(screen.getByTestId('sync-pending')).toHaveTextContent('2');
    expect(button).toHaveAccessibleName(/2 waiting to sync/);
    fireEvent.click(button);
    const panel = await screen.findByTestId('sync-panel');
    expect(await within(panel).findByText(/A-T7-0001 · Murugan · ₹501/)).toBeInTheDocument();
    expect(within(panel).getByText(/A-T7-0002 · Selvi · ₹1,001/)).toBeInTheDocument();
    expect(within(panel).getAllByText('Waiting')).toHaveLength(2);
  });

  it('lists a rejected entry with its reason in the user’s language and puts it back in line on Retry', async () => {
    const g = await createGift({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: 'Kannan', amount: 101, enteredBy: 'u1' });
    const row = (await db.outbox.toArray())[0];
    await db.outbox.update(row.id, { state: 'rejected', lastErrorCode: 'counter_closed', lastError: 'Counter A is closed', attempts: 1 });
    await act(async () => setLanguage('ta'));
    renderStatus();
    fireEvent.click(await screen.findByTestId('sync-status'));
    const panel = await screen.findByTestId('sync-panel');
    expect(await within(panel).findByText(/கவுண்டர் ஏற்கனவே மூடப்பட்டது/)).toBeInTheDocument();
    expect(within(panel).getByText(new RegExp(g.receiptNo))).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: i18n.t('sync.panel.retry') }));
    await waitFor(async () => expect((await db.outbox.get(row.id))?.state).toBe('pending'));
  });

  it('says when an entry the server could not store is sent again by itself', async () => {
    await createGift({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: 'Velu', amount: 201, enteredBy: 'u1' });
    const row = (await db.outbox.toArray())[0];
    const retryAt = Date.now() + 60_000;
    await db.outbox.update(row.id, { state: 'pending', lastErrorCode: 'internal_error', lastError: 'boom', attempts: 1, transientTries: 1, retryAt });
    renderStatus();
    fireEvent.click(await screen.findByTestId('sync-status'));
    const panel = await screen.findByTestId('sync-panel');
    const line = await within(panel).findByTestId('sync-retry-at');
    const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' }).format(new Date(retryAt));
    expect(line).toHaveTextContent(/Sent again by itself at .*or now with “Sync now”/);
    expect(line.textContent).toContain(time.replace(/\s/g, ' ').split(' ')[0]);
  });

  it('names the button with the words shown beside the dot, “Syncing…” included (WCAG 2.5.3)', async () => {
    renderStatus();
    const button = await screen.findByTestId('sync-status');
    // The loop's own status store (private to the engine) put in the middle of a pass.
    const status = (getSyncEngine() as unknown as { status: StatusStore }).status;
    act(() => status.set({ online: true, sending: true, lastSyncAt: new Date().toISOString() }));
    await waitFor(() => expect(button).toHaveTextContent('Syncing…'));
    expect(button).toHaveAccessibleName(/Syncing…/);
    expect(button).toHaveAccessibleName(/Last sync/);
    act(() => status.set({ sending: false }));
    await waitFor(() => expect(button).not.toHaveTextContent('Syncing…'));
    expect(button).not.toHaveAccessibleName(/Syncing…/);
  });

  it('counts a save as waiting in the same render that could say “saved”, never “All synced”', async () => {
    // The status's lazy re-count reads the outbox in a read-only transaction: each one is kept.
    const reads: Promise<unknown>[] = [];
    const transaction = db.transaction.bind(db) as (...a: unknown[]) => Promise<unknown>;
    vi.spyOn(db, 'transaction').mockImplementation(((...a: unknown[]) => {
      const p = transaction(...a);
      if (a[0] === 'r' && a[1] === db.outbox) reads.push(p);
      return p;
    }) as never);
    renderStatus();
    const button = await screen.findByTestId('sync-status');
    await waitFor(() => expect(button).toHaveAccessibleName(/All synced/), { timeout: 5000 });
    // The save resolves after its commit; the status must already count it when React renders.
    await act(async () => {
      await createGift({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: 'Murugan', amount: 501, enteredBy: 'u1' });
    });
    const before = reads.length;
    expect(button).toHaveAttribute('data-pending', '1');
    expect(button).toHaveAccessibleName(/1 waiting to sync/);
    expect(button).not.toHaveAccessibleName(/All synced/);
    // The lazy re-count a moment later agrees (it does not count the write twice): once its read
    // has finished and been rendered, still one.
    await waitFor(() => expect(reads.length).toBeGreaterThan(before), { timeout: 5000 });
    await act(async () => { await reads[reads.length - 1]; });
    expect(button).toHaveAttribute('data-pending', '1');
  });

  it('never says “All synced” while an entry is refused, from its first render on', async () => {
    await createGift({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name: 'Kannan', amount: 101, enteredBy: 'u1' });
    const row = (await db.outbox.toArray())[0];
    await db.outbox.update(row.id, { state: 'rejected', lastErrorCode: 'not_assigned', lastError: 'no', attempts: 1 });
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const b = document.querySelector('[data-testid="sync-status"]');
      if (b) seen.push(b.getAttribute('aria-label') ?? '');
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    renderStatus();
    const button = screen.getByTestId('sync-status');
    seen.push(button.getAttribute('aria-label') ?? '');
    // The outbox's first read is what says "1 not accepted", and nothing reads it again without a
    // write: from the first render to here is every label this status shows.
    await waitFor(() => expect(button).toHaveAccessibleName(/1 not accepted/), { timeout: 5000 });
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((l) => /All synced/.test(l))).toEqual([]);
    expect(button).toHaveAttribute('data-rejected', '1');
  });

  it('puts every refused entry back in line with one “Retry all”', async () => {
    for (const name of ['Ravi', 'Mala', 'Kumar']) await createGift({ eventId: EVENT, counterId: COUNTER, counterCode: 'A', name, amount: 101, enteredBy: 'u1' });
    const rows = await db.outbox.toArray();
    for (const r of rows) await db.outbox.update(r.id, { state: 'rejected', lastErrorCode: 'not_assigned', lastError: 'no', attempts: 1 });
    renderStatus();
    fireEvent.click(await screen.findByTestId('sync-status'));
    const panel = await screen.findByTestId('sync-panel');
    const retryAll = await within(panel).findByRole('button', { name: 'Retry all (3)' }, { timeout: 5000 });
    fireEvent.click(retryAll);
    await waitFor(async () => expect((await db.outbox.toArray()).map((r) => r.state)).toEqual(['pending', 'pending', 'pending']), { timeout: 5000 });
    await waitFor(() => expect(within(panel).queryByTestId('sync-retry-all')).toBeNull(), { timeout: 5000 });
    expect(within(panel).getAllByText('Waiting')).toHaveLength(3);
  });

  it('says “slow connection”, not offline, while the server answers slowly, in English and Tamil', () => {
    const t = i18n.t.bind(i18n) as Parameters<typeof connectionText>[1];
    expect(connectionText({ online: true, slow: true }, t)).toBe('Slow connection');
    expect(connectionText({ online: false, slow: false }, t)).toBe('Offline');
    expect(connectionText({ online: true, slow: false }, t)).toBe('Online');
    setLanguage('ta');
    expect(connectionText({ online: true, slow: true }, t)).toBe('மெதுவான இணைப்பு');
  });

  it('says “Offline” / “ஆஃப்லைன்” in words beside the dot at every width, not only by the ring', async () => {
    renderStatus();
    const button = await screen.findByTestId('sync-status');
    const status = (getSyncEngine() as unknown as { status: StatusStore }).status;
    act(() => status.set({ online: false }));
    await waitFor(() => expect(button).toHaveAttribute('data-online', 'false'));
    const word = within(button).getByText('Offline');
    // Not hidden below the sm breakpoint as the last-sync words are: shown from xs (576 px), tablets included.
    expect(word).toHaveClass('mantine-visible-from-xs');
    expect(word.closest('[class*="mantine-visible-from-sm"]')).toBeNull();
    expect(button).toHaveAccessibleName(/Offline/);
    await act(async () => setLanguage('ta'));
    expect(within(button).getByText('ஆஃப்லைன்')).toBeInTheDocument();
    expect(button).toHaveAccessibleName(/ஆஃப்லைன்/);
    act(() => status.set({ online: true }));
    await waitFor(() => expect(within(button).queryByText('ஆஃப்லைன்')).toBeNull());
  });

  it('on a phone (below xs) a line above the page says offline in words instead', async () => {
    render(
      <MantineProvider theme={mantineThemeFor('blue')} env="test">
        <OfflineLine />
      </MantineProvider>,
    );
    const status = (getSyncEngine() as unknown as { status: StatusStore }).status;
    act(() => status.set({ online: false }));
    const line = await screen.findByTestId('offline-line');
    expect(line).toHaveClass('mantine-hidden-from-xs');
    expect(line).toHaveTextContent('Offline · entries are kept on this device');
    act(() => status.set({ online: true }));
    await waitFor(() => expect(screen.queryByTestId('offline-line')).toBeNull());
  });

  it('says there is nothing to export when everything is synced', async () => {
    renderStatus();
    fireEvent.click(await screen.findByTestId('sync-status'));
    const panel = await screen.findByTestId('sync-panel');
    expect(within(panel).getByText('Everything on this device is on the server.')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Export unsynced entries' }));
    expect(await within(panel).findByText('There is nothing to export: everything is synced.')).toBeInTheDocument();
  });
});
