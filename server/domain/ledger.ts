// The family's moi ledger on the server (issue 12): the ledger's mutators (given moi, invitations,
// links, merge / split / undo, families, village aliases) and its reads (person card, counter hints).
// Grouping gifts into people runs off the request path (ledger-matcher.ts); the ledger itself is
// read by ledger-read.ts. Every access is checked with
// contract/policy.ts ledger.* against the actor's scope read from the database.
//
// Change log: triggers (migration 0013) log a `ledgerPerson` change whenever a person, a link, a moi
// given or a linked gift changes; the pull sends each person's hint line (ledger-sync.ts).
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { policy } from '../../contract/policy';
import type {
  LedgerEntry, LedgerHintPerson, LedgerHintsResponse, LedgerInvitation, LedgerPersonCard,
} from '../../contract/ledger';
import type { MutationValue } from '../../contract/sync';
import { aliasIndex, GiverIndex, giverKey, matchGivers, villageKey, type AliasIndex } from '../../ledger/match';
import type { Db } from '../db/client';
import {
  counters, eventMembers, events, gifts, ledgerFamilies, ledgerGiven, ledgerInvitations, ledgerLinks, ledgerMerges, ledgerPeople,
  ledgerVillageAliases,
} from '../db/schema';
import { DomainError } from '../errors';
import { uuidv7 } from '../../contract/ids';
import type { Actor } from '../session';
import { loadScope, type MutationCtx } from './mutation-context';
import { toIso } from '../db/iso';
import { markOffersStale, matcherFor, needsMatching } from './ledger-matcher';
import { readLedgerPeople } from './ledger-read';
import { relogOwnedEvents } from './village-aliases';

const deny = (code: ConstructorParameters<typeof DomainError>[0], message: string) => new DomainError(code, message);

/** Events the user owns. */
export async function ownedEventIds(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db.select({ e: eventMembers.eventId }).from(eventMembers).where(and(eq(eventMembers.userId, ownerId), eq(eventMembers.role, 'owner')));
  return rows.map((r) => r.e);
}

/** May `actor` read `ownerId`'s ledger? Throws not_found when not. */
export async function assertLedgerRead(db: Db, actor: Actor, ownerId: string): Promise<void> {
  const scope = await loadScope(db, actor);
  const d = policy['ledger.read'](scope, ownerId);
  if (!d.ok) throw deny(d.code, d.reason);
}

type GiftRow = { id: string; eventId: string; name: string; initial: string; village: string; mobile: string; amount: number; mode: string; receiptNo: string };

async function ownerGifts(db: Db, eventIds: string[]): Promise<GiftRow[]> {
  if (!eventIds.length) return [];
  return db.select({
    id: gifts.id, eventId: gifts.eventId, name: gifts.name, initial: gifts.initial, village: gifts.village, mobile: gifts.mobile,
    amount: gifts.amount, mode: gifts.mode, receiptNo: gifts.receiptNo,
  }).from(gifts).where(and(inArray(gifts.eventId, eventIds), isNull(gifts.deletedAt)));
}

type EventInfo = { id: string; title: string; functionType: string; date: string };
async function eventInfo(db: Db, ids: string[]): Promise<Map<string, EventInfo>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: events.id, titleTa: events.titleTa, titleEn: events.titleEn, functionType: events.functionType, date: events.date })
    .from(events).where(inArray(events.id, ids));
  return new Map(rows.map((e) => [e.id, { id: e.id, title: e.titleTa || e.titleEn || '', functionType: e.functionType, date: e.date }]));
}

function invitationOut(r: typeof ledgerInvitations.$inferSelect): LedgerInvitation {
  return { id: r.id, personId: r.personId, functionType: r.functionType, functionLabel: r.functionLabel, date: r.date, note: r.note };
}

