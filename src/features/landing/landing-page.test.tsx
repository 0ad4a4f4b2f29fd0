import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBrand, type Brand } from '../../lib/brand';
import { LandingPage } from './landing-page';
import { SECTION_IDS } from './landing-constants';
import { renderPage, setOnline } from './test-utils';

const unconfigured = readBrand({});
const configured: Brand = readBrand({
  VITE_PROVIDER_NAME: 'Sri Murugan Digital Services',
  VITE_PROVIDER_PHONE: '+91 98431 20456',
  VITE_PAYMENT_BUTTON_SMART: 'pl_SmartButton01',
  VITE_PAYMENT_BUTTON_PARTNER: 'pl_PartnerButton2',
});

beforeEach(() => setOnline(true));
afterEach(() => {
  vi.restoreAllMocks();
  setOnline(true);
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

describe('landing page structure', () => {
  it('has the seven sections reached by anchor, in order', async () => {
    const { container } = await renderPage(<LandingPage brand={unconfigured} />);
    const ids = Array.from(container.querySelectorAll('main section[id]')).map((s) => s.id).filter((id) => (SECTION_IDS as readonly string[]).includes(id));
    expect(ids).toEqual(['home', 'services', 'benefits', 'how-it-works', 'price-list', 'testimonials', 'contact']);
    const nav = screen.getAllByRole('navigation', { name: 'Sections' })[0];
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(SECTION_IDS.map((id) => `#${id}`));
  });

  it('Sign In goes to /session/signin', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const signIn = screen.getAllByRole('link', { name: 'Sign In' })[0];
    expect(signIn).toHaveAttribute('href', '/session/signin');
    fireEvent.click(signIn);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
  });

  it('for a user signed in on this device (sent here by Help) the button reads "Open the app" and leads on to the app', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 'u1', user_id: 'U1', username: 'muthu', role: 'counter_staff', name: 'Muthu' }));
    try {
      await renderPage(<LandingPage brand={unconfigured} />);
      expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'Open the app' })[0]).toHaveAttribute('href', '/session/signin');
    } finally {
      localStorage.removeItem('user');
    }
  });

  it('shows the seven benefits, the happy-users claim and the three steps', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const benefits = document.getElementById('benefits')!;
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(7);
    expect(within(benefits).getByText('More than 1000 happy users')).toBeInTheDocument();
    for (const b of ['Instant receipts', 'Secure cloud storage', 'Excel and PDF reports', 'Unlimited digital counters', 'Real-time SMS and WhatsApp updates', 'Portal access, any time', '24/7 support'])
      expect(within(benefits).getByRole('heading', { name: b })).toBeInTheDocument();
    const how = document.getElementById('how-it-works')!;
    expect(within(how).getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent)).toEqual(['Pre-book', 'Event day', 'Report']);
  });

  it('marks all three testimonials as samples', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const section = document.getElementById('testimonials')!;
    expect(section.querySelectorAll('figure')).toHaveLength(3);
    expect(within(section).getAllByText('Sample')).toHaveLength(3);
    expect(within(section).getByText(/Sample testimonials/)).toBeInTheDocument();
  });
});

describe('services tabs', () => {
  it('shows Direct first and switches to Partnership (click and arrow key)', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const direct = screen.getByRole('tab', { name: /Direct/ });
    const partnership = screen.getByRole('tab', { name: /Partnership/ });
    expect(direct).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Direct Service' })).toBeVisible();
    fireEvent.click(partnership);
    expect(partnership).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: /Partnership/ });
    for (const c of ['Professional staff', 'Monthly revenue', 'Customer satisfaction', 'Competitive edge']) expect(within(panel).getByRole('heading', { name: c })).toBeInTheDocument();
    fireEvent.keyDown(partnership, { key: 'ArrowLeft' });
    expect(direct).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(direct);
    expect(direct).toHaveAttribute('tabindex', '0');
    expect(partnership).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(direct, { key: 'End' });
    expect(partnership).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(partnership, { key: 'ArrowRight' });
    expect(within(screen.getByRole('tabpanel', { name: /Direct/ })).getAllByRole('article')).toHaveLength(3);
  });
});

