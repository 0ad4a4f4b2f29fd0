// Where a receipt's verification link points: the public address of the Moi server (VITE_PUBLIC_URL
// at build time, for a venue laptop whose LAN address givers cannot reach later), else this origin.
import { receiptLink } from '../../contract/receipts';

export const publicOrigin = (): string =>
  (import.meta.env.VITE_PUBLIC_URL as string | undefined)?.replace(/\/+$/, '') || (typeof location !== 'undefined' ? location.origin : '');

export const verifyLink = (token: string): string => receiptLink(publicOrigin(), token);