export async function personCard(db: Db, ownerId: string, personId: string): Promise<LedgerPersonCard> {
  // One person's totals: a query (ledger-read.ts), not the whole ledger.
  const [person] = await readLedgerPeople(db, ownerId, { personId });
  if (!person) throw deny('not_found', 'Person not found');
  const invitations = await db.select().from(ledgerInvitations)
    .where(and(eq(ledgerInvitations.ownerId, ownerId), eq(ledgerInvitations.personId, personId), isNull(ledgerInvitations.deletedAt)));
  const eventIds = await ownedEventIds(db, ownerId);
  const links = await db.select({ g: ledgerLinks.giftId }).from(ledgerLinks).where(and(eq(ledgerLinks.ownerId, ownerId), eq(ledgerLinks.personId, personId)));
  const gs = links.length && eventIds.length
    ? await db.select().from(gifts).where(and(inArray(gifts.id, links.map((l) => l.g)), inArray(gifts.eventId, eventIds), isNull(gifts.deletedAt)))
    : [];
  const evs = await eventInfo(db, [...new Set(gs.map((g) => g.eventId))]);
  const entries: LedgerEntry[] = gs.map((g) => {
    const e = evs.get(g.eventId);
    return { id: g.id, direction: 'received', functionType: e?.functionType ?? 'other', title: e?.title ?? '', date: e?.date ?? '', amount: g.amount, mode: g.mode, detail: g.receiptNo };
  });
  const given = await db.select().from(ledgerGiven).where(and(eq(ledgerGiven.ownerId, ownerId), eq(ledgerGiven.personId, personId), isNull(ledgerGiven.deletedAt)));
  for (const r of given) entries.push({ id: r.id, direction: 'given', functionType: r.functionType, title: r.functionLabel, date: r.date, amount: r.amount, mode: r.mode, detail: r.note });
  entries.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const merges = await db.select().from(ledgerMerges).where(and(eq(ledgerMerges.ownerId, ownerId), eq(ledgerMerges.personId, personId))).orderBy(desc(ledgerMerges.at));
  return {
    person, entries,
    invitations: invitations.map(invitationOut),
    merges: merges.map((m) => ({ id: m.id, kind: m.kind, otherId: m.otherId, at: toIso(m.at) ?? '', undone: !!m.undoneAt })),
  };
}

/** The event's owners, after checking the actor may see its counter hint (staff of its open counters, its owners and admins). */
async function hintEventOwners(db: Db, actor: Actor, eventId: string): Promise<{ enabled: boolean; owners: string[] }> {
  const scope = await loadScope(db, actor);
  const cs = scope.staffOf.size
    ? await db.select({ id: counters.id, eventId: counters.eventId }).from(counters).where(and(inArray(counters.id, [...scope.staffOf]), eq(counters.status, 'open')))
    : [];
  const d = policy['ledger.hint'](scope, eventId, cs);
  if (!d.ok) throw deny(d.code, d.reason);
  const [ev] = await db.select({ hint: events.ledgerHint }).from(events).where(eq(events.id, eventId));
  if (!ev) throw deny('not_found', 'Event not found');
  const owners = (await db.select({ u: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.role, 'owner')))).map((r) => r.u);
  return { enabled: ev.hint, owners };
}

/** Wait for the matcher to place the host's new gifts, up to `ms` (it works off the request path; a big book answers before it is done). */
export async function settleBriefly(db: Db, owner: string, ms = SETTLE_MS): Promise<boolean> {
  const m = matcherFor(db);
  if (!m.busy(owner) && !(await needsMatching(db, owner))) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    m.settle(owner).then(() => false, () => true),
    new Promise<boolean>((r) => { timer = setTimeout(() => r(true), ms); }),
  ]);
  clearTimeout(timer);
  return late;
}
const SETTLE_MS = 20_000;

/** The counter hint's summary of an event's hosts' ledgers: one line per person who gave before or was given to. */
export async function readHints(db: Db, actor: Actor, eventId: string): Promise<LedgerHintsResponse> {
  const { enabled, owners } = await hintEventOwners(db, actor, eventId);
  if (!enabled) return { eventId, enabled: false, people: [] };
  const people: LedgerHintPerson[] = [];
  for (const o of owners) {
    await settleBriefly(db, o);
    for (const p of await readLedgerPeople(db, o, { excludeEvent: eventId })) {
      if (!p.lastReceived && !p.lastGiven) continue;
      people.push({ id: p.id, name: p.name, initial: p.initial, village: p.village, mobile: p.mobile, kinName: p.kinName ?? '', title: p.title ?? '', lastReceived: p.lastReceived, lastGiven: p.lastGiven, balance: { received: p.received, given: p.given } });
    }
  }
  return { eventId, enabled: true, people };
}

