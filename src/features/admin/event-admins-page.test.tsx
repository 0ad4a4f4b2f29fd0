// Managing event admins needs the server: with no connection the page says so in the user's
// language and the create form keeps what was typed.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../components/management/test-render';
import EventAdminsPage from './event-admins-page';

describe('/admin/Eventadmin offline', () => {
  it('says a connection is needed and keeps the typed account', async () => {
    const user = userEvent.setup();
    await renderPage(<EventAdminsPage />);
    expect(await screen.findByText('You are offline. This needs a connection to the server.', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New event admin' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Username/), 'kavitha.admin');
    await user.type(within(dialog).getByLabelText(/Full name/), 'கவிதா');
    await user.type(within(dialog).getByLabelText(/Mobile number/), '98765');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // mobile must be 10 digits before anything is sent
    expect(await within(dialog).findByText('Mobile number must be exactly 10 digits')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Mobile number/), '43210');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are offline. This needs a connection to the server.');
    expect(within(dialog).getByLabelText(/Username/)).toHaveValue('kavitha.admin');
    expect(within(dialog).getByLabelText(/Full name/)).toHaveValue('கவிதா');
  });

  it('speaks Tamil when the device is set to Tamil', async () => {
    await renderPage(<EventAdminsPage />, { lang: 'ta' });
    expect(await screen.findByText('நீங்கள் இணைப்பில் இல்லை. இதற்குச் சர்வர் இணைப்பு தேவை.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'புதிய நிகழ்வு நிர்வாகி' })).toBeInTheDocument();
  });

  it('refuses a password that is easy to guess before sending, in the user\'s language', async () => {
    const user = userEvent.setup();
    await renderPage(<EventAdminsPage />);
    await user.click(await screen.findByRole('button', { name: 'New event admin' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Username/), 'kavitha.admin');
    await user.type(within(dialog).getByLabelText(/Full name/), 'Kavitha');
    await user.type(within(dialog).getByLabelText(/^Password/), 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/That password is too easy to guess/)).toBeInTheDocument();
    // Nothing was sent: the offline alert (what a send would have met) never shows.
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
