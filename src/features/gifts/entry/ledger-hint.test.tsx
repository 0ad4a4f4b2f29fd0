// The counter's ledger hint, offline: the hosts' ledger lines are on the device as the sync pull
// left them (no server answers), staff type a returning giver's name and village (in the other
// script, or with the initial in the name box), the hint says, each labelled, their last moi at the
// host's other functions, what the host gave them and the balance; Alt+L hands the person to the form.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerHintPerson, LedgerHintRow } from '../../../../contract/ledger';
import { db } from '../../../data/db';
import { HintEngine } from '../../../data/ledger-hint/engine';
import { setLanguage } from '../../../lib/i18n';
import { refreshLedgerHints } from '../../../data/ledger-repo';
import { LedgerHint } from './ledger-hint';

// The server's grouping call is recorded, not made (there is no server here).
vi.mock('../../../data/ledger-repo', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  refreshLedgerHints: vi.fn(async () => undefined),
}));

const EVENT = '01900000-0000-7000-8000-0000000000e1';
const EARLIER = '01900000-0000-7000-8000-0000000000e0';
const OWNER = 'owner-1';
const murugan: LedgerHintRow = {
  id: 'p1', ownerId: OWNER, name: 'முருகன்', initial: 'மு.', village: 'மேலூர்', mobile: '9876543210',
  // Today's moi (this event) is newest; the hint says what they gave at the host's earlier function.
  received: [{ eventId: EVENT, amount: 5001, functionType: 'wedding', date: '2026-11-20' }, { eventId: EARLIER, amount: 1001, functionType: 'wedding', date: '2024-02-11' }],
  lastGiven: { amount: 2001, functionType: 'housewarming', date: '2025-06-01' },
  // The balance leaves today's ₹5,001 out: ₹1,001 received, ₹2,001 given.
  receivedByEvent: [{ eventId: EVENT, amount: 5001 }, { eventId: EARLIER, amount: 1001 }],
  givenTotal: 2001,
};

async function seed(rows: LedgerHintRow[], opts: { owners?: string[] } = {}) {
  await db.delete();
  await db.open();
  await db.events.put({
    id: EVENT, titleTa: null, titleEn: 'Wedding', functionType: 'wedding', date: '2026-11-20', venue: '', hostNames: '', thankYouNote: '', upiId: null,
    ownerIds: opts.owners ?? [OWNER], adminIds: [], status: 'open', plan: null,
  });
  await db.ledgerHints.bulkPut(rows);
}

function Form({ name, village }: { name: string; village: string }) {
  const [linked, setLinked] = useState<LedgerHintPerson | null>(null);
  return (
    <MantineProvider>
      <LedgerHint eventId={EVENT} name={name} initial="" village={village} mobile="" onLink={setLinked} />
      <p data-testid="linked">{linked ? `${linked.initial}|${linked.village}|${linked.mobile}` : 'none'}</p>
    </MantineProvider>
  );
}

// The signal that the hint has had its say (instead of sleeping and hoping): under jsdom there is no
// Worker, so the hint's engine runs on this thread; every lookup is recorded with whether the
// engine's index had finished loading. Its answer is rendered in the same task as the lookup, so
// once a loaded engine has looked up what is typed, a hint that were to show is showing.
const looked: Array<{ name: string; village: string; loaded: boolean }> = [];
beforeEach(() => {
  looked.length = 0;
  const loaded = new WeakSet<HintEngine>();
  const load = HintEngine.prototype.load;
  const lookup = HintEngine.prototype.lookup;
  vi.spyOn(HintEngine.prototype, 'load').mockImplementation(async function (this: HintEngine, src) {
    const n = await load.call(this, src);
    loaded.add(this);
    return n;
  });
  vi.spyOn(HintEngine.prototype, 'lookup').mockImplementation(function (this: HintEngine, q) {
    looked.push({ name: q.name, village: q.village ?? '', loaded: loaded.has(this) });
    return lookup.call(this, q);
  });
});
afterEach(() => { vi.restoreAllMocks(); });

/** Resolves once the loaded index has answered this name and village. */
async function answered(name: string, village: string) {
  await waitFor(() => expect(looked.some((l) => l.loaded && l.name === name && l.village === village)).toBe(true), { timeout: 5000 });
}