/** Group the event's hosts' gifts not yet in their ledgers (the changed lines then reach devices through the pull). */
export async function refreshHints(db: Db, actor: Actor, eventId: string): Promise<void> {
  const { enabled, owners } = await hintEventOwners(db, actor, eventId);
  if (!enabled) return;
  for (const o of owners) await settleBriefly(db, o);
}

/** Turn the counter hint on or off for an event: its owners, admins, or an app admin. */
export async function setHint(db: Db, actor: Actor, eventId: string, enabled: boolean): Promise<void> {
  const scope = await loadScope(db, actor);
  if (!(scope.ownerOf === 'all' || scope.ownerOf.has(eventId) || scope.adminOf === 'all' || scope.adminOf.has(eventId))) throw deny('not_found', 'Event not found');
  const r = await db.update(events).set({ ledgerHint: enabled }).where(eq(events.id, eventId)).returning({ id: events.id });
  if (!r.length) throw deny('not_found', 'Event not found');
}

// ---------------------------------------------------------------- mutators

function checkWrite(ctx: MutationCtx, row: { ownerId: string } | undefined): void {
  const d = policy['ledger.write'](ctx.scope, row);
  if (!d.ok) throw deny(d.code, d.reason);
}

async function personOf(ctx: MutationCtx, id: string): Promise<typeof ledgerPeople.$inferSelect> {
  const [p] = await ctx.tx.select().from(ledgerPeople).where(eq(ledgerPeople.id, id));
  checkWrite(ctx, p ?? { ownerId: '' });
  if (!p || p.mergedInto) throw deny('not_found', 'Person not found');
  return p;
}

/** Moi given and invitations (issue 30): the host, or a family member with the edit role, records them into the host's ledger. */
function checkRecord(ctx: MutationCtx, row: { ownerId: string } | undefined): void {
  const d = policy['ledger.record'](ctx.scope, row);
  if (!d.ok) throw deny(d.code, d.reason);
}

/** The ledger a moi given or an invitation goes into: the existing row's, else the one the args name, else the writer's own. */
function recordTarget(ctx: MutationCtx, row: { ownerId: string } | undefined, a: { ownerId?: string }): string {
  const owner = row?.ownerId ?? a.ownerId ?? ctx.actor.id;
  checkRecord(ctx, row ?? (owner === ctx.actor.id ? undefined : { ownerId: owner }));
  return owner;
}

/** The named person of the ledger `owner`, or the new one the args describe (created now in that ledger, idempotently). */
async function resolvePerson(ctx: MutationCtx, owner: string, a: { personId?: string; newPerson?: { id: string; name: string; initial: string; village: string; mobile: string } }): Promise<string> {
  const id = a.personId ?? a.newPerson!.id;
  const [p] = await ctx.tx.select().from(ledgerPeople).where(eq(ledgerPeople.id, id));
  if (p) {
    checkRecord(ctx, p);
    if (p.ownerId !== owner || (a.personId && p.mergedInto)) throw deny('not_found', 'Person not found');
    return p.id;
  }
  if (a.personId) throw deny('not_found', 'Person not found');
  const n = a.newPerson!;
  await ctx.tx.insert(ledgerPeople).values({ id: n.id, ownerId: owner, name: n.name, initial: n.initial, village: n.village, mobile: n.mobile });
  return n.id;
}

async function saveGiven(ctx: MutationCtx, a: MutationValue<'ledger.given.save'>): Promise<void> {
  const [row] = await ctx.tx.select().from(ledgerGiven).where(eq(ledgerGiven.id, a.id));
  const owner = recordTarget(ctx, row, a);
  const personId = await resolvePerson(ctx, owner, a);
  const values = { personId, functionType: a.functionType, functionLabel: a.functionLabel, date: a.date, amount: a.amount, mode: a.mode, note: a.note };
  if (row) await ctx.tx.update(ledgerGiven).set({ ...values, updatedAt: new Date(ctx.now).toISOString() }).where(eq(ledgerGiven.id, a.id));
  else await ctx.tx.insert(ledgerGiven).values({ id: a.id, ownerId: owner, createdBy: ctx.actor.id, ...values });
}

async function deleteGiven(ctx: MutationCtx, a: MutationValue<'ledger.given.delete'>): Promise<void> {
  const [row] = await ctx.tx.select().from(ledgerGiven).where(eq(ledgerGiven.id, a.id));
  checkRecord(ctx, row ?? { ownerId: '' });
  await ctx.tx.update(ledgerGiven).set({ deletedAt: new Date(ctx.now).toISOString() }).where(eq(ledgerGiven.id, a.id));
}