describe('top bar', () => {
  it('takes the scrolled style only after 100 px', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 100 });
    fireEvent.scroll(window);
    await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
    expect(header).toHaveAttribute('data-scrolled', 'false');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 101 });
    fireEvent.scroll(window);
    await waitFor(() => expect(header).toHaveAttribute('data-scrolled', 'true'));
  });

  it('highlights the section that crossed the line at 30% of the viewport', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const tops: Record<string, number> = { home: -1500, services: -900, benefits: -100, 'how-it-works': 250, 'price-list': 900, testimonials: 1600, contact: 2300 };
    for (const id of SECTION_IDS) vi.spyOn(document.getElementById(id)!, 'getBoundingClientRect').mockReturnValue({ top: tops[id] } as DOMRect);
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 }); // line at 270 px
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1500 });
    fireEvent.scroll(window);
    const nav = screen.getAllByRole('navigation', { name: 'Sections' })[0];
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'How it works' })).toHaveAttribute('aria-current', 'true'));
    expect(within(nav).getByRole('link', { name: 'Benefits' })).not.toHaveAttribute('aria-current');
  });

  it('on narrow screens opens a right-hand drawer with the sections; a link closes it and scrolls with the 80 px offset', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    const links = within(drawer).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Services', 'Benefits', 'How it works', 'Price list', 'Testimonials', 'Contact', 'Sign In']);
    vi.spyOn(document.getElementById('price-list')!, 'getBoundingClientRect').mockReturnValue({ top: 2000 } as DOMRect);
    vi.useFakeTimers();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Price list' }));
    act(() => vi.runAllTimers());
    vi.useRealTimers();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 1920 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('the drawer keeps focus inside, closes on the backdrop and gives focus back to the menu button', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const burger = screen.getByRole('button', { name: 'Open menu' });
    act(() => burger.focus());
    fireEvent.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');
    const focusables = Array.from(drawer.querySelectorAll<HTMLElement>('a[href], button'));
    expect(focusables.length).toBeGreaterThan(8);
    act(() => focusables[focusables.length - 1].focus());
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(focusables[0]);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(focusables[focusables.length - 1]);
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(document.activeElement).toBe(burger);
    expect(document.body.style.overflow).toBe('');
  });

  it('the drawer closes with Escape', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });
});

