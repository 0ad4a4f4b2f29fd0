// The side navigation by role: grouped items from the route table, filtered by the role's groups.
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconCash,
  IconChartBar,
  IconClipboardList,
  IconDashboard,
  IconDeviceTablet,
  IconGift,
  IconHelp,
  IconId,
  IconLayoutGrid,
  IconListDetails,
  IconLock,
  IconPrinter,
  IconSettings,
  IconShieldCheck,
  IconTrash,
  IconUser,
  IconUserCog,
  IconUsers,
  IconUsersGroup,
  IconCrown,
  IconForms,
  IconMessages,
  IconBook,
  IconNotebook,
  IconMail,
  IconCalendarDue,
  IconHandLoveYou,
  IconFileImport,
  IconKeyboard,
  IconHomeShare,
  IconMapPin,
  IconBuildingCommunity,
  IconReceipt,
  IconReportMoney,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { inGroup, type Role } from '../../contract/roles';
import type { NavItem } from '../components/navigation/nav-types';
import { appRoutes, type PageKey } from './route-table';
import { config } from '../lib/config';

const ICON = 20;
const icons: Record<PageKey, ReactNode> = {
  dashboard: <IconDashboard size={ICON} />,
  eventAdmins: <IconUserCog size={ICON} />,
  eventOwners: <IconCrown size={ICON} />,
  allCounters: <IconBuildingStore size={ICON} />,
  closedCounters: <IconLock size={ICON} />,
  adminManageGifts: <IconGift size={ICON} />,
  adminDeletedGifts: <IconTrash size={ICON} />,
  adminMembership: <IconId size={ICON} />,
  adminMessaging: <IconMessages size={ICON} />,
  providerSettings: <IconSettings size={ICON} />,
  eventCounters: <IconBuildingStore size={ICON} />,
  counterStaff: <IconUsers size={ICON} />,
  manageGifts: <IconListDetails size={ICON} />,
  eventDeletedGifts: <IconTrash size={ICON} />,
  hostMessaging: <IconMessages size={ICON} />,
  devices: <IconDeviceTablet size={ICON} />,
  events: <IconCalendarEvent size={ICON} />,
  eventGifts: <IconGift size={ICON} />,
  familyGiftLists: <IconUsersGroup size={ICON} />,
  charts: <IconChartBar size={ICON} />,
  ledger: <IconNotebook size={ICON} />,
  ledgerGiven: <IconHandLoveYou size={ICON} />,
  ledgerInvitations: <IconMail size={ICON} />,
  ledgerDue: <IconCalendarDue size={ICON} />,
  ledgerImport: <IconFileImport size={ICON} />,
  ledgerBook: <IconKeyboard size={ICON} />,
  ledgerFamilies: <IconUsersGroup size={ICON} />,
  ledgerVillages: <IconMapPin size={ICON} />,
  ledgerHousehold: <IconHomeShare size={ICON} />,
  giftEntry: <IconCash size={ICON} />,
  counterGiftLists: <IconClipboardList size={ICON} />,
  counterMembership: <IconId size={ICON} />,
  signupForm: <IconForms size={ICON} />,
  printer: <IconPrinter size={ICON} />,
  partners: <IconBuildingCommunity size={ICON} />,
  eventPlan: <IconReceipt size={ICON} />,
  providerBilling: <IconReportMoney size={ICON} />,
  profile: <IconUser size={ICON} />,
};

// A group's label is its breadcrumb section's name, and an item's label is its page's title
// (pages.<page>.title): the menu, the breadcrumb and the page heading say the same words.
const groups = [
  { section: 'admin', icon: <IconShieldCheck size={ICON} /> },
  { section: 'event', icon: <IconLayoutGrid size={ICON} /> },
  { section: 'events', icon: <IconCalendarEvent size={ICON} /> },
  { section: 'ledger', icon: <IconBook size={ICON} /> },
  { section: 'counter', icon: <IconCash size={ICON} /> },
] as const;

export const HELP_URL: string = config.helpUrl;

/** Navigation for a role: only the routes whose group includes the role; empty groups are dropped. */
export function navItemsFor(role: Role, t: TFunction): NavItem[] {
  const allowed = appRoutes.filter((r) => inGroup(role, r.group));
  const leaf = (r: (typeof appRoutes)[number]): NavItem => ({ name: t(`pages.${r.page}.title`), path: r.path, icon: icons[r.page] });
  const items: NavItem[] = [{ name: t('nav.main'), type: 'label' }];
  for (const r of allowed.filter((x) => !x.section)) items.push(leaf(r));
  for (const g of groups) {
    const children = allowed.filter((r) => r.section === g.section).map(leaf);
    if (children.length) items.push({ name: t(`pages.groups.${g.section}`), icon: g.icon, children });
  }
  items.push({ name: t('pages.groups.account'), type: 'label' });
  for (const r of allowed.filter((x) => x.section === 'account')) items.push(leaf(r));
  items.push({ name: t('nav.help'), type: 'extLink', path: HELP_URL, icon: <IconHelp size={ICON} /> });
  return items;
}