async function saveInvitation(ctx: MutationCtx, a: MutationValue<'ledger.invitation.save'>): Promise<void> {
  const [row] = await ctx.tx.select().from(ledgerInvitations).where(eq(ledgerInvitations.id, a.id));
  const owner = recordTarget(ctx, row, a);
  const personId = await resolvePerson(ctx, owner, a);
  const values = { personId, functionType: a.functionType, functionLabel: a.functionLabel, date: a.date, note: a.note };
  if (row) await ctx.tx.update(ledgerInvitations).set(values).where(eq(ledgerInvitations.id, a.id));
  else await ctx.tx.insert(ledgerInvitations).values({ id: a.id, ownerId: owner, createdBy: ctx.actor.id, ...values });
}

async function deleteInvitation(ctx: MutationCtx, a: MutationValue<'ledger.invitation.delete'>): Promise<void> {
  const [row] = await ctx.tx.select().from(ledgerInvitations).where(eq(ledgerInvitations.id, a.id));
  checkRecord(ctx, row ?? { ownerId: '' });
  await ctx.tx.update(ledgerInvitations).set({ deletedAt: new Date(ctx.now).toISOString() }).where(eq(ledgerInvitations.id, a.id));
}

/** Gifts of the actor's own events only (a link never reaches into another host's book). */
async function ownGiftIds(ctx: MutationCtx, giftIds: string[]): Promise<string[]> {
  const evs = await ownedEventIds(ctx.tx, ctx.actor.id);
  if (!evs.length || !giftIds.length) return [];
  const rows = await ctx.tx.select({ id: gifts.id }).from(gifts).where(and(inArray(gifts.id, giftIds), inArray(gifts.eventId, evs)));
  return rows.map((r) => r.id);
}

async function link(ctx: MutationCtx, a: MutationValue<'ledger.person.link'>): Promise<void> {
  const p = await personOf(ctx, a.personId);
  const ids = await ownGiftIds(ctx, a.giftIds);
  if (ids.length !== new Set(a.giftIds).size) throw deny('not_found', 'Gift not found');
  for (const id of ids) {
    await ctx.tx.insert(ledgerLinks).values({ ownerId: ctx.actor.id, giftId: id, personId: p.id, how: 'manual' })
      .onConflictDoUpdate({ target: [ledgerLinks.ownerId, ledgerLinks.giftId], set: { personId: p.id, how: 'manual', at: new Date(ctx.now).toISOString() } });
  }
}

async function merge(ctx: MutationCtx, a: MutationValue<'ledger.person.merge'>): Promise<'duplicate' | void> {
  const [done] = await ctx.tx.select({ id: ledgerMerges.id, ownerId: ledgerMerges.ownerId }).from(ledgerMerges).where(eq(ledgerMerges.id, a.id));
  if (done) {
    checkWrite(ctx, done);
    return 'duplicate';
  }
  if (a.keepId === a.mergeId) throw deny('invalid_body', 'A person cannot be merged with themself');
  const keep = await personOf(ctx, a.keepId);
  const other = await personOf(ctx, a.mergeId);
  const owner = ctx.actor.id;
  const gl = await ctx.tx.select({ id: ledgerLinks.giftId, how: ledgerLinks.how }).from(ledgerLinks).where(and(eq(ledgerLinks.ownerId, owner), eq(ledgerLinks.personId, other.id)));
  const gv = await ctx.tx.select({ id: ledgerGiven.id }).from(ledgerGiven).where(eq(ledgerGiven.personId, other.id));
  const inv = await ctx.tx.select({ id: ledgerInvitations.id }).from(ledgerInvitations).where(eq(ledgerInvitations.personId, other.id));
  await ctx.tx.update(ledgerLinks).set({ personId: keep.id, how: 'confirmed' }).where(and(eq(ledgerLinks.ownerId, owner), eq(ledgerLinks.personId, other.id)));
  await ctx.tx.update(ledgerGiven).set({ personId: keep.id }).where(eq(ledgerGiven.personId, other.id));
  await ctx.tx.update(ledgerInvitations).set({ personId: keep.id }).where(eq(ledgerInvitations.personId, other.id));
  await ctx.tx.update(ledgerPeople).set({ mergedInto: keep.id, updatedAt: new Date(ctx.now).toISOString() }).where(eq(ledgerPeople.id, other.id));
  if (!keep.familyId && other.familyId) await ctx.tx.update(ledgerPeople).set({ familyId: other.familyId }).where(eq(ledgerPeople.id, keep.id));
  await ctx.tx.insert(ledgerMerges).values({
    id: a.id, ownerId: owner, kind: 'merge', personId: keep.id, otherId: other.id, by: ctx.actor.id,
    moved: { gifts: gl, given: gv.map((r) => r.id), invitations: inv.map((r) => r.id) },
  });
}

