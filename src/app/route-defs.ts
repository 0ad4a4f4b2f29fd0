// The route table of ARCHITECTURE §4 without the page modules: every signed-in route, its access group
// and the catalogue keys of its title and breadcrumb section. The router (in the first chunk) needs only
// this; the page loaders live in route-table.ts, which loads with the signed-in app — so the landing's
// first chunk carries neither them nor the list of chunks each page needs.
import type { ComponentType } from 'react';
import { publicPaths, type SignedInPath } from '../../contract/app-paths';
import type { AuthGroup } from '../../contract/roles';

export type PageModule = { default: ComponentType };
export type Section = 'admin' | 'event' | 'events' | 'ledger' | 'counter' | 'account';
export type PageKey =
  | 'dashboard'
  | 'eventAdmins'
  | 'eventOwners'
  | 'allCounters'
  | 'closedCounters'
  | 'adminManageGifts'
  | 'adminDeletedGifts'
  | 'adminMembership'
  | 'adminMessaging'
  | 'providerSettings'
  | 'eventCounters'
  | 'counterStaff'
  | 'manageGifts'
  | 'eventDeletedGifts'
  | 'hostMessaging'
  | 'devices'
  | 'events'
  | 'eventGifts'
  | 'familyGiftLists'
  | 'charts'
  | 'ledger'
  | 'ledgerGiven'
  | 'ledgerInvitations'
  | 'ledgerDue'
  | 'ledgerImport'
  | 'ledgerBook'
  | 'ledgerFamilies'
  | 'ledgerVillages'
  | 'ledgerHousehold'
  | 'giftEntry'
  | 'counterGiftLists'
  | 'counterMembership'
  | 'signupForm'
  | 'printer'
  | 'partners'
  | 'eventPlan'
  | 'providerBilling'
  | 'profile';

/** A signed-in route without its page module: what the router needs to match and guard it. */
export type RouteDef = {
  path: SignedInPath;
  group: AuthGroup;
  page: PageKey;
  section?: Section;
};

export const PUBLIC_PATHS = publicPaths;

export const routeDefs: RouteDef[] = [
  { path: '/dashboard/default', group: 'appAdmin', page: 'dashboard' },
  { path: '/admin/Eventadmin', group: 'appAdmin', page: 'eventAdmins', section: 'admin' },
  { path: '/admin/eventownerpage', group: 'appAdmin', page: 'eventOwners', section: 'admin' },
  { path: '/admin/counteradminpage', group: 'appAdmin', page: 'allCounters', section: 'admin' },
  { path: '/admin/closedcounters', group: 'appAdmin', page: 'closedCounters', section: 'admin' },
  { path: '/admin/adminManagegift', group: 'appAdmin', page: 'adminManageGifts', section: 'admin' },
  { path: '/admin/DeletedMoiList', group: 'appAdmin', page: 'adminDeletedGifts', section: 'admin' },
  { path: '/admin/membership', group: 'appAdmin', page: 'adminMembership', section: 'admin' },
  { path: '/admin/messaging', group: 'appAdmin', page: 'adminMessaging', section: 'admin' },
  { path: '/admin/provider', group: 'appAdmin', page: 'providerSettings', section: 'admin' },
  { path: '/event/counter', group: 'eventAdmin', page: 'eventCounters', section: 'event' },
  { path: '/eventadmin/counter/staff', group: 'eventAdmin', page: 'counterStaff', section: 'event' },
  { path: '/event/gifts/manage', group: 'eventAdmin', page: 'manageGifts', section: 'event' },
  { path: '/eventadmin/eventadmindeletedgifts', group: 'eventAdmin', page: 'eventDeletedGifts', section: 'event' },
  { path: '/event/messaging', group: 'eventAdmin', page: 'hostMessaging', section: 'event' },
  { path: '/eventadmin/devices', group: 'eventAdmin', page: 'devices', section: 'event' },
  { path: '/events', group: 'eventOwner', page: 'events', section: 'events' },
  { path: '/event/gift', group: 'eventOwner', page: 'eventGifts', section: 'events' },
  { path: '/gifts/lists', group: 'eventOwner', page: 'familyGiftLists', section: 'events' },
  { path: '/charts/echarts', group: 'eventOwner', page: 'charts', section: 'events' },
  { path: '/ledger/people', group: 'eventOwner', page: 'ledger', section: 'ledger' },
  { path: '/ledger/given', group: 'eventOwner', page: 'ledgerGiven', section: 'ledger' },
  { path: '/ledger/invitations', group: 'eventOwner', page: 'ledgerInvitations', section: 'ledger' },
  { path: '/ledger/due', group: 'eventOwner', page: 'ledgerDue', section: 'ledger' },
  { path: '/ledger/import', group: 'eventOwner', page: 'ledgerImport', section: 'ledger' },
  { path: '/ledger/book', group: 'eventOwner', page: 'ledgerBook', section: 'ledger' },
  { path: '/ledger/families', group: 'eventOwner', page: 'ledgerFamilies', section: 'ledger' },
  { path: '/ledger/villages', group: 'eventOwner', page: 'ledgerVillages', section: 'ledger' },
  { path: '/ledger/household', group: 'eventOwner', page: 'ledgerHousehold', section: 'ledger' },
  { path: '/counter/gifts/entry', group: 'all', page: 'giftEntry', section: 'counter' },
  { path: '/counter/gifts/lists', group: 'all', page: 'counterGiftLists', section: 'counter' },
  { path: '/counter/membership', group: 'all', page: 'counterMembership', section: 'counter' },
  { path: '/counter/membership/form', group: 'all', page: 'signupForm', section: 'counter' },
  { path: '/counter/printer', group: 'all', page: 'printer', section: 'counter' }, // issue 28: the device's receipt printer
  { path: '/partners', group: 'eventAdmin', page: 'partners', section: 'event' },
  { path: '/event/plan', group: 'eventOwner', page: 'eventPlan', section: 'events' },
  { path: '/admin/billing', group: 'appAdmin', page: 'providerBilling', section: 'admin' },
  { path: '/page-layouts/user-profile', group: 'all', page: 'profile', section: 'account' },
];
