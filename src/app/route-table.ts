// The route table of ARCHITECTURE §4: every signed-in route, its access group, its page file
// (loaded lazily) and the catalogue keys of its title and breadcrumb section.
import type { ComponentType } from 'react';
import type { AuthGroup } from '../../contract/roles';

export type PageModule = { default: ComponentType };
export type Section = 'admin' | 'event' | 'events' | 'counter' | 'account';
export type PageKey =
  | 'dashboard'
  | 'eventAdmins'
  | 'eventOwners'
  | 'allCounters'
  | 'closedCounters'
  | 'adminManageGifts'
  | 'adminDeletedGifts'
  | 'adminMembership'
  | 'eventCounters'
  | 'counterStaff'
  | 'manageGifts'
  | 'eventDeletedGifts'
  | 'events'
  | 'eventGifts'
  | 'familyGiftLists'
  | 'charts'
  | 'giftEntry'
  | 'counterGiftLists'
  | 'counterMembership'
  | 'signupForm'
  | 'profile';

export type AppRoute = {
  path: string;
  group: AuthGroup;
  page: PageKey;
  section?: Section;
  load: () => Promise<PageModule>;
};

export const PUBLIC_PATHS = { landing: '/', signin: '/session/signin', privacy: '/privacy-policy', terms: '/terms-of-service' } as const;

export const appRoutes: AppRoute[] = [
  { path: '/dashboard/default', group: 'appAdmin', page: 'dashboard', load: () => import('../features/dashboard/dashboard-page') },
  { path: '/admin/Eventadmin', group: 'appAdmin', page: 'eventAdmins', section: 'admin', load: () => import('../features/admin/event-admins-page') },
  { path: '/admin/eventownerpage', group: 'appAdmin', page: 'eventOwners', section: 'admin', load: () => import('../features/admin/event-owners-page') },
  { path: '/admin/counteradminpage', group: 'appAdmin', page: 'allCounters', section: 'admin', load: () => import('../features/counters/all-counters-page') },
  { path: '/admin/closedcounters', group: 'appAdmin', page: 'closedCounters', section: 'admin', load: () => import('../features/counters/closed-counters-page') },
  { path: '/admin/adminManagegift', group: 'appAdmin', page: 'adminManageGifts', section: 'admin', load: () => import('../features/gifts/admin-manage-gifts-page') },
  { path: '/admin/DeletedMoiList', group: 'appAdmin', page: 'adminDeletedGifts', section: 'admin', load: () => import('../features/gifts/admin-deleted-gifts-page') },
  { path: '/admin/membership', group: 'appAdmin', page: 'adminMembership', section: 'admin', load: () => import('../features/membership/admin-membership-page') },
  { path: '/event/counter', group: 'eventAdmin', page: 'eventCounters', section: 'event', load: () => import('../features/counters/event-counters-page') },
  { path: '/eventadmin/counter/staff', group: 'eventAdmin', page: 'counterStaff', section: 'event', load: () => import('../features/counters/counter-staff-page') },
  { path: '/event/gifts/manage', group: 'eventAdmin', page: 'manageGifts', section: 'event', load: () => import('../features/gifts/manage-gifts-page') },
  { path: '/eventadmin/eventadmindeletedgifts', group: 'eventAdmin', page: 'eventDeletedGifts', section: 'event', load: () => import('../features/gifts/deleted-gifts-page') },
  { path: '/events', group: 'eventOwner', page: 'events', section: 'events', load: () => import('../features/events/events-page') },
  { path: '/event/gift', group: 'eventOwner', page: 'eventGifts', section: 'events', load: () => import('../features/events/event-gifts-page') },
  { path: '/gifts/lists', group: 'eventOwner', page: 'familyGiftLists', section: 'events', load: () => import('../features/gifts/family-gift-lists-page') },
  { path: '/charts/echarts', group: 'eventOwner', page: 'charts', section: 'events', load: () => import('../features/events/charts-page') },
  { path: '/counter/gifts/entry', group: 'all', page: 'giftEntry', section: 'counter', load: () => import('../features/gifts/gift-entry-page') },
  { path: '/counter/gifts/lists', group: 'all', page: 'counterGiftLists', section: 'counter', load: () => import('../features/gifts/counter-gift-lists-page') },
  { path: '/counter/membership', group: 'all', page: 'counterMembership', section: 'counter', load: () => import('../features/membership/counter-membership-page') },
  { path: '/counter/membership/form', group: 'all', page: 'signupForm', section: 'counter', load: () => import('../features/membership/signup-form-page') },
  { path: '/page-layouts/user-profile', group: 'all', page: 'profile', section: 'account', load: () => import('../features/profile/profile-page') },
];

export const routeByPath = (path: string): AppRoute | undefined => appRoutes.find((r) => r.path === path);

/** The first route of a section: where an earlier breadcrumb segment links to. */
export const sectionHome = (section: Section): string => appRoutes.find((r) => r.section === section)!.path;