async function split(ctx: MutationCtx, a: MutationValue<'ledger.person.split'>): Promise<'duplicate' | void> {
  const [done] = await ctx.tx.select({ id: ledgerMerges.id, ownerId: ledgerMerges.ownerId }).from(ledgerMerges).where(eq(ledgerMerges.id, a.id));
  if (done) {
    checkWrite(ctx, done);
    return 'duplicate';
  }
  const from = await personOf(ctx, a.personId);
  const owner = ctx.actor.id;
  if (!a.giftIds.length && !a.givenIds.length) throw deny('invalid_body', 'Choose what moves to the new person');
  const gl = a.giftIds.length
    ? await ctx.tx.select({ id: ledgerLinks.giftId, how: ledgerLinks.how }).from(ledgerLinks)
      .where(and(eq(ledgerLinks.ownerId, owner), eq(ledgerLinks.personId, from.id), inArray(ledgerLinks.giftId, a.giftIds)))
    : [];
  const gv = a.givenIds.length
    ? await ctx.tx.select({ id: ledgerGiven.id }).from(ledgerGiven).where(and(eq(ledgerGiven.personId, from.id), inArray(ledgerGiven.id, a.givenIds)))
    : [];
  if (gl.length !== new Set(a.giftIds).size || gv.length !== new Set(a.givenIds).size) throw deny('not_found', 'Not found on this person');
  // The new person is named as the first moved gift spelt it.
  const [first] = gl.length ? await ctx.tx.select().from(gifts).where(eq(gifts.id, gl[0].id)) : [];
  await ctx.tx.insert(ledgerPeople).values({
    id: a.newPersonId, ownerId: owner, name: first?.name ?? from.name, initial: first?.initial ?? from.initial,
    village: first?.village ?? from.village, mobile: first?.mobile ?? '',
  });
  if (gl.length) await ctx.tx.update(ledgerLinks).set({ personId: a.newPersonId, how: 'manual' }).where(and(eq(ledgerLinks.ownerId, owner), inArray(ledgerLinks.giftId, gl.map((g) => g.id))));
  if (gv.length) await ctx.tx.update(ledgerGiven).set({ personId: a.newPersonId }).where(inArray(ledgerGiven.id, gv.map((g) => g.id)));
  await ctx.tx.insert(ledgerMerges).values({
    id: a.id, ownerId: owner, kind: 'split', personId: from.id, otherId: a.newPersonId, by: ctx.actor.id,
    moved: { gifts: gl, given: gv.map((g) => g.id), invitations: [] },
  });
  // The new person's offers are worked out by the matcher, off the request path.
  await markOffersStale(ctx.tx, owner);
}

