// Database rows → the contract entities the sync pull sends (and push compares against).
import type { CashTally, Counter, EventBrand, OpeningFloat, GiftAudit, Membership, MoiEvent, Signup } from '../../contract/entities';
import { toIso } from '../db/iso';
import type { counters, events, giftAudit, memberships, signups } from '../db/schema';


export function counterOut(c: typeof counters.$inferSelect, staffIds: string[]): Counter {
  return {
    id: c.id, eventId: c.eventId, code: c.code, name: c.name, status: c.status, staffIds,
    openedAt: toIso(c.openedAt), openedBy: c.openedBy, closedAt: toIso(c.closedAt), closedBy: c.closedBy,
    tally: (c.tally as CashTally | null) ?? null, openingFloat: (c.openingFloat as OpeningFloat | null) ?? null, createdAt: toIso(c.createdAt) ?? undefined, updatedAt: toIso(c.updatedAt) ?? undefined,
  };
}

/** `brand`: the event's organisation's branding (org-brand.ts); none for the provider's own events. */
export function eventOut(e: typeof events.$inferSelect, ownerIds: string[], adminIds: string[], brand?: EventBrand | null): MoiEvent {
  return {
    id: e.id, titleTa: e.titleTa, titleEn: e.titleEn, functionType: e.functionType, date: e.date,
    venue: e.venue, hostNames: e.hostNames, thankYouNote: e.thankYouNote, upiId: e.upiId, ownerIds, adminIds,
    status: e.status, plan: e.plan, villageShortcuts: e.villageShortcuts ?? {},
    bookVillageOrder: e.bookVillageOrder ?? [], bookFirstGiftIds: e.bookFirstGiftIds ?? [], bookVillages: e.bookVillages ?? [], createdAt: toIso(e.createdAt) ?? undefined, updatedAt: toIso(e.updatedAt) ?? undefined,
    ...(e.ledgerHint === false ? { ledgerHint: false as const } : {}),
    // Issue 29: the organisation and what entitles the event (devices mirror the counter-open check).
    orgId: e.orgId ?? null, entitled: e.entitled ?? null, entitledThrough: e.entitledThrough ?? null,
    brand: e.orgId ? brand ?? null : null,
  };
}

export function auditOut(a: typeof giftAudit.$inferSelect): GiftAudit {
  return {
    id: a.id, giftId: a.giftId, action: a.action, by: a.by, pinAuthorId: a.pinAuthorId, at: toIso(a.at)!, reason: a.reason,
    before: (a.before as Record<string, unknown> | null) ?? null, after: (a.after as Record<string, unknown> | null) ?? null,
  };
}

export function signupOut(s: typeof signups.$inferSelect): Signup {
  return {
    id: s.id, name: s.name, mobile: s.mobile, village: s.village, functionType: s.functionType,
    expectedDate: s.expectedDate, plan: s.plan, createdAt: toIso(s.createdAt)!,
  };
}

export function membershipOut(m: typeof memberships.$inferSelect): Membership {
  return { id: m.id, plan: m.plan, holderId: m.holderId, validFrom: m.validFrom, validTo: m.validTo, status: m.status };
}
