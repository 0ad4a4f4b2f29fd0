// Issue 18 at the counter: the event's village shortcuts (a mutation of the map) and the guest
// display pairings (REST only: a second screen needs the server, so nothing of it is queued offline).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { GuestPaired } from '../../contract/guest-display';
import { policy } from '../../contract/policy';
import { MAX_VILLAGE_SHORTCUTS, type MutationValue } from '../../contract/sync';
import type { Db } from '../db/client';
import { counters, events, guestDisplays, sessions } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import type { Actor } from '../session';
import { hashToken, newToken } from '../session';
import { deny, loadScope, type MutationCtx } from './mutation-context';

/** Set or remove one abbreviation; other abbreviations (set meanwhile by other staff) are kept. */
export async function setVillageShortcut(ctx: MutationCtx, a: MutationValue<'event.villageShortcut.set'>): Promise<void> {
  const cs = ctx.scope.staffOf.size
    ? await ctx.tx.select({ id: counters.id, eventId: counters.eventId }).from(counters).where(inArray(counters.id, [...ctx.scope.staffOf]))
    : [];
  const d = policy['event.villageShortcut'](ctx.scope, a.eventId, cs);
  if (!d.ok) throw deny(d.code, d.reason);
  const [ev] = await ctx.tx.select({ map: events.villageShortcuts }).from(events).where(eq(events.id, a.eventId));
  if (!ev) throw deny('not_found', 'Event not found');
  const now = new Date(ctx.now).toISOString();
  if (a.village === null) {
    if (!(a.abbr in ev.map)) return;
    await ctx.tx.update(events).set({ villageShortcuts: sql`${events.villageShortcuts} - ${a.abbr}::text`, updatedAt: now }).where(eq(events.id, a.eventId));
    return;
  }
  if (ev.map[a.abbr] === a.village) return;
  if (!(a.abbr in ev.map) && Object.keys(ev.map).length >= MAX_VILLAGE_SHORTCUTS) {
    throw deny('invalid_body', `An event keeps at most ${MAX_VILLAGE_SHORTCUTS} village shortcuts`);
  }
  await ctx.tx.update(events)
    .set({ villageShortcuts: sql`${events.villageShortcuts} || jsonb_build_object(${a.abbr}::text, ${a.village}::text)`, updatedAt: now })
    .where(eq(events.id, a.eventId));
}

// ---------------------------------------------------------------- guest displays

/** The NOTIFY channel that carries "the entry being saved" to every process's guest streams. */
export const GUEST_CHANNEL = 'moi_guest';
/** A pairing code is good for this long before a screen takes it. */
export const GUEST_CODE_TTL_MS = 10 * 60_000;
/** A paired screen lasts the working day at most (or until revoked, or the session ends). */
export const GUEST_DISPLAY_TTL_MS = 16 * 3600_000;

export type GuestDisplayRow = typeof guestDisplays.$inferSelect;

async function checkCounter(db: Db, actor: Actor, counterId: string) {
  const scope = await loadScope(db, actor);
  const [c] = await db.select({ id: counters.id, eventId: counters.eventId, status: counters.status }).from(counters).where(eq(counters.id, counterId));
  const d = policy['counter.guestDisplay'](scope, c);
  if (!d.ok) throw deny(d.code, d.reason);
  return c!;
}

/** A new pairing code for this counter, for this session; a fresh 6-digit code unused by any open pairing. */
export async function createGuestDisplay(db: Db, actor: Actor, counterId: string): Promise<GuestDisplayRow> {
  const c = await checkCounter(db, actor, counterId);
  if (c.status !== 'open') throw deny('counter_closed', 'The counter is closed');
  const now = Date.now();
  // Codes of expired, never-paired pairings are freed for reuse.
  await db.update(guestDisplays).set({ revokedAt: new Date(now).toISOString() })
    .where(and(sql`${guestDisplays.guestTokenHash} IS NULL`, sql`${guestDisplays.revokedAt} IS NULL`, sql`${guestDisplays.codeExpiresAt} < now()`));
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const rows = await db.insert(guestDisplays).values({
      id: uuidv7(), eventId: c.eventId, counterId: c.id, code, sessionHash: actor.sessionHash, createdBy: actor.id,
      codeExpiresAt: new Date(now + GUEST_CODE_TTL_MS).toISOString(), expiresAt: new Date(now + GUEST_DISPLAY_TTL_MS).toISOString(),
    }).onConflictDoNothing().returning();
    if (rows[0]) return rows[0];
  }
  throw deny('conflict', 'No pairing code is free just now; try again');
}