/** Undo a merge (the merged person comes back with what was theirs) or a split (the moved rows go back). */
async function undo(ctx: MutationCtx, a: MutationValue<'ledger.merge.undo'>): Promise<'duplicate' | void> {
  const [m] = await ctx.tx.select().from(ledgerMerges).where(eq(ledgerMerges.id, a.id));
  checkWrite(ctx, m ?? { ownerId: '' });
  if (!m) throw deny('not_found', 'Not found');
  if (m.undoneAt) return 'duplicate';
  const owner = m.ownerId;
  // Merge: rows go from person → other; split: from other → person.
  const [to, from] = m.kind === 'merge' ? [m.otherId, m.personId] : [m.personId, m.otherId];
  const [target] = await ctx.tx.select().from(ledgerPeople).where(eq(ledgerPeople.id, m.personId));
  if (!target || target.mergedInto) throw deny('conflict', 'The person was merged again since; undo that first');
  for (const g of m.moved.gifts) {
    await ctx.tx.update(ledgerLinks).set({ personId: to, how: m.kind === 'merge' ? g.how : 'manual' })
      .where(and(eq(ledgerLinks.ownerId, owner), eq(ledgerLinks.giftId, g.id), eq(ledgerLinks.personId, from)));
  }
  if (m.moved.given.length) await ctx.tx.update(ledgerGiven).set({ personId: to }).where(and(inArray(ledgerGiven.id, m.moved.given), eq(ledgerGiven.personId, from)));
  if (m.moved.invitations.length) await ctx.tx.update(ledgerInvitations).set({ personId: to }).where(and(inArray(ledgerInvitations.id, m.moved.invitations), eq(ledgerInvitations.personId, from)));
  const now = new Date(ctx.now).toISOString();
  if (m.kind === 'merge') await ctx.tx.update(ledgerPeople).set({ mergedInto: null, updatedAt: now }).where(eq(ledgerPeople.id, m.otherId));
  else {
    // The split-off person is emptied back; hide it unless something new was given to it since.
    const left = await ctx.tx.select({ id: ledgerLinks.giftId }).from(ledgerLinks).where(eq(ledgerLinks.personId, m.otherId)).limit(1);
    const leftGiven = await ctx.tx.select({ id: ledgerGiven.id }).from(ledgerGiven).where(eq(ledgerGiven.personId, m.otherId)).limit(1);
    if (!left.length && !leftGiven.length) await ctx.tx.update(ledgerPeople).set({ mergedInto: m.personId, updatedAt: now }).where(eq(ledgerPeople.id, m.otherId));
  }
  await ctx.tx.update(ledgerMerges).set({ undoneAt: now, undoneBy: ctx.actor.id }).where(eq(ledgerMerges.id, m.id));
}

async function saveFamily(ctx: MutationCtx, a: MutationValue<'ledger.family.save'>): Promise<void> {
  const [f] = await ctx.tx.select().from(ledgerFamilies).where(eq(ledgerFamilies.id, a.id));
  checkWrite(ctx, f);
  for (const id of a.personIds) await personOf(ctx, id);
  if (f) await ctx.tx.update(ledgerFamilies).set({ name: a.name }).where(eq(ledgerFamilies.id, a.id));
  else await ctx.tx.insert(ledgerFamilies).values({ id: a.id, ownerId: ctx.actor.id, name: a.name });
  await ctx.tx.update(ledgerPeople).set({ familyId: null }).where(eq(ledgerPeople.familyId, a.id));
  if (a.personIds.length) await ctx.tx.update(ledgerPeople).set({ familyId: a.id }).where(inArray(ledgerPeople.id, a.personIds));
}

/**
 * After a host's alias group is saved or deleted: group again the people of the villages it names,
 * under the new spellings (gifts grouped before the change were matched under the old ones).
 *
 * Only what the matcher decided alone moves. A person holding anything the host decided or wrote —
 * a link that is not automatic (confirmed by a merge, manual, from the counter's Alt+L, moved by a
 * split), a merge or split the host undid, moi given, an invitation, a family — keeps everything that is
 * theirs and may only receive gifts. The other people of those villages ("free") have their gifts
 * matched again: to a person they now match automatically, else back to their own person when they
 * still match that person's name and village, else to a new person (a removed alias parts the two
 * spellings) — recorded as a split of the old person. A free person left with no gift is merged
 * into the person that took their gifts, recorded as a merge: both show on the person card and the
 * host can undo them like their own.
 */
