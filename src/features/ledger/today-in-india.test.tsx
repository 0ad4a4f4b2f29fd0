// /ledger/due and /ledger/invitations at 00:30 on a wedding morning in India (UTC+5:30), when the
// UTC date is still yesterday's: the day's own function is "today" and upcoming, yesterday's is past.
// The ledger itself is stubbed (use-ledger); what is under test is which calendar day "today" is.
import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { en } from '../../locales/en';
import DuePage from './due-page';
import InvitationsPage from './invitations-page';

const person = { id: 'p1', initial: 'K.', name: 'Murugan', village: 'Melur', received: 1001, given: 0, lastReceived: { amount: 1001 } };
const invitations = [
  { id: 'i-yesterday', personId: 'p1', functionType: 'wedding', functionLabel: 'Reception', date: '2026-11-23' },
  { id: 'i-today', personId: 'p1', functionType: 'wedding', functionLabel: 'Muhurtham', date: '2026-11-24' },
];
vi.mock('./use-ledger', () => ({
  useLedgerOwner: () => ({ ownerId: 'me', owners: [], setOwner: () => {}, isSelf: false }),
  useLedger: () => ({ ledger: { rows: [person], invitations }, offline: false }),
  useSuggestionRule: () => ['match', () => {}],
}));

const tz = process.env.TZ;
beforeEach(async () => {
  await act(async () => { await setLanguage('en'); });
  process.env.TZ = 'Asia/Kolkata';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T19:00:00Z')); // 24 November, 00:30 in Chennai
});
afterEach(() => {
  vi.useRealTimers();
  if (tz === undefined) delete process.env.TZ; else process.env.TZ = tz;
});

const show = (page: React.ReactNode) => render(<MantineProvider env="test"><MemoryRouter>{page}</MemoryRouter></MantineProvider>);

describe('today is the device\'s calendar day at 00:30 in India', () => {
  it('/ledger/due lists only the morning\'s wedding, marked today', () => {
    show(<DuePage />);
    const due = screen.getAllByTestId('due');
    expect(due).toHaveLength(1);
    expect(within(due[0]).getByText(/Muhurtham/)).toBeInTheDocument();
    expect(within(due[0]).getByText(en.ledger.due.today)).toBeInTheDocument();
  });

  it('/ledger/invitations puts the morning\'s wedding under Upcoming and last night\'s reception under Past', () => {
    show(<InvitationsPage />);
    const upcoming = screen.getByRole('heading', { name: en.ledger.invitations.upcoming }).parentElement!;
    const past = screen.getByRole('heading', { name: en.ledger.invitations.past }).parentElement!;
    expect(within(upcoming).getAllByTestId('invitation')).toHaveLength(1);
    expect(within(upcoming).getByText(/Muhurtham/)).toBeInTheDocument();
    expect(within(past).getAllByTestId('invitation')).toHaveLength(1);
    expect(within(past).getByText(/Reception/)).toBeInTheDocument();
  });
});