/** A pairing of this session (or, for an admin of the event, any of the counter's), usable now. */
export async function ownGuestDisplay(db: Db, actor: Actor, id: string): Promise<GuestDisplayRow> {
  const [g] = await db.select().from(guestDisplays).where(eq(guestDisplays.id, id));
  if (!g) throw deny('not_found', 'Guest display not found');
  if (g.sessionHash !== actor.sessionHash) {
    const scope = await loadScope(db, actor);
    if (!(scope.adminOf === 'all' || scope.adminOf.has(g.eventId))) throw deny('not_found', 'Guest display not found');
  }
  return g;
}

export const guestDisplayLive = (g: GuestDisplayRow, now = Date.now()) => !g.revokedAt && Date.parse(g.expiresAt) > now;

export async function revokeGuestDisplay(db: Db, actor: Actor, id: string): Promise<void> {
  const g = await ownGuestDisplay(db, actor, id);
  if (g.revokedAt) return;
  await db.update(guestDisplays).set({ revokedAt: new Date().toISOString() }).where(eq(guestDisplays.id, id));
  await notifyGuest(db, { d: id, end: true });
}

/** A screen enters the code: the pairing is taken (once), and the screen gets its own secret. */
export async function pairGuestDisplay(db: Db, code: string): Promise<{ row: GuestDisplayRow; token: string } | null> {
  const token = newToken();
  const rows = await db.update(guestDisplays).set({ guestTokenHash: hashToken(token), pairedAt: new Date().toISOString() })
    .where(and(eq(guestDisplays.code, code), sql`${guestDisplays.guestTokenHash} IS NULL`, sql`${guestDisplays.revokedAt} IS NULL`,
      sql`${guestDisplays.codeExpiresAt} > now()`))
    .returning();
  return rows[0] ? { row: rows[0], token } : null;
}

/** Live, and the counter's session that made it still signed in (a sign-out or a revoked tablet ends its screens). */
export async function guestDisplayUsable(db: Db, g: GuestDisplayRow | undefined): Promise<boolean> {
  if (!g || !guestDisplayLive(g)) return false;
  const [s] = await db.select({ revoked: sessions.revoked }).from(sessions).where(eq(sessions.tokenHash, g.sessionHash));
  return !!s && !s.revoked;
}

/** What a paired screen is told: the function's title and the counter's code, nothing else of the event. */
export async function guestPairedView(db: Db, g: Pick<GuestDisplayRow, 'eventId' | 'counterId' | 'expiresAt'>): Promise<GuestPaired> {
  const [ev] = await db.select({ ta: events.titleTa, en: events.titleEn }).from(events).where(eq(events.id, g.eventId));
  const [c] = await db.select({ code: counters.code }).from(counters).where(eq(counters.id, g.counterId));
  return { eventTitleTa: ev?.ta ?? null, eventTitleEn: ev?.en ?? null, counterCode: c?.code ?? '', expiresAt: new Date(g.expiresAt).toISOString() };
}

export async function guestDisplayByToken(db: Db, token: string): Promise<GuestDisplayRow | null> {
  const [g] = await db.select().from(guestDisplays).where(eq(guestDisplays.guestTokenHash, hashToken(token)));
  return (await guestDisplayUsable(db, g)) ? g : null;
}

/** One notification: an entry for display `d`, or its end. */
export type GuestNote = { d: string; e?: unknown; end?: true };
export async function notifyGuest(db: Db, note: GuestNote): Promise<void> {
  await db.execute(sql`select pg_notify(${GUEST_CHANNEL}, ${JSON.stringify(note)})`);
}
