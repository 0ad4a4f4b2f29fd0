// Where a receipt's verification link points: the public address of the Moi server (VITE_PUBLIC_URL
// at build time, for a venue laptop whose LAN address givers cannot reach later), else this origin.
import { receiptLink } from '../../contract/receipts';
import { config } from './config';

export const publicOrigin = (): string => config.publicUrl || (typeof location !== 'undefined' ? location.origin : '');

export const verifyLink = (token: string): string => receiptLink(publicOrigin(), token);