async function regroupVillages(ctx: MutationCtx, before: AliasIndex, after: AliasIndex, names: readonly string[]): Promise<void> {
  const tx = ctx.tx;
  const owner = ctx.actor.id;
  const keysBefore = new Set(names.map((n) => villageKey(n, before)).filter(Boolean));
  const keysAfter = new Set(names.map((n) => villageKey(n, after)).filter(Boolean));
  const touched = (v: string | null | undefined) => !!v && (keysBefore.has(villageKey(v, before)) || keysAfter.has(villageKey(v, after)));
  const people = await tx.select().from(ledgerPeople).where(and(eq(ledgerPeople.ownerId, owner), isNull(ledgerPeople.mergedInto)));
  const links = await tx.select({ g: ledgerLinks.giftId, p: ledgerLinks.personId, how: ledgerLinks.how }).from(ledgerLinks).where(eq(ledgerLinks.ownerId, owner));
  const all = await ownerGifts(tx, await ownedEventIds(tx, owner));
  const giftById = new Map(all.map((g) => [g.id, g]));
  const inVillages = new Set(people.filter((p) => touched(p.village)).map((p) => p.id));
  for (const l of links) if (touched(giftById.get(l.g)?.village)) inVillages.add(l.p);
  if (!inVillages.size) return;
  const anchored = new Set(links.filter((l) => l.how !== 'auto').map((l) => l.p));
  for (const p of people) if (p.familyId) anchored.add(p.id);
  const [given, invited, records] = await Promise.all([
    tx.select({ p: ledgerGiven.personId }).from(ledgerGiven).where(eq(ledgerGiven.ownerId, owner)),
    tx.select({ p: ledgerInvitations.personId }).from(ledgerInvitations).where(eq(ledgerInvitations.ownerId, owner)),
    // A merge or split the host made moved its links as confirmed / manual (anchored above); one they undid stays as they left it.
    tx.select({ a: ledgerMerges.personId, b: ledgerMerges.otherId }).from(ledgerMerges).where(and(eq(ledgerMerges.ownerId, owner), isNotNull(ledgerMerges.undoneAt))),
  ]);
  for (const r of given) anchored.add(r.p);
  for (const r of invited) anchored.add(r.p);
  for (const r of records) anchored.add(r.a).add(r.b);
  const free = new Map(people.filter((p) => inVillages.has(p.id) && !anchored.has(p.id)).map((p) => [p.id, p]));
  if (!free.size) return;

  // Everyone else, with their gifts, under the new spellings; the free people's gifts are placed again.
  const index = new GiverIndex<string>(after);
  for (const p of people) if (!free.has(p.id)) index.add(p.id, p, p.id);
  for (const l of links) {
    const g = giftById.get(l.g);
    if (g && !free.has(l.p)) index.add(l.p, g, l.p, g.eventId);
  }
  // Oldest person first, each one's gifts in the order they were written: the older record stays.
  const moving = links.filter((l) => free.has(l.p) && giftById.has(l.g)).sort((x, y) => (x.p === y.p ? (x.g < y.g ? -1 : 1) : x.p < y.p ? -1 : 1));
  const dest = new Map<string, string>();
  const kept = new Set<string>();
  const created: (typeof ledgerPeople.$inferInsert)[] = [];
  for (const l of moving) {
    const g = giftById.get(l.g)!;
    const key = giverKey(g, after);
    let to = index.lookup(key, g.eventId).find((c) => c.decision === 'auto')?.person;
    if (!to && !index.holds(l.p, g.eventId) && matchGivers(g, free.get(l.p)!, after) === 'auto') to = l.p;
    if (!to) {
      to = uuidv7();
      created.push({ id: to, ownerId: owner, name: g.name, initial: g.initial, village: g.village, mobile: g.mobile });
    }
    if (to === l.p) kept.add(l.p);
    index.add(to, key, to, g.eventId);
    dest.set(l.g, to);
  }
  for (let i = 0; i < created.length; i += 1000) await tx.insert(ledgerPeople).values(created.slice(i, i + 1000));
  // Per old person: where their gifts went.
  const now = new Date(ctx.now).toISOString();
  const byPerson = new Map<string, typeof moving>();
  for (const l of moving) {
    const list = byPerson.get(l.p);
    if (list) list.push(l);
    else byPerson.set(l.p, [l]);
  }
  for (const [id, mine] of byPerson) {
    const away = new Map<string, { id: string; how: string }[]>();
    for (const l of mine) {
      const to = dest.get(l.g)!;
      if (to === id) continue;
      const list = away.get(to);
      if (list) list.push({ id: l.g, how: 'auto' });
      else away.set(to, [{ id: l.g, how: 'auto' }]);
    }
    if (!away.size) continue;
    for (const [to, gs] of away) {
      await tx.update(ledgerLinks).set({ personId: to, at: now }).where(and(eq(ledgerLinks.ownerId, owner), inArray(ledgerLinks.giftId, gs.map((x) => x.id))));
    }
    if (kept.has(id)) {
      // Parted: the gifts now of another place went to new people.
      for (const [to, gs] of away) {
        await tx.insert(ledgerMerges).values({ id: uuidv7(), ownerId: owner, kind: 'split', personId: id, otherId: to, by: owner, moved: { gifts: gs, given: [], invitations: [] } });
      }
    } else {
      // Joined: every gift went elsewhere; merged into the person that took most of them.
      const [keep, gs] = [...away].sort((x, y) => y[1].length - x[1].length)[0];
      // Any link left (a deleted gift's) goes with the rest.
      const rest = await tx.select({ id: ledgerLinks.giftId, how: ledgerLinks.how }).from(ledgerLinks).where(and(eq(ledgerLinks.ownerId, owner), eq(ledgerLinks.personId, id)));
      if (rest.length) await tx.update(ledgerLinks).set({ personId: keep }).where(and(eq(ledgerLinks.ownerId, owner), eq(ledgerLinks.personId, id)));
      await tx.update(ledgerPeople).set({ mergedInto: keep, updatedAt: now }).where(eq(ledgerPeople.id, id));
      await tx.insert(ledgerMerges).values({ id: uuidv7(), ownerId: owner, kind: 'merge', personId: keep, otherId: id, by: owner, moved: { gifts: [...gs, ...rest], given: [], invitations: [] } });
    }
  }
}

