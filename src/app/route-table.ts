// The route table of ARCHITECTURE §4: every signed-in route (route-defs.ts) with its page file, loaded
// lazily. Loaded with the signed-in app, never by the landing route's first chunk.
import { routeDefs, type PageKey, type PageModule, type RouteDef, type Section } from './route-defs';

export { PUBLIC_PATHS, type PageKey, type PageModule, type RouteDef, type Section } from './route-defs';

export type AppRoute = RouteDef & { load: () => Promise<PageModule> };

const pages: Record<PageKey, () => Promise<PageModule>> = {
  dashboard: () => import('../features/dashboard/dashboard-page'),
  eventAdmins: () => import('../features/admin/event-admins-page'),
  eventOwners: () => import('../features/admin/event-owners-page'),
  allCounters: () => import('../features/counters/all-counters-page'),
  closedCounters: () => import('../features/counters/closed-counters-page'),
  adminManageGifts: () => import('../features/gifts/admin-manage-gifts-page'),
  adminDeletedGifts: () => import('../features/gifts/admin-deleted-gifts-page'),
  adminMembership: () => import('../features/membership/admin-membership-page'),
  adminMessaging: () => import('../features/messaging/admin-messaging-page'),
  providerSettings: () => import('../features/provider/provider-settings-page'),
  eventCounters: () => import('../features/counters/event-counters-page'),
  counterStaff: () => import('../features/counters/counter-staff-page'),
  manageGifts: () => import('../features/gifts/manage-gifts-page'),
  eventDeletedGifts: () => import('../features/gifts/deleted-gifts-page'),
  hostMessaging: () => import('../features/messaging/host-messaging-page'),
  devices: () => import('../features/devices/devices-page'),
  events: () => import('../features/events/events-page'),
  eventGifts: () => import('../features/events/event-gifts-page'),
  familyGiftLists: () => import('../features/gifts/family-gift-lists-page'),
  charts: () => import('../features/events/charts-page'),
  ledger: () => import('../features/ledger/ledger-page'),
  ledgerGiven: () => import('../features/ledger/given-page'),
  ledgerInvitations: () => import('../features/ledger/invitations-page'),
  ledgerDue: () => import('../features/ledger/due-page'),
  ledgerImport: () => import('../features/ledger/import-page'),
  ledgerBook: () => import('../features/ledger/book-page'),
  ledgerFamilies: () => import('../features/ledger/families-page'),
  ledgerVillages: () => import('../features/ledger/villages-page'),
  ledgerHousehold: () => import('../features/ledger/household-page'),
  giftEntry: () => import('../features/gifts/gift-entry-page'),
  counterGiftLists: () => import('../features/gifts/counter-gift-lists-page'),
  counterMembership: () => import('../features/membership/counter-membership-page'),
  signupForm: () => import('../features/membership/signup-form-page'),
  printer: () => import('../features/gifts/print/printer-page'),
  partners: () => import('../features/partners/partners-page'),
  eventPlan: () => import('../features/partners/event-plan-page'),
  providerBilling: () => import('../features/partners/provider-billing-page'),
  profile: () => import('../features/profile/profile-page'),
};

export const appRoutes: AppRoute[] = routeDefs.map((r) => ({ ...r, load: pages[r.page] }));

/** The page module of a route (the router's default loader for signed-in routes). */
export const loadPage = (page: PageKey): Promise<PageModule> => pages[page]();

/** The first route of a section: where an earlier breadcrumb segment links to. */
export const sectionHome = (section: Section): string => appRoutes.find((r) => r.section === section)!.path;