describe('ledger hint at the counter', () => {
  it('asks the server to refresh the hints for an open counter, never for a closed one (the form is disabled)', async () => {
    setLanguage('en');
    await seed([murugan]);
    const refresh = vi.mocked(refreshLedgerHints);
    refresh.mockClear();
    const view = (disabled: boolean) => (
      <MantineProvider>
        <LedgerHint eventId={EVENT} name="" initial="" village="" mobile="" onLink={() => {}} disabled={disabled} />
      </MantineProvider>
    );
    const { rerender, unmount } = render(view(true));
    // Effects have run with the first render: a closed counter asked nothing.
    expect(refresh).not.toHaveBeenCalled();
    rerender(view(false));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith(EVENT);
    unmount();
  });

  it('shows what a returning giver gave and what the host gave, offline, and links with Alt+L', async () => {
    setLanguage('en');
    await seed([murugan, { ...murugan, id: 'p2', name: 'Selvam', initial: 'K.' }]);
    const { rerender } = render(<Form name="Murugan" village="" />);
    // Name alone (no village, no initial) is not enough to say it is them.
    await answered('Murugan', '');
    expect(screen.queryByTestId('ledger-hint')).toBeNull();
    rerender(<Form name="Murugan" village="Melur" />);
    const hint = await screen.findByTestId('ledger-hint', {}, { timeout: 5000 });
    expect(hint).toHaveTextContent('Their last moi: ₹1,001 · Wedding 2024; We gave: ₹2,001 · Housewarming 2025; Balance: Gave more ₹1,000');
    fireEvent.keyDown(window, { key: 'l', altKey: true });
    expect(screen.getByTestId('linked')).toHaveTextContent('மு.|மேலூர்|9876543210');
    expect(hint).toHaveTextContent('Linked to the ledger');
  });

  it('is quiet for a new giver, and when the owner turned the hint off', async () => {
    setLanguage('ta');
    await seed([murugan]);
    const { rerender } = render(<Form name="முருகன்" village="மேலூர்" />);
    expect(await screen.findByTestId('ledger-hint', {}, { timeout: 5000 })).toHaveTextContent('அவர்கள் கடைசி மொய்: ₹1,001 · திருமணம் 2024; நாம் செய்தது: ₹2,001 · புதுமனை புகுவிழா 2025; இருப்பு: அதிகம் செய்தோம் ₹1,000');
    rerender(<Form name="Kannan" village="Theni" />);
    await answered('Kannan', 'Theni');
    expect(screen.queryByTestId('ledger-hint')).toBeNull();
  });

  it('goes quiet when the owner turns the hint off', async () => {
    setLanguage('en');
    await seed([murugan]);
    render(<Form name="முருகன்" village="மேலூர்" />);
    expect(await screen.findByTestId('ledger-hint', {}, { timeout: 5000 })).toHaveTextContent('We gave: ₹2,001');
    // Off, nothing is looked up: the hint's going away is the signal (it would stay otherwise).
    await db.events.update(EVENT, { ledgerHint: false });
    await waitFor(() => expect(screen.queryByTestId('ledger-hint')).toBeNull(), { timeout: 5000 });
  });

  it('follows the lines the pull brings: a person who gave only today is quiet until a moi given arrives', async () => {
    setLanguage('en');
    const today = { ...murugan, received: [murugan.received[0]], lastGiven: null };
    await seed([today, { ...murugan, id: 'other', ownerId: 'someone-else', name: 'Kannan', village: 'Theni' }]);
    const { rerender } = render(<Form name="முருகன்" village="மேலூர்" />);
    await answered('முருகன்', 'மேலூர்');
    expect(screen.queryByTestId('ledger-hint')).toBeNull();
    // Another host's person: not in this event's owners' lines.
    rerender(<Form name="Kannan" village="Theni" />);
    await answered('Kannan', 'Theni');
    expect(screen.queryByTestId('ledger-hint')).toBeNull();
    // The pull applies a changed line (and moves the version the hint watches).
    await db.transaction('rw', db.ledgerHints, db.meta, async () => {
      await db.ledgerHints.put({ ...today, lastGiven: { amount: 3001, functionType: 'puberty', date: '2025-01-05' } });
      await db.meta.put({ key: 'ledgerHintsVersion', value: 1 });
    });
    rerender(<Form name="முருகன்" village="மேலூர்" />);
    expect(await screen.findByTestId('ledger-hint', {}, { timeout: 5000 })).toHaveTextContent('We gave: ₹3,001');
    expect(screen.getByTestId('ledger-hint')).not.toHaveTextContent('Their last moi');
  });

  it('understands the initial typed into the name box: K. Murugan, Murugan K and க. முருகன் find முருகன் with initial க', async () => {
    setLanguage('en');
    // A line from an older server (no balance figures): the rest of the hint still shows.
    await seed([{ id: 'k1', ownerId: OWNER, name: 'முருகன்', initial: 'க', village: 'மேலூர்', mobile: '', received: [{ eventId: EARLIER, amount: 2106, functionType: 'wedding', date: '2019-05-12' }], lastGiven: null }]);
    const { rerender } = render(<Form name="K. Murugan" village="Melur" />);
    for (const typed of ['K. Murugan', 'Murugan K', 'க. முருகன்']) {
      rerender(<Form name={typed} village="Melur" />);
      await answered(typed, 'Melur');
      expect(screen.getByTestId('ledger-hint')).toHaveTextContent('க முருகன், மேலூர் — Their last moi: ₹2,106 · Wedding 2019');
      expect(screen.getByTestId('ledger-hint')).not.toHaveTextContent('Balance');
    }
  });
});
