// Receipt verification (issue 15): the token a device makes offline for each gift, the short link
// a receipt carries, and what the public page may learn about a receipt (nothing more).
import { z } from 'zod';

/**
 * The letters and digits a receipt token is made of: no 0/O, 1/l/I, which a printed or handwritten
 * link does not tell apart (a typed link failed on "l" for "1"). 57 characters.
 */
export const RECEIPT_TOKEN_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * 22 characters drawn from RECEIPT_TOKEN_ALPHABET with the platform's CSPRNG: 57^22 ≈ 2^128, as many
 * as the 16 random bytes of the base64url tokens made before (still accepted everywhere: same shape).
 * Each byte below 228 (4 × 57) picks a character, the others are drawn again, so no character is likelier.
 */
export function newReceiptToken(): string {
  const n = RECEIPT_TOKEN_ALPHABET.length;
  const limit = 256 - (256 % n);
  let s = '';
  const b = new Uint8Array(32);
  while (s.length < 22) {
    globalThis.crypto.getRandomValues(b);
    for (const x of b) {
      if (x >= limit) continue;
      s += RECEIPT_TOKEN_ALPHABET[x % n];
      if (s.length === 22) break;
    }
  }
  return s;
}

/** The path of a receipt's public verification page. */
export const receiptPath = (token: string) => `/r/${token}`;
/** The full link, on the origin the receipt was made on (the counter's server). */
export const receiptLink = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}${receiptPath(token)}`;

/** "Selvam Kumar" → "S•••• K••••": first letters only (Tamil: the first letter with its vowel sign). */
export function maskName(name: string): string {
  return name.trim().split(/\s+/).filter(Boolean).map((w) => {
    // A grapheme, not a code unit: க + ு is one letter "கு" to a reader.
    const first = w.match(/^.\p{M}*/u)?.[0] ?? w[0];
    return `${first}${'•'.repeat(Math.min(4, Math.max(2, [...w].length - [...first].length)))}`;
  }).join(' ');
}

export const publicReceiptStatuses = ['valid', 'cancelled', 'unknown'] as const;
export type PublicReceiptStatus = (typeof publicReceiptStatuses)[number];

/**
 * GET /moi/public/receipts/:token. `unknown`: the server has no gift with this token — most often
 * the counter's tablet has not synced yet; the page says so, never an error.
 */
export const publicReceiptSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('unknown') }),
  z.object({
    status: z.enum(['valid', 'cancelled']),
    receiptNo: z.string(),
    eventTitleTa: z.string().nullable(),
    eventTitleEn: z.string().nullable(),
    eventDate: z.string(),
    giver: z.string(),
    mode: z.string(),
    amount: z.number().int(),
    item: z.string(),
    enteredAt: z.string(),
    counter: z.string(),
    /** The event's function type (issue 30): a funeral's receipt is shown in neutral colours. */
    functionType: z.string().optional(),
    /** The hall whose event it is (issue 29): its name and logo head the check; null for the provider's own events. */
    hall: z.object({
      nameTa: z.string().nullable(),
      nameEn: z.string().nullable(),
      colour: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullable(),
      logoFileId: z.string().nullable(),
    }).nullable().optional(),
  }),
]);
export type PublicReceipt = z.infer<typeof publicReceiptSchema>;