describe('price list and payment', () => {
  it('shows both plans exactly as spec §9', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const smart = screen.getByTestId('plan-smart');
    expect(within(smart).getByRole('heading', { name: 'Smart Track' })).toBeInTheDocument();
    expect(smart).toHaveTextContent('INDIVIDUAL');
    expect(smart).toHaveTextContent('₹999');
    expect(smart).toHaveTextContent('per event');
    expect(within(smart).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Money counting and tracking via laptop or computer',
      'Unlimited digital counters',
      'Portal access',
      'Real-time SMS and WhatsApp updates',
      'Instant report generation',
    ]);
    const partner = screen.getByTestId('plan-partner');
    expect(within(partner).getByRole('heading', { name: 'Partner Track' })).toBeInTheDocument();
    expect(partner).toHaveTextContent('PARTNER');
    expect(partner).toHaveTextContent('₹1500');
    expect(partner).toHaveTextContent('per month');
    expect(partner).toHaveTextContent('For wedding halls and venues');
    expect(within(partner).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['All individual features', 'Multiple event management', 'Priority support']);
    // Issue 29: each plan leads those with an account to sign in and pay (the event's plan page, the hall's page).
    expect(within(smart).getByRole('link', { name: 'Have an account? Sign in to pay' })).toHaveAttribute('href', '/event/plan');
    expect(within(partner).getByRole('link', { name: 'Have an account? Sign in to pay' })).toHaveAttribute('href', '/partners');
  });

  it('unconfigured: no payment script, a "contact us to subscribe" action to the contact section, no phone shown anywhere', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    expect(document.querySelector('script[src*="razorpay"]')).toBeNull();
    const actions = screen.getAllByRole('link', { name: 'Contact us to subscribe' });
    expect(actions).toHaveLength(2);
    for (const a of actions) expect(a).toHaveAttribute('href', '#contact');
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
    expect(screen.getByText(/Ask your wedding hall or event organiser/)).toBeInTheDocument();
  });

  it('configured and online: the Razorpay payment-button script inside a form, one per plan', async () => {
    await renderPage(<LandingPage brand={configured} />);
    const forms = screen.getAllByTestId('razorpay-form');
    expect(forms).toHaveLength(2);
    const ids = forms.map((f) => {
      const s = f.querySelector('script')!;
      expect(s.getAttribute('src')).toBe('https://checkout.razorpay.com/v1/payment-button.js');
      expect(s.async).toBe(true);
      return s.getAttribute('data-payment_button_id');
    });
    expect(ids).toEqual(['pl_SmartButton01', 'pl_PartnerButton2']);
    expect(screen.queryByRole('link', { name: /Contact us to subscribe/ })).not.toBeInTheDocument();
  });

  it('configured but offline: no script; the phone fallback with a tel: link and a note', async () => {
    setOnline(false);
    await renderPage(<LandingPage brand={configured} />);
    expect(document.querySelector('script[src*="razorpay"]')).toBeNull();
    const actions = screen.getAllByRole('link', { name: /Contact us to subscribe/ });
    expect(actions).toHaveLength(2);
    for (const a of actions) {
      expect(a).toHaveAttribute('href', 'tel:+919843120456');
      expect(a).toHaveTextContent('+91 98431 20456');
    }
    expect(screen.getAllByText('Online payment needs an internet connection.')).toHaveLength(2);
    act(() => setOnline(true));
    expect(await screen.findAllByTestId('razorpay-form')).toHaveLength(2);
  });

  it('falls back to contact when the payment script fails to load', async () => {
    await renderPage(<LandingPage brand={configured} />);
    const script = screen.getAllByTestId('razorpay-form')[0].querySelector('script')!;
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByRole('link', { name: /Contact us to subscribe/ })).toHaveAttribute('href', 'tel:+919843120456');
    expect(screen.getAllByTestId('razorpay-form')).toHaveLength(1);
  });
});

describe('contact and footer', () => {
  it('shows phone, provider credit, the current year and the legal links', async () => {
    await renderPage(<LandingPage brand={configured} />);
    const footer = screen.getByRole('contentinfo');
    const year = new Date().getFullYear();
    expect(footer).toHaveTextContent(`© ${year} Sri Murugan Digital Services`);
    expect(footer).toHaveTextContent('Service by Sri Murugan Digital Services');
    expect(within(footer).getByRole('link', { name: '+91 98431 20456' })).toHaveAttribute('href', 'tel:+919843120456');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Call +91 98431 20456' })).toHaveAttribute('href', 'tel:+919843120456');
  });

  it('without a provider configured, credits the product and shows no phone', async () => {
    await renderPage(<LandingPage brand={unconfigured} />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Moi`);
    expect(footer).not.toHaveTextContent(/X{3,}/);
    expect(within(footer).queryByText(/Phone/)).toBeNull();
  });
});

describe('Tamil', () => {
  it('renders the page in Tamil, with the plans in Tamil and the language switch to English', async () => {
    await renderPage(<LandingPage brand={unconfigured} />, { lang: 'ta' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ஒவ்வொரு மொய்யும்');
    expect(screen.getByTestId('plan-smart')).toHaveTextContent('ஸ்மார்ட் டிராக்');
    expect(screen.getByTestId('plan-smart')).toHaveTextContent('ஒரு நிகழ்வுக்கு');
    expect(screen.getByTestId('plan-partner')).toHaveTextContent('மாதத்துக்கு');
    expect(screen.getAllByRole('link', { name: 'உள்நுழைக' })[0]).toHaveAttribute('href', '/session/signin');
    const toggle = screen.getAllByRole('button', { name: /Show in English/ })[0];
    fireEvent.click(toggle);
    expect(await screen.findByRole('heading', { level: 1, name: /Every moi gift/ })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
