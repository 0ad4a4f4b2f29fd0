import { beforeEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { db } from '../../data/db';
import i18n from '../../lib/i18n';
import CounterMembershipPage from './counter-membership-page';
import SignupFormPage from './signup-form-page';

const STAFF = { id: 'staff-1', user_id: 'U-S1', username: 'selvi', name: 'Selvi', role: 'counter_staff', mobile: null, userType: null, profileImagePath: null };
const wrap = (ui: React.ReactNode) => render(<MantineProvider><MemoryRouter>{ui}</MemoryRouter></MantineProvider>);

beforeEach(async () => {
  await db.delete();
  await db.open();
  await db.meta.put({ key: 'deviceId', value: '01900000-0000-7000-8000-0000000000d1' });
  localStorage.setItem('user', JSON.stringify(STAFF)); // the counter staff signed in on this tablet
  await i18n.changeLanguage('en');
});

describe('sign-up request at the counter', () => {
  it('refuses a bad mobile, then saves the request on the device with its outbox mutation', async () => {
    wrap(<SignupFormPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Lakshmi');
    await user.type(screen.getByLabelText(/^Mobile/), '98765');
    await user.click(screen.getByRole('button', { name: 'Save request' }));
    expect(screen.getAllByText('Mobile number must be 10 digits').length).toBeGreaterThan(0);
    expect(await db.signups.count()).toBe(0);
    await user.type(screen.getByLabelText(/^Mobile/), '43210');
    await user.selectOptions(screen.getByLabelText('Plan of interest'), 'partner_track');
    await user.click(screen.getByRole('button', { name: 'Save request' }));
    expect(await screen.findByText(/Request saved/)).toBeInTheDocument();
    const rows = await db.signups.toArray();
    expect(rows).toMatchObject([{ name: 'Lakshmi', mobile: '9876543210', plan: 'partner_track', functionType: 'wedding', _pending: 1 }]);
    expect(await db.outbox.where('name').equals('signup.create').count()).toBe(1);
    expect(rows[0]?.takenBy).toBe('staff-1'); // who took the request: the signed-in staff
  });

  it('shows both plans in Tamil and the requests taken on this tablet', async () => {
    await db.signups.put({ id: '01900000-0000-7000-8000-0000000000f1', name: 'Devi', mobile: '9000000001', village: 'Melur', functionType: 'puberty', expectedDate: null, plan: 'smart_track', createdAt: new Date().toISOString(), _pending: 1 });
    await i18n.changeLanguage('ta');
    wrap(<CounterMembershipPage />);
    expect(screen.getByText('ஸ்மார்ட் டிராக்')).toBeInTheDocument();
    expect(screen.getByText('பார்ட்னர் டிராக்')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Devi')).toBeInTheDocument());
    expect(screen.getByText('ஒத்திசைக்கக் காத்திருக்கிறது')).toBeInTheDocument();
  });
});
