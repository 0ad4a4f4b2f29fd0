import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import '../lib/i18n';
import { Breadcrumb } from './breadcrumb';

const renderCrumbs = (segments: { name: string; path?: string }[]) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <Breadcrumb routeSegments={segments} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('Breadcrumb', () => {
  it('puts a home link to the root path first, earlier segments as links, the last as plain text', () => {
    renderCrumbs([
      { name: 'Administration', path: '/admin/Eventadmin' },
      { name: 'Reports', path: '/admin/reports' },
      { name: 'Closed counters', path: '/admin/closedcounters' },
    ]);
    const nav = screen.getByRole('navigation');
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/admin/Eventadmin', '/admin/reports']);
    expect(links[0]).toHaveAccessibleName(/home/i);
    const last = within(nav).getByText('Closed counters');
    expect(last.closest('a')).toBeNull();
    expect(last).toHaveAttribute('aria-current', 'page');
  });

  it("shows the last segment's name as a heading hidden on extra-small screens", () => {
    renderCrumbs([{ name: 'Events', path: '/events' }, { name: 'Event gifts', path: '/event/gift' }]);
    const heading = screen.getByRole('heading', { name: 'Event gifts' });
    expect(heading.className).toMatch(/mantine-visible-from-xs/);
  });

  it('with a single segment shows only home and that segment', () => {
    renderCrumbs([{ name: 'Dashboard', path: '/dashboard/default' }]);
    const nav = screen.getByRole('navigation');
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
    expect(within(nav).getByText('Dashboard').closest('a')).toBeNull();
  });

  it('keeps each chevron in the same list item as its segment, so a wrapped trail never ends a line on "›"', () => {
    renderCrumbs([{ name: 'நிர்வாகம்', path: '/admin/Eventadmin' }, { name: 'அனைத்து கவுண்டர்கள்', path: '/admin/counteradminpage' }]);
    const items = within(screen.getByRole('navigation')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.map((li) => li.textContent)).toEqual(['', 'நிர்வாகம்', 'அனைத்து கவுண்டர்கள்']);
    for (const li of items.slice(1)) expect(li.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });
});
