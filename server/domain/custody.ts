// The cash custody chain (issue 18): nominees named by the event admin, handovers of a closed
// counter's cash to a nominee, another counter or the event admin, and OTPs sent to a nominee.
// The record's rules: who handed over and when are the server's (the session user, the device's
// time corrected by its clock offset); a handover is never refused for a PIN or OTP that fails the
// server's check — it is recorded unverified and flagged for review (money has moved either way).
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { OTP_TTL_MS, type Handover, type HandoverSummary } from '../../contract/custody';
import { policy } from '../../contract/policy';
import type { MutationValue } from '../../contract/sync';
import type { Db } from '../db/client';
import { counterStaff, counters, custodyHandovers, custodyOtps, eventNominees, events, users } from '../db/schema';
import { enqueueMessages, eventTitle } from '../messaging/outbox';
import { hashPin, pinMatches } from '../passwords';
import { closeTime } from './counters';
import { counterOf, deny, type MutationCtx } from './mutation-context';
import { toIso } from '../db/iso';

export type NomineeRow = typeof eventNominees.$inferSelect;
export type HandoverRow = typeof custodyHandovers.$inferSelect;

/**
 * A nominee as devices receive it. A legacy PIN (a bare hash: 4 digits at 10,000 iterations) is not
 * sent: a coworker's tablet searched it in under a minute. Its `hash` is empty, and the tablet leaves
 * the check to the server (handover.create verifies every PIN again), as it does for a nominee it
 * has no row for. Current PINs (6 digits, self-describing cost) still travel for the offline check.
 */
export function nomineeOut(n: NomineeRow) {
  const m = /^pbkdf2-sha256\$(\d+)\$([0-9a-f]+)$/.exec(n.pinHash);
  return {
    id: n.id, eventId: n.eventId, name: n.name, mobile: n.mobile, salt: m ? n.pinSalt : '',
    hash: m ? m[2]! : '', iterations: m ? Number(m[1]) : 10_000, updatedAt: toIso(n.updatedAt) ?? undefined,
  };
}

export function handoverOut(h: HandoverRow): Handover {
  return {
    id: h.id, eventId: h.eventId, fromKind: h.fromKind, fromCounterId: h.fromCounterId,
    toKind: h.toKind, toCounterId: h.toCounterId, toNomineeId: h.toNomineeId, toUserId: h.toUserId, toName: h.toName,
    cash: h.cash, counts: (h.counts as Record<string, number> | null) ?? null, summary: h.summary as HandoverSummary,
    method: h.method, verified: h.verified, deviceVerified: h.deviceVerified, flags: h.flags,
    handedBy: h.handedBy, handedByName: h.handedByName, pinAuthorId: h.pinAuthorId, handedAt: toIso(h.handedAt)!, receivedAt: toIso(h.receivedAt),
  };
}

/** Is the event in the actor's scope at all (admin, owner, or staff of one of its counters)? */
async function seesEvent(db: Db, ctx: MutationCtx, eventId: string): Promise<boolean> {
  const s = ctx.scope;
  if (s.adminOf === 'all' || s.adminOf.has(eventId) || s.ownerOf === 'all' || s.ownerOf.has(eventId)) return true;
  if (!s.staffOf.size) return false;
  const rows = await db.select({ c: counterStaff.counterId }).from(counterStaff).innerJoin(counters, eq(counters.id, counterStaff.counterId))
    .where(and(eq(counterStaff.userId, ctx.actor.id), eq(counters.eventId, eventId))).limit(1);
  return rows.length > 0;
}

/** nominee.save: create or edit a nominee; the PIN arrives hashed by the event admin's device. */
export async function saveNominee(ctx: MutationCtx, a: MutationValue<'nominee.save'>): Promise<'duplicate' | void> {
  const [cur] = await ctx.tx.select().from(eventNominees).where(eq(eventNominees.id, a.id)).limit(1);
  if (cur && cur.eventId !== a.eventId) throw deny('not_found', 'Nominee not found');
  const d = policy['nominee.save'](ctx.scope, a.eventId, await seesEvent(ctx.tx, ctx, a.eventId));
  if (!d.ok) throw deny(d.code, d.reason);
  const [ev] = await ctx.tx.select({ id: events.id }).from(events).where(eq(events.id, a.eventId)).limit(1);
  if (!ev) throw deny('not_found', 'Event not found');
  const now = new Date(ctx.now).toISOString();
  const mobile = a.mobile ? a.mobile : null;
  const pin = a.pin ? { pinSalt: a.pin.salt, pinHash: `pbkdf2-sha256$${a.pin.iterations}$${a.pin.hash}` } : null;
  if (!cur) {
    if (!pin) throw deny('invalid_body', 'A new nominee needs a PIN');
    await ctx.tx.insert(eventNominees).values({ id: a.id, eventId: a.eventId, name: a.name, mobile, ...pin, createdBy: ctx.actor.id, updatedBy: ctx.actor.id, createdAt: now, updatedAt: now });
    return;
  }
  await ctx.tx.update(eventNominees).set({ name: a.name, mobile, ...(pin ?? {}), updatedBy: ctx.actor.id, updatedAt: now }).where(eq(eventNominees.id, a.id));
}

