import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { legal as enLegal } from '../../locales/en/legal';
import { legal as taLegal } from '../../locales/ta/legal';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';
import NotFoundPage from './not-found-page';
import { LegalPage } from './legal-page';
import { readBrand } from '../../lib/brand';
import { renderPage } from './test-utils';

describe('privacy policy', () => {
  it('says what is kept (names, villages, mobiles, amounts), who sees it, for how long and how to ask for deletion', async () => {
    await renderPage(<PrivacyPage />, { path: '/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const w of ['name', 'village', 'mobile number', 'amount']) expect(text).toContain(w);
    for (const h of ['What we keep', 'Who can see it', 'How long we keep it', 'Your choices, and how to ask for deletion'])
      expect(screen.getByRole('heading', { level: 2, name: h })).toBeInTheDocument();
    expect(text).toMatch(/within 30 days/);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(document.title).toBe('Privacy Policy · Moi');
  });

  it('is in Tamil too, with every section of the English text', async () => {
    await renderPage(<PrivacyPage />, { path: '/privacy-policy', lang: 'ta' });
    expect(screen.getByRole('heading', { level: 1, name: 'தனியுரிமைக் கொள்கை' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(Object.keys(enLegal.privacy.sections).length);
    const text = document.body.textContent ?? '';
    for (const w of ['பெயர்', 'ஊர்', 'கைப்பேசி எண்', 'தொகை']) expect(text).toContain(w);
  });

  it('gives the phone for deletion requests when configured, else a neutral path', async () => {
    await renderPage(<LegalPage kind="privacy" brand={readBrand({ VITE_PROVIDER_PHONE: '044 2345 6789' })} />);
    expect(screen.getAllByRole('link', { name: '044 2345 6789' })[0]).toHaveAttribute('href', 'tel:04423456789');
    expect(document.body.textContent).toContain('Questions or a deletion request: call 044 2345 6789.');
  });
});

describe('terms of service', () => {
  it('renders every section in English and Tamil', async () => {
    const { unmount } = await renderPage(<TermsPage />, { path: '/terms-of-service' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(Object.keys(enLegal.terms.sections).length);
    expect(document.body.textContent).toContain('₹999 per event');
    unmount();
    await renderPage(<TermsPage />, { path: '/terms-of-service', lang: 'ta' });
    expect(screen.getByRole('heading', { level: 1, name: 'சேவை விதிமுறைகள்' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(Object.keys(taLegal.terms.sections).length);
  });

  it('the Tamil legal texts have exactly the English paragraphs (none missing, none empty)', () => {
    for (const kind of ['privacy', 'terms'] as const) {
      const e = enLegal[kind].sections as Record<string, Record<string, string>>;
      const t = taLegal[kind].sections as Record<string, Record<string, string>>;
      expect(Object.keys(t)).toEqual(Object.keys(e));
      for (const k of Object.keys(e)) {
        expect(Object.keys(t[k])).toEqual(Object.keys(e[k]));
        for (const v of Object.values(t[k])) expect(v.trim()).not.toBe('');
      }
    }
  });
});

describe('not found', () => {
  it('names the unknown path and offers the way home', async () => {
    await renderPage(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '/');
    const main = screen.getByRole('main');
    fireEvent.click(within(main).getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
  });

  it('offers someone signed in on this device the way back into the app, not "Sign in"', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 'u-1', user_id: 'U-1', username: 'selvam', name: 'Selvam', role: 'event_owner', mobile: null, userType: null, profileImagePath: null }));
    try {
      await renderPage(<NotFoundPage />, { path: '/event/nope' });
      const main = screen.getByRole('main');
      expect(within(main).getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', '/session/signin');
      expect(within(main).queryByRole('link', { name: 'Sign in' })).toBeNull();
    } finally {
      localStorage.removeItem('user');
    }
  });

  it('speaks Tamil too', async () => {
    await renderPage(<NotFoundPage />, { path: '/x', lang: 'ta' });
    expect(screen.getByRole('heading', { level: 1, name: 'பக்கம் கிடைக்கவில்லை' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'முகப்புப் பக்கத்துக்குச் செல்' })).toHaveAttribute('href', '/');
  });
});
