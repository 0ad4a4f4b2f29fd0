// The page paths the PWA's router answers (ARCHITECTURE §4), shared so the server can tell a page
// (200 with the shell) from an unknown URL (404 with the same shell, which shows the not-found page).
// src/app/route-defs.ts types its paths with these, and a test holds the two lists equal.
export const publicPaths = { landing: '/', signin: '/session/signin', privacy: '/privacy-policy', terms: '/terms-of-service' } as const;

/** The guest display (issue 18): a screen facing the giver, paired to a counter by a code; no sign-in. */
export const guestDisplayPath = '/guest';

/** The giver's own entry, opened from a QR (issue 30): contract/giver-qr.ts giverFormPath. */
export const giverQrPath = '/qr';

/** A receipt's public verification page, `/r/<token>` (issue 15; the token is base64url). */
export const receiptVerifyPath = '/r/:token';
const receiptVerifyPattern = /^\/r\/[A-Za-z0-9_-]{1,64}$/;

export const signedInPaths = [
  '/dashboard/default',
  '/admin/Eventadmin',
  '/admin/eventownerpage',
  '/admin/counteradminpage',
  '/admin/closedcounters',
  '/admin/adminManagegift',
  '/admin/DeletedMoiList',
  '/admin/membership',
  '/admin/messaging',
  '/admin/provider',
  '/event/counter',
  '/eventadmin/counter/staff',
  '/event/gifts/manage',
  '/eventadmin/eventadmindeletedgifts',
  '/event/messaging',
  '/eventadmin/devices',
  '/events',
  '/event/gift',
  '/gifts/lists',
  '/charts/echarts',
  '/ledger/people',
  '/ledger/given',
  '/ledger/invitations',
  '/ledger/due',
  '/ledger/import',
  '/ledger/book',
  '/ledger/families',
  '/ledger/villages',
  '/ledger/household',
  '/counter/gifts/entry',
  '/counter/gifts/lists',
  '/counter/membership',
  '/counter/membership/form',
  '/counter/printer',
  '/partners',
  '/event/plan',
  '/admin/billing',
  '/page-layouts/user-profile',
] as const;
export type SignedInPath = (typeof signedInPaths)[number];

const known = new Set<string>([...Object.values(publicPaths), guestDisplayPath, giverQrPath, ...signedInPaths].map((p) => p.toLowerCase()));

/** Whether the router has a page for this pathname; like react-router: case-insensitive, a trailing slash ignored. */
export function isAppPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return known.has((p || '/').toLowerCase()) || receiptVerifyPattern.test(p);
}