async function otpMatches(ctx: MutationCtx, handoverId: string, nomineeId: string, otp: string): Promise<boolean> {
  const [row] = await ctx.tx.select().from(custodyOtps).where(eq(custodyOtps.handoverId, handoverId)).limit(1);
  if (!row || row.nomineeId !== nomineeId || Date.parse(row.expiresAt) < ctx.now) return false;
  const a = Buffer.from(await hashPin(otp, row.codeSalt, 1), 'hex');
  const b = Buffer.from(row.codeHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * handover.create: one step of the chain. The giver is the signed-in user (and the PIN author when
 * that staff member is assigned to the giving counter); the receiver is checked by the server:
 * a nominee's PIN or OTP, the receiving counter's staff PIN, or the event admin's own session.
 */
export async function createHandover(ctx: MutationCtx, a: MutationValue<'handover.create'>): Promise<'duplicate' | void> {
  const [existing] = await ctx.tx.select({ id: custodyHandovers.id }).from(custodyHandovers).where(eq(custodyHandovers.id, a.id)).limit(1);
  if (existing) return 'duplicate';
  const fromCounter = a.from.kind === 'counter' ? await counterOf(ctx, a.from.counterId) : undefined;
  const d = policy['handover.create'](ctx.scope, a.from.kind === 'counter' ? { kind: 'counter', counter: fromCounter } : { kind: 'event_admin', eventId: a.eventId });
  if (!d.ok) throw deny(d.code, d.reason);
  if (fromCounter && fromCounter.eventId !== a.eventId) throw deny('not_found', 'Counter not found');

  const flags: string[] = [];
  let verified = false;
  let toName: string;
  let toUserId: string | null = null;
  let toCounterId: string | null = null;
  let toNomineeId: string | null = null;
  const to = a.to;
  if (to.kind === 'nominee') {
    const [n] = await ctx.tx.select().from(eventNominees).where(and(eq(eventNominees.id, to.nomineeId), eq(eventNominees.eventId, a.eventId))).limit(1);
    if (!n) throw deny('not_found', 'Nominee not found');
    toNomineeId = n.id;
    toName = n.name;
    if (a.confirm.method === 'pin') {
      verified = await pinMatches(a.confirm.pin, n.pinSalt, n.pinHash);
      if (!verified) flags.push('pin_failed');
    } else if (a.confirm.method === 'otp') {
      verified = await otpMatches(ctx, a.id, n.id, a.confirm.otp);
      if (!verified) flags.push('otp_failed');
    } else flags.push('unconfirmed');
  } else if (to.kind === 'counter') {
    const c = await counterOf(ctx, to.counterId);
    if (!c || c.eventId !== a.eventId) throw deny('not_found', 'Counter not found');
    if (fromCounter && c.id === fromCounter.id) throw deny('invalid_body', 'A counter cannot hand over to itself');
    toCounterId = c.id;
    toUserId = to.userId;
    const [s] = await ctx.tx.select({ salt: counterStaff.pinSalt, hash: counterStaff.pinHash, name: users.name }).from(counterStaff)
      .innerJoin(users, eq(users.id, counterStaff.userId)).where(and(eq(counterStaff.counterId, c.id), eq(counterStaff.userId, to.userId))).limit(1);
    toName = s?.name ?? '';
    if (a.confirm.method === 'pin' && s?.salt && s.hash) {
      verified = await pinMatches(a.confirm.pin, s.salt, s.hash);
      if (!verified) flags.push('pin_failed');
    } else flags.push(a.confirm.method === 'pin' ? 'pin_failed' : 'unconfirmed');
  } else {
    // The event admin receives in their own session: the actor must be an admin of this event.
    const isAdmin = ctx.scope.adminOf === 'all' || ctx.scope.adminOf.has(a.eventId);
    if (a.confirm.method === 'session' && isAdmin) {
      verified = true;
      toUserId = ctx.actor.id;
    } else flags.push('unconfirmed');
    const [u] = toUserId ? await ctx.tx.select({ name: users.name }).from(users).where(eq(users.id, toUserId)).limit(1) : [];
    toName = u?.name ?? '';
  }
  // A counter hands over what it counted (plus what other counters handed to it): any other figure is flagged, never refused.
  if (fromCounter) {
    const counted = (fromCounter.tally as { countedTotal?: number } | null)?.countedTotal ?? 0;
    const rows = await ctx.tx.select({ cash: custodyHandovers.cash, toCounterId: custodyHandovers.toCounterId, fromCounterId: custodyHandovers.fromCounterId })
      .from(custodyHandovers).where(and(eq(custodyHandovers.eventId, a.eventId), inArray(custodyHandovers.toKind, ['counter'])));
    const received = rows.filter((r) => r.toCounterId === fromCounter.id).reduce((s, r) => s + r.cash, 0);
    if (a.cash > counted + received) flags.push('amount_differs');
  }
  const handedAt = closeTime(a.handedAt, a.clockOffsetMs ?? ctx.measuredOffsetMs, null, ctx.now);
  const pinAuthorId = a.pinAuthorId && fromCounter && ctx.staff.get(fromCounter.id)?.has(a.pinAuthorId) ? a.pinAuthorId : null;
  await ctx.tx.insert(custodyHandovers).values({
    id: a.id, eventId: a.eventId, fromKind: a.from.kind, fromCounterId: fromCounter?.id ?? null,
    toKind: to.kind, toCounterId, toNomineeId, toUserId, toName,
    cash: a.cash, counts: a.counts ?? null, summary: a.summary, method: a.confirm.method, verified, deviceVerified: a.deviceVerified,
    flags, handedBy: ctx.actor.id, handedByName: ctx.actor.name, pinAuthorId, handedAt, deviceHandedAt: a.handedAt, receivedAt: new Date(ctx.now).toISOString(), deviceId: ctx.deviceId,
  });
  if (a.confirm.method === 'otp') await ctx.tx.delete(custodyOtps).where(eq(custodyOtps.handoverId, a.id));
}

/**
 * Sends a one-time code for a handover to the nominee's mobile through the messaging outbox
 * (template custody_otp). A second request for the same handover sends a fresh code.
 */
export async function sendHandoverOtp(db: Db, ctx: MutationCtx, r: { eventId: string; nomineeId: string; handoverId: string; lang: 'ta' | 'en' }): Promise<{ expiresAt: string; mobileEnding: string }> {
  // Whoever may hand over at this event: its admins and its counters' staff (owners only read).
  const s = ctx.scope;
  const isAdmin = s.adminOf === 'all' || s.adminOf.has(r.eventId);
  if (!isAdmin && !(s.staffOf.size && await seesEvent(db, ctx, r.eventId))) throw deny('not_found', 'Nominee not found');
  const [n] = await db.select().from(eventNominees).where(and(eq(eventNominees.id, r.nomineeId), eq(eventNominees.eventId, r.eventId))).limit(1);
  if (!n) throw deny('not_found', 'Nominee not found');
  if (!n.mobile) throw deny('invalid_body', 'This nominee has no mobile number');
  const [done] = await db.select({ id: custodyHandovers.id }).from(custodyHandovers).where(eq(custodyHandovers.id, r.handoverId)).limit(1);
  if (done) throw deny('conflict', 'This handover is already recorded');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const codeHash = await hashPin(code, salt, 1);
  const expiresAt = new Date(ctx.now + OTP_TTL_MS).toISOString();
  const [ev] = await db.select({ titleTa: events.titleTa, titleEn: events.titleEn }).from(events).where(eq(events.id, r.eventId)).limit(1);
  await db.transaction(async (tx) => {
    const [prev] = await tx.select({ sends: custodyOtps.sends }).from(custodyOtps).where(eq(custodyOtps.handoverId, r.handoverId)).limit(1);
    const sends = (prev?.sends ?? 0) + 1;
    const values = { handoverId: r.handoverId, eventId: r.eventId, nomineeId: n.id, codeSalt: salt, codeHash, expiresAt, sends, createdBy: ctx.actor.id };
    await tx.insert(custodyOtps).values(values).onConflictDoUpdate({ target: custodyOtps.handoverId, set: values });
    await enqueueMessages(tx as unknown as Db, [{
      idempotencyKey: `custody_otp:${r.handoverId}:${sends}`, kind: 'custody_otp', eventId: r.eventId, recipient: n.mobile!,
      templateKey: 'custody_otp', lang: r.lang, vars: { code, event: ev ? eventTitle(ev, r.lang) : 'Moi', minutes: String(OTP_TTL_MS / 60_000) },
    }]);
  });
  return { expiresAt, mobileEnding: n.mobile.slice(-4) };
}

