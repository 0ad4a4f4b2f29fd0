// Issue 29: what entitles an event to open (and its counters to open). The facts — Smart Track
// grants, overrides, the free first event, the organisation's subscription — live in their tables;
// events.entitled holds what entitles the event now, rewritten in the same transaction as any fact
// changes (so the event row the devices pull carries it: an offline laptop learns it when it syncs).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { entitlingSubscription, indianDate, mayOpenCounters, type EntitlementSource } from '../../contract/billing';
import { uuidv7 } from '../../contract/ids';
import type { Db } from '../db/client';
import { eventEntitlements, eventMembers, events, subscriptions } from '../db/schema';
import { DomainError } from '../errors';
import type { BillingConfig } from './config';

/** Recompute events.entitled for these events; rows whose answer changed are updated (and so logged for the devices). */
export async function refreshEntitlements(tx: Db, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const evs = await tx.select({ id: events.id, orgId: events.orgId, entitled: events.entitled }).from(events).where(inArray(events.id, eventIds));
  const grants = await tx.select({ eventId: eventEntitlements.eventId, source: eventEntitlements.source }).from(eventEntitlements)
    .where(and(inArray(eventEntitlements.eventId, eventIds), isNull(eventEntitlements.revokedAt)));
  const orgIds = [...new Set(evs.map((e) => e.orgId).filter((o): o is string => !!o))];
  const subs = orgIds.length ? await tx.select({ orgId: subscriptions.orgId, status: subscriptions.status }).from(subscriptions).where(inArray(subscriptions.orgId, orgIds)) : [];
  const now = new Date().toISOString();
  for (const e of evs) {
    const mine = grants.filter((g) => g.eventId === e.id).map((g) => g.source);
    const source: EntitlementSource | null = mine.includes('smart_track') ? 'smart_track'
      : e.orgId && subs.some((s) => s.orgId === e.orgId && entitlingSubscription(s.status)) ? 'partner_track'
        : mine.includes('override') ? 'override' : mine.includes('free_first') ? 'free_first' : null;
    if (source !== e.entitled) await tx.update(events).set({ entitled: source, updatedAt: now }).where(eq(events.id, e.id));
  }
}

export async function refreshOrgEntitlements(tx: Db, orgId: string): Promise<void> {
  const ids = (await tx.select({ id: events.id }).from(events).where(eq(events.orgId, orgId))).map((r) => r.id);
  await refreshEntitlements(tx, ids);
}

/** The key of the free first event: the organisation, or for the provider's own event its first owner. */
async function freeKey(tx: Db, ev: { id: string; orgId: string | null }): Promise<string | null> {
  if (ev.orgId) return `org:${ev.orgId}`;
  const [owner] = await tx.select({ u: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.eventId, ev.id), eq(eventMembers.role, 'owner'))).orderBy(eventMembers.userId).limit(1);
  return owner ? `owner:${owner.u}` : null;
}

export const notEntitled = () => new DomainError('not_entitled',
  'This event has no plan yet: pay Smart Track (₹999) on the event page, or the hall’s Partner Track on its page. / இந்த நிகழ்வுக்குத் திட்டம் இல்லை: நிகழ்வுப் பக்கத்தில் ஸ்மார்ட் டிராக் (₹999) அல்லது மண்டபத்தின் பக்கத்தில் பார்ட்னர் டிராக் செலுத்துங்கள்.');

/**
 * The check when an event opens (`opening`: its row is locked FOR UPDATE by the status change) or
 * one of its counters opens (no writes: counters of one event open concurrently, each holding the
 * event FOR SHARE). Refused with not_entitled (402) unless entitled now or within the function day
 * it opened for. Opening takes the free first event when nothing else entitles it — once per
 * organisation (or family), held by a unique index — and marks the event entitled through its date
 * (or today, if later): a lapse that day never stops its counters.
 */
export async function assertMayOpen(tx: Db, cfg: BillingConfig, eventId: string, opening: boolean, nowMs = Date.now()): Promise<void> {
  if (!cfg.enforced) return;
  const [ev] = await tx.select({ id: events.id, orgId: events.orgId, entitled: events.entitled, entitledThrough: events.entitledThrough, date: events.date }).from(events).where(eq(events.id, eventId));
  if (!ev) return;
  if (!opening) {
    if (!mayOpenCounters(ev, nowMs)) throw notEntitled();
    return;
  }
  let entitled = ev.entitled;
  if (!entitled && !mayOpenCounters(ev, nowMs) && cfg.freeEvents > 0) entitled = await takeFreeEvent(tx, cfg, ev);
  if (!entitled && !mayOpenCounters(ev, nowMs)) throw notEntitled();
  if (entitled) {
    const through = [ev.date, indianDate(nowMs)].sort().at(-1)!;
    if (through !== ev.entitledThrough) await tx.update(events).set({ entitledThrough: through }).where(eq(events.id, eventId));
  }
}

async function takeFreeEvent(tx: Db, cfg: BillingConfig, ev: { id: string; orgId: string | null }): Promise<EntitlementSource | null> {
  const key = await freeKey(tx, ev);
  if (!key) return null;
  const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(eventEntitlements)
    .where(and(eq(eventEntitlements.source, 'free_first'), sql`${eventEntitlements.freeKey} like ${key + '#%'}`));
  const n = used?.n ?? 0;
  if (n >= cfg.freeEvents) return null;
  // free_key is unique: two events taking the same free slot at once, one wins.
  const got = await tx.insert(eventEntitlements).values({ id: uuidv7(), eventId: ev.id, source: 'free_first', freeKey: `${key}#${n + 1}` })
    .onConflictDoNothing().returning({ id: eventEntitlements.id });
  if (!got.length) return null;
  await refreshEntitlements(tx, [ev.id]);
  return 'free_first';
}

/** An app admin's override (with a reason): the event may open without a payment. */
export async function grantOverride(tx: Db, eventId: string, reason: string, by: string): Promise<void> {
  await tx.insert(eventEntitlements).values({ id: uuidv7(), eventId, source: 'override', reason, grantedBy: by });
  await refreshEntitlements(tx, [eventId]);
}

export async function revokeOverrides(tx: Db, eventId: string): Promise<void> {
  await tx.update(eventEntitlements).set({ revokedAt: new Date().toISOString() })
    .where(and(eq(eventEntitlements.eventId, eventId), eq(eventEntitlements.source, 'override'), isNull(eventEntitlements.revokedAt)));
  await refreshEntitlements(tx, [eventId]);
}
