import { describe, expect, it } from 'vitest';
import i18n, { setLanguage } from '../lib/i18n';
import type { NavItem } from '../components/navigation/nav-types';
import { navItemsFor } from './nav-items';

const flat = (items: NavItem[]): NavItem[] => items.flatMap((i) => [i, ...flat(i.children ?? [])]);
const paths = (items: NavItem[]) => flat(items).filter((i) => i.path && i.type !== 'extLink').map((i) => i.path);

describe('navigation by role', () => {
  it('app admin sees every group', () => {
    setLanguage('en');
    const items = navItemsFor('app_admin', i18n.t);
    expect(items.filter((i) => i.children).map((i) => i.name)).toEqual(['Administration', 'Event', 'Events', 'Moi ledger', 'Counter']);
    expect(paths(items)).toHaveLength(38);
  });

  it('counter staff sees only the counter group, profile and help', () => {
    setLanguage('en');
    const items = navItemsFor('counter_staff', i18n.t);
    expect(items.filter((i) => i.children).map((i) => i.name)).toEqual(['Counter']);
    expect(paths(items)).toEqual(['/counter/gifts/entry', '/counter/gifts/lists', '/counter/membership', '/counter/membership/form', '/counter/printer', '/page-layouts/user-profile']);
    const help = flat(items).find((i) => i.type === 'extLink');
    expect(help?.name).toBe('Help');
  });

  it('event owner sees events and counter, not the event admin or admin pages', () => {
    setLanguage('en');
    const p = paths(navItemsFor('event_owner', i18n.t));
    expect(p).toContain('/events');
    expect(p).toContain('/charts/echarts');
    expect(p).not.toContain('/event/counter');
    expect(p).not.toContain('/dashboard/default');
  });

  it('event admin sees the event group but no admin group', () => {
    setLanguage('en');
    const items = navItemsFor('event_admin', i18n.t);
    expect(items.filter((i) => i.children).map((i) => i.name)).toEqual(['Event', 'Events', 'Moi ledger', 'Counter']);
  });

  it('labels are in Tamil when Tamil is chosen', () => {
    setLanguage('ta');
    const items = navItemsFor('counter_staff', i18n.t);
    expect(flat(items).map((i) => i.name)).toContain('மொய் பதிவு');
    setLanguage('en');
  });
});
