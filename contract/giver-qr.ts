// The giver's pre-filled entry (issue 30 item 4): a guest fills their name, initial, spouse's or
// father's name, village, mobile and (optionally) amount on their own phone; the page shows a QR whose
// data travel in the code itself, so the counter reads it with no server round trip (the venue may be
// offline) and nothing is stored anywhere until the counter saves the gift. From a host's invitation
// the form also carries whose ledger and which person (o, p), so the counter links the gift to them.
// Zod-free (the public page is light); the counter checks what it reads with parseGiverQr.

export const GIVER_QR_PREFIX = 'MOI-G1:';
/** Kept small enough for a QR a phone shows and a tablet camera reads at arm's length. */
export const GIVER_QR_MAX = 600;

export type GiverQr = {
  name: string;
  initial: string;
  /** The spouse's or father's name (tells namesakes apart). */
  kin: string;
  village: string;
  /** 10 digits or empty. */
  mobile: string;
  /** Whole rupees the giver means to give, or null: the staff confirm the cash either way. */
  amount: number | null;
  /** From a host's invitation: the ledger's owner and the invited person. */
  ownerId: string | null;
  personId: string | null;
  /** From an event's queue QR. */
  eventId: string | null;
};

const LIMITS = { name: 120, initial: 40, kin: 120, village: 120 } as const;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const clean = (v: unknown, max: number) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, max) : '');
const idOrNull = (v: unknown) => (typeof v === 'string' && ID.test(v) ? v : null);

/** The QR's text. Short keys keep the code small. */
export function encodeGiverQr(g: GiverQr): string {
  const o: Record<string, string | number> = { n: g.name.trim() };
  if (g.initial.trim()) o.i = g.initial.trim();
  if (g.kin.trim()) o.k = g.kin.trim();
  if (g.village.trim()) o.v = g.village.trim();
  if (g.mobile) o.m = g.mobile;
  if (g.amount) o.a = g.amount;
  if (g.ownerId) o.o = g.ownerId;
  if (g.personId) o.p = g.personId;
  if (g.eventId) o.e = g.eventId;
  return GIVER_QR_PREFIX + JSON.stringify(o);
}

/** What a scanned code says, or null when it is not a giver's QR (another code, a damaged one, too long). */
export function parseGiverQr(text: string): GiverQr | null {
  if (!text.startsWith(GIVER_QR_PREFIX) || text.length > GIVER_QR_MAX) return null;
  let o: Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(text.slice(GIVER_QR_PREFIX.length));
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    o = v as Record<string, unknown>;
  } catch {
    return null;
  }
  const name = clean(o.n, LIMITS.name);
  if (!name) return null;
  const mobile = typeof o.m === 'string' && /^\d{10}$/.test(o.m) ? o.m : '';
  const amount = typeof o.a === 'number' && Number.isInteger(o.a) && o.a > 0 && o.a <= 10_000_000 ? o.a : null;
  return {
    name, initial: clean(o.i, LIMITS.initial), kin: clean(o.k, LIMITS.kin), village: clean(o.v, LIMITS.village), mobile, amount,
    ownerId: idOrNull(o.o), personId: idOrNull(o.p), eventId: idOrNull(o.e),
  };
}

/** The public form's address: from an invitation (whose ledger, which person, their name as the host wrote it) or an event's queue. */
export function giverFormLink(origin: string, from: { ownerId: string; personId: string; name: string; initial?: string; village?: string } | { eventId: string }): string {
  const q = new URLSearchParams();
  if ('eventId' in from) q.set('e', from.eventId);
  else {
    q.set('o', from.ownerId);
    q.set('p', from.personId);
    q.set('n', from.name);
    if (from.initial) q.set('i', from.initial);
    if (from.village) q.set('v', from.village);
  }
  return `${origin}${giverFormPath}?${q.toString()}`;
}

export const giverFormPath = '/qr';
