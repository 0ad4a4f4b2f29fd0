import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import '../../lib/i18n';
import type { NavItem } from './nav-types';
import { VerticalNav } from './vertical-nav';

const items: NavItem[] = [
  { name: 'Main', type: 'label' },
  { name: 'Dashboard', path: '/dashboard/default', icon: <span>D</span>, badge: { value: 3 } },
  {
    name: 'Admin',
    icon: <span>A</span>,
    children: [
      { name: 'Event admins', path: '/admin/Eventadmin' },
      { name: 'Closed counters', path: '/admin/closedcounters', iconText: 'CC' },
    ],
  },
  { name: 'Reports', icon: <span>R</span>, children: [{ name: 'Charts', path: '/charts/echarts' }] },
  { name: 'Help', type: 'extLink', path: 'https://help.example/moi', icon: <span>H</span> },
];

const renderNav = (mode: 'full' | 'compact', at = '/', onNavigate?: () => void) =>
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[at]}>
        <VerticalNav items={items} mode={mode} onNavigate={onNavigate} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('VerticalNav (full)', () => {
  it('shows labels as headings, not links', () => {
    renderNav('full');
    expect(screen.getByText('Main')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Main' })).toBeNull();
  });

  it('groups collapse and expand to show their children', async () => {
    const user = userEvent.setup();
    renderNav('full');
    const group = screen.getByRole('button', { name: /admin/i });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Event admins' })).toHaveAttribute('href', '/admin/Eventadmin');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the group holding the current page and marks the page current', () => {
    renderNav('full', '/admin/closedcounters');
    expect(screen.getByRole('button', { name: /admin/i })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /closed counters/i })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('CC')).toBeInTheDocument();
  });

  it('opens external links in a new tab, safely', () => {
    renderNav('full');
    const help = screen.getByRole('link', { name: /help/i });
    expect(help).toHaveAttribute('href', 'https://help.example/moi');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('rel')).toMatch(/noopener/);
  });

  it('shows badges', () => {
    renderNav('full');
    const dash = screen.getByRole('link', { name: /dashboard/i });
    expect(within(dash).getByTestId('nav-badge')).toHaveTextContent('3');
  });

  it('tells the parent after an internal link is followed (the phone drawer closes)', async () => {
    const onNavigate = vi.fn();
    renderNav('full', '/', onNavigate);
    await userEvent.setup().click(screen.getByRole('link', { name: /dashboard/i }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });
  it('a sole group starts open', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <VerticalNav items={[{ name: 'Counter', children: [{ name: 'Gift entry', path: '/counter/gifts/entry' }] }]} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: /counter/i })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('VerticalNav (compact)', () => {
  it('shows icons with accessible names and no visible label text', () => {
    renderNav('compact');
    expect(screen.getByTestId('vertical-nav')).toHaveAttribute('data-mode', 'compact');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Main')).toBeNull();
    expect(screen.queryByText('Dashboard')).toBeNull();
  });

  it('keeps badges and external-link targets', () => {
    renderNav('compact');
    expect(within(screen.getByRole('link', { name: 'Dashboard' })).getByTestId('nav-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('target', '_blank');
  });

  it('opens a group as a menu of its children', async () => {
    const user = userEvent.setup();
    renderNav('compact');
    await user.click(screen.getByRole('button', { name: 'Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Event admins' })).toHaveAttribute('href', '/admin/Eventadmin');
  });
});

describe('VerticalNav (active item)', () => {
  it('lights only the item the address belongs to when one item path is inside another', () => {
    const nested: NavItem[] = [{ name: 'Counter', children: [{ name: 'Membership plans', path: '/counter/membership' }, { name: 'Sign-up form', path: '/counter/membership/form' }] }];
    render(
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/counter/membership/form']}>
          <VerticalNav items={nested} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Sign-up form' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Membership plans' })).not.toHaveAttribute('aria-current');
  });
});
