// The contact section is where the app's Help goes. With no phone set, someone signed in on this
// device is told who to ask, in their language, instead of the visitors' "book us" line.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readBrand } from '../../lib/brand';
import { Contact } from './contact-footer';
import { renderPage } from './test-utils';

const signIn = (role: string) => localStorage.setItem('user', JSON.stringify({ id: 'u1', username: 'kavi', name: 'Kavi', role }));
afterEach(() => localStorage.clear());

describe('contact section, the app’s Help', () => {
  it('tells counter staff with no phone set to ask their event admin (English and Tamil)', async () => {
    signIn('counter_staff');
    await renderPage(<Contact brand={readBrand({})} />);
    expect(screen.getByTestId('contact-ask')).toHaveTextContent('Ask your event admin');
    expect(screen.queryByText(/Ask your wedding hall/)).toBeNull();
    await renderPage(<Contact brand={readBrand({})} />, { lang: 'ta' });
    expect(screen.getAllByTestId('contact-ask')[1]).toHaveTextContent('உங்கள் நிகழ்வு நிர்வாகியைக் கேளுங்கள்');
  });

  it('tells an event admin to ask the app admin; a visitor still sees the booking line; a set phone is enough', async () => {
    signIn('event_admin');
    const { unmount } = await renderPage(<Contact brand={readBrand({})} />);
    expect(screen.getByTestId('contact-ask')).toHaveTextContent('Ask the app admin who made your account');
    unmount();
    localStorage.clear();
    const visitor = await renderPage(<Contact brand={readBrand({})} />);
    expect(screen.queryByTestId('contact-ask')).toBeNull();
    expect(screen.getByText(/Ask your wedding hall/)).toBeInTheDocument();
    visitor.unmount();
    signIn('counter_staff');
    await renderPage(<Contact brand={readBrand({ VITE_PROVIDER_PHONE: '+91 90030 55555' })} />);
    expect(screen.queryByTestId('contact-ask')).toBeNull();
    expect(screen.getByRole('link', { name: /Call \+91 90030 55555/ })).toBeInTheDocument();
  });
});