async function ownAliases(ctx: MutationCtx): Promise<{ id: string; names: string[] }[]> {
  return ctx.tx.select({ id: ledgerVillageAliases.id, names: ledgerVillageAliases.names }).from(ledgerVillageAliases).where(eq(ledgerVillageAliases.ownerId, ctx.actor.id));
}

/** A host's village alias group: the names are trimmed and kept once each; matching reads them (aliasesOf); the people of those villages are grouped again. */
async function saveAlias(ctx: MutationCtx, a: MutationValue<'ledger.alias.save'>): Promise<void> {
  const [row] = await ctx.tx.select({ ownerId: ledgerVillageAliases.ownerId, names: ledgerVillageAliases.names }).from(ledgerVillageAliases).where(eq(ledgerVillageAliases.id, a.id));
  checkWrite(ctx, row);
  const names = [...new Set(a.names.map((n) => n.trim()).filter(Boolean))];
  if (names.length < 2) throw deny('invalid_body', 'Give at least two spellings of the place');
  const groups = await ownAliases(ctx);
  const before = aliasIndex(groups.map((g) => g.names));
  if (row) await ctx.tx.update(ledgerVillageAliases).set({ names }).where(eq(ledgerVillageAliases.id, a.id));
  else await ctx.tx.insert(ledgerVillageAliases).values({ id: a.id, ownerId: ctx.actor.id, names });
  const after = aliasIndex([...groups.filter((g) => g.id !== a.id).map((g) => g.names), names]);
  await regroupVillages(ctx, before, after, [...(row?.names ?? []), ...names]);
  await markOffersStale(ctx.tx, ctx.actor.id);
  // The host's events carry the groups to the devices that make their moi book (village-aliases.ts).
  await relogOwnedEvents(ctx.tx, ctx.actor.id);
}

async function deleteAlias(ctx: MutationCtx, a: MutationValue<'ledger.alias.delete'>): Promise<'duplicate' | void> {
  const [row] = await ctx.tx.select({ ownerId: ledgerVillageAliases.ownerId, names: ledgerVillageAliases.names }).from(ledgerVillageAliases).where(eq(ledgerVillageAliases.id, a.id));
  if (!row) return 'duplicate';
  checkWrite(ctx, row);
  const groups = await ownAliases(ctx);
  await ctx.tx.delete(ledgerVillageAliases).where(eq(ledgerVillageAliases.id, a.id));
  await regroupVillages(ctx, aliasIndex(groups.map((g) => g.names)), aliasIndex(groups.filter((g) => g.id !== a.id).map((g) => g.names)), row.names);
  await markOffersStale(ctx.tx, ctx.actor.id);
  await relogOwnedEvents(ctx.tx, row.ownerId);
}

export const ledgerMutators = {
  'ledger.given.save': saveGiven,
  'ledger.given.delete': deleteGiven,
  'ledger.invitation.save': saveInvitation,
  'ledger.invitation.delete': deleteInvitation,
  'ledger.person.link': link,
  'ledger.person.merge': merge,
  'ledger.person.split': split,
  'ledger.merge.undo': undo,
  'ledger.family.save': saveFamily,
  'ledger.alias.save': saveAlias,
  'ledger.alias.delete': deleteAlias,
} as const;
