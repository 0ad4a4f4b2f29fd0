// Issue 29: organisations (halls, venues) — the provider's partners; the domain side of
// routes/organisations.ts (and of routes/billing.ts's plan views). Takes the actor and plain values.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createEventBodySchema } from '../../contract/admin';
import { entitlingSubscription, ORG_LOGO_MAX_BYTES, type Organisation, type OrgBody, type OrgMember, type orgMemberBodySchema, type PlanState } from '../../contract/billing';
import { policy, type OrgFacts } from '../../contract/policy';
import type { Db } from '../db/client';
import { toIso } from '../db/iso';
import { eventEntitlements, events, files, orgMembers, organisations, paymentLinks, subscriptions, users } from '../db/schema';
import { HttpError } from '../errors';
import { uuidv7 } from '../../contract/ids';
import { grantOverride, refreshEntitlements, revokeOverrides } from '../billing/entitlements';
import { invoiceRows } from '../billing/invoices';
import type { Actor } from '../session';
import { notFound, writeTx } from './management/guard';
import { loadScope } from './mutation-context';
import { canAdminEvent, canReadEvent } from './scope';

export type OrgRow = typeof organisations.$inferSelect;
export type ManagedOrg = OrgFacts & { row: OrgRow };
type OrgMemberBody = z.infer<typeof orgMemberBodySchema>;
type CreateEventBody = z.infer<typeof createEventBodySchema>;

export const orgOut = (o: OrgRow): Organisation => ({
  id: o.id, nameTa: o.nameTa, nameEn: o.nameEn, gstin: o.gstin, address: o.address, stateCode: o.stateCode,
  logoFileId: o.logoFileId, brandColour: o.brandColour, receiptFooter: o.receiptFooter,
});

const nameRequired = () => new HttpError(400, 'invalid_body', 'Give a name in Tamil or English', [{ path: ['nameEn'], message: 'Required' }]);

export async function orgFacts(db: Db, id: string): Promise<ManagedOrg | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!row) return undefined;
  const admins = await db.select({ u: orgMembers.userId }).from(orgMembers).where(and(eq(orgMembers.orgId, id), eq(orgMembers.role, 'admin')));
  return { id, adminIds: admins.map((a) => a.u), row };
}

/** The organisation if the actor may manage `what` of it (policy 'org.manage'); else the policy's refusal. */
export async function managedOrg(db: Db, actor: Actor, id: string, what: 'details' | 'staff' | 'admins'): Promise<ManagedOrg> {
  const org = await orgFacts(db, id);
  const d = policy['org.manage'](await loadScope(db, actor), org, what);
  if (!d.ok) throw new HttpError(d.code === 'not_found' ? 404 : 403, d.code, d.reason);
  return org!;
}

/** Whether the actor may see the organisation's details (policy 'org.manage'). */
export async function mayManageOrg(db: Db, actor: Actor, orgId: string): Promise<boolean> {
  return policy['org.manage'](await loadScope(db, actor), await orgFacts(db, orgId), 'details').ok;
}

export async function planState(db: Db, orgId: string): Promise<PlanState> {
  const [s] = await db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)).orderBy(desc(subscriptions.updatedAt)).limit(1);
  return {
    subscription: s ? { id: s.id, status: s.status, currentEnd: toIso(s.currentEnd), shortUrl: s.shortUrl } : null,
    entitled: !!s && entitlingSubscription(s.status),
  };
}

/** Touch the organisation's events: their rows (admins, entitlement) reach the devices again. */
async function touchOrgEvents(tx: Db, orgId: string): Promise<void> {
  await tx.update(events).set({ updatedAt: new Date().toISOString() }).where(eq(events.orgId, orgId));
}

/** App admin: all organisations; an event admin: the halls they administer. */
export async function listOrgs(db: Db, actor: Actor): Promise<OrgRow[]> {
  return actor.role === 'app_admin'
    ? db.select().from(organisations).orderBy(organisations.createdAt)
    : db.select({ o: organisations }).from(orgMembers).innerJoin(organisations, eq(organisations.id, orgMembers.orgId))
      .where(and(eq(orgMembers.userId, actor.id), eq(orgMembers.role, 'admin'))).then((r) => r.map((x) => x.o));
}

export async function createOrg(db: Db, b: OrgBody, newId: () => string): Promise<OrgRow> {
  if (!b.nameTa?.trim() && !b.nameEn?.trim()) throw nameRequired();
  // The logo comes only by an upload (setOrgLogo): a file id named here could be anyone's picture.
  if (b.logoFileId) throw new HttpError(400, 'invalid_body', 'Upload the logo as a file', [{ path: ['logoFileId'], message: 'Upload the logo as a file' }]);
  const id = b.id ?? newId();
  if ((await orgFacts(db, id))) throw new HttpError(409, 'conflict', 'An organisation with this id exists');
  const [row] = await db.insert(organisations).values({
    id, nameTa: b.nameTa || null, nameEn: b.nameEn || null, gstin: b.gstin ?? null, address: b.address ?? '',
    stateCode: b.stateCode ?? b.gstin?.slice(0, 2) ?? null, logoFileId: null, brandColour: b.brandColour ?? null, receiptFooter: b.receiptFooter ?? '',
  }).returning();
  return row;
}

export async function orgDetails(db: Db, org: ManagedOrg) {
  const members = await db.select({ userId: orgMembers.userId, role: orgMembers.role, name: users.name, username: users.username })
    .from(orgMembers).innerJoin(users, eq(users.id, orgMembers.userId)).where(eq(orgMembers.orgId, org.id));
  const evs = await db.select({ id: events.id, titleEn: events.titleEn, titleTa: events.titleTa, date: events.date, status: events.status, entitled: events.entitled })
    .from(events).where(eq(events.orgId, org.id)).orderBy(desc(events.date));
  return {
    org: orgOut(org.row),
    members: members.map((m): OrgMember => ({ userId: m.userId, role: m.role, name: m.name ?? '', username: m.username })),
    events: evs,
    plan: await planState(db, org.id),
    invoices: await invoiceRows(db, { orgId: org.id }),
  };
}

export async function updateOrg(db: Db, org: ManagedOrg, b: Omit<OrgBody, 'id'>): Promise<OrgRow> {
  const nameTa = b.nameTa === undefined ? org.row.nameTa : b.nameTa || null;
  const nameEn = b.nameEn === undefined ? org.row.nameEn : b.nameEn || null;
  if (!nameTa && !nameEn) throw nameRequired();
  // The logo changes only by an upload (setOrgLogo), or is removed here (null).
  if (b.logoFileId !== undefined && b.logoFileId !== null && b.logoFileId !== org.row.logoFileId) throw new HttpError(400, 'invalid_body', 'Upload the logo as a file', [{ path: ['logoFileId'], message: 'Upload the logo as a file' }]);
  return writeTx(db, async (tx) => {
    const [row] = await tx.update(organisations).set({
      nameTa, nameEn,
      ...(b.gstin !== undefined ? { gstin: b.gstin } : {}),
      ...(b.address !== undefined ? { address: b.address } : {}),
      ...(b.stateCode !== undefined ? { stateCode: b.stateCode } : {}),
      ...(b.logoFileId !== undefined ? { logoFileId: b.logoFileId } : {}),
      ...(b.brandColour !== undefined ? { brandColour: b.brandColour } : {}),
      ...(b.receiptFooter !== undefined ? { receiptFooter: b.receiptFooter } : {}),
      updatedAt: new Date().toISOString(),
    }).where(eq(organisations.id, org.id)).returning();
    if (b.logoFileId === null && org.row.logoFileId) await tx.delete(files).where(and(eq(files.id, org.row.logoFileId), eq(files.ownerId, org.id)));
    // The events carry the hall's branding to the devices (receipts, the book's cover): pulled again.
    const brandOf = (o: OrgRow) => JSON.stringify([o.nameTa, o.nameEn, o.brandColour, o.receiptFooter, o.logoFileId]);
    if (brandOf(row) !== brandOf(org.row)) await touchOrgEvents(tx, org.id);
    return row;
  });
}

/** Image types a hall's logo may be (what browsers show; the printed book embeds PNG and JPEG). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * A new logo for the hall (its admins, the app admin): PNG, JPEG or WebP (by its bytes) of at most
 * ORG_LOGO_MAX_BYTES; the old one is removed and the hall's events carry the new one to the devices.
 */
export async function setOrgLogo(db: Db, org: ManagedOrg, file: { data: Buffer; mime: string | null }): Promise<OrgRow> {
  if (file.data.length > ORG_LOGO_MAX_BYTES) {
    throw new HttpError(413, 'file_too_large', `The logo is larger than ${ORG_LOGO_MAX_BYTES / 1024} kB / சின்னம் ${ORG_LOGO_MAX_BYTES / 1024} kB-க்கு மேல் உள்ளது`,
      [{ path: ['file'], message: `At most ${ORG_LOGO_MAX_BYTES / 1024} kB` }]);
  }
  if (!file.mime || !LOGO_TYPES.includes(file.mime)) {
    throw new HttpError(415, 'not_image', 'The logo must be a PNG, JPEG or WebP image / சின்னம் PNG, JPEG அல்லது WebP படமாக இருக்க வேண்டும்',
      [{ path: ['file'], message: 'PNG, JPEG or WebP' }]);
  }
  const fileId = uuidv7();
  return writeTx(db, async (tx) => {
    await tx.insert(files).values({ id: fileId, ownerId: org.id, mime: file.mime!, size: file.data.length, data: file.data });
    const [row] = await tx.update(organisations).set({ logoFileId: fileId, updatedAt: new Date().toISOString() }).where(eq(organisations.id, org.id)).returning();
    if (org.row.logoFileId) await tx.delete(files).where(and(eq(files.id, org.row.logoFileId), eq(files.ownerId, org.id)));
    await touchOrgEvents(tx, org.id);
    return row;
  });
}

/** A hall's logo (public: it is printed on receipts anyone may hold); 404 for any other file. */
export async function orgLogo(db: Db, fileId: string): Promise<{ mime: string; data: Buffer }> {
  const [row] = await db.select({ mime: files.mime, data: files.data }).from(files)
    .innerJoin(organisations, and(eq(organisations.logoFileId, files.id), eq(organisations.id, files.ownerId))).where(eq(files.id, fileId));
  if (!row) throw new HttpError(404, 'not_found', 'No such logo');
  return row;
}

export async function setOrgMember(db: Db, org: ManagedOrg, b: OrgMemberBody): Promise<void> {
  const [u] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, b.userId));
  if (!u) throw notFound('User');
  if (b.role === 'admin' && u.role !== 'event_admin') throw new HttpError(400, 'invalid_body', 'An organisation’s admin must be an event admin account');
  if (b.role === 'staff' && u.role !== 'counter_staff') throw new HttpError(400, 'invalid_body', 'The staff pool holds counter staff accounts');
  await writeTx(db, async (tx) => {
    await tx.insert(orgMembers).values({ orgId: org.id, userId: b.userId, role: b.role })
      .onConflictDoUpdate({ target: [orgMembers.orgId, orgMembers.userId], set: { role: b.role } });
    await touchOrgEvents(tx, org.id);
  });
}

/** A member's role in the organisation (undefined when not a member). */
export async function orgMemberRole(db: Db, orgId: string, userId: string): Promise<'admin' | 'staff' | undefined> {
  const [m] = await db.select({ role: orgMembers.role }).from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  return m?.role;
}

export async function removeOrgMember(db: Db, org: ManagedOrg, userId: string): Promise<void> {
  await writeTx(db, async (tx) => {
    await tx.delete(orgMembers).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, userId)));
    await touchOrgEvents(tx, org.id);
  });
}

/** A hall's admin creates an event of the hall (Partner Track). */
export async function createOrgEvent(db: Db, org: ManagedOrg, body: CreateEventBody, newId: () => string) {
  const id = body.id ?? newId();
  if ((await db.select({ id: events.id }).from(events).where(eq(events.id, id))).length) throw new HttpError(409, 'conflict', 'An event with this id exists');
  const row = await writeTx(db, async (tx) => {
    const [r] = await tx.insert(events).values({
      id, orgId: org.id, titleTa: body.titleTa?.trim() || null, titleEn: body.titleEn?.trim() || null, functionType: body.functionType,
      date: body.date, venue: body.venue, hostNames: body.hostNames, thankYouNote: body.thankYouNote, upiId: body.upiId || null, plan: 'partner_track', status: 'planned',
    }).returning();
    await refreshEntitlements(tx, [id]);
    return r;
  });
  return { id: row.id, titleEn: row.titleEn, titleTa: row.titleTa, date: row.date, status: row.status, orgId: org.id };
}

/** The partner's monthly statement: per Indian calendar month, its events (by date), their live
 *  gifts and money (amounts of money modes), and the messages sent for them. */
export async function orgStatement(db: Db, orgId: string) {
  const res = await db.execute(sql`
    with ev as (select id, substr(date, 1, 7) as month from events where org_id = ${orgId}),
    g as (select ev.month, count(*)::int as gifts, coalesce(sum(g.amount) filter (where g.mode <> 'item'), 0)::bigint as amount
      from gifts g join ev on ev.id = g.event_id where g.deleted_at is null group by ev.month),
    m as (select ev.month, count(*)::int as messages from message_outbox mo join ev on ev.id = mo.event_id where mo.state in ('sent', 'delivered') group by ev.month),
    e as (select month, count(*)::int as events from ev group by month)
    select e.month, e.events, coalesce(g.gifts, 0) as gifts, coalesce(g.amount, 0)::text as amount, coalesce(m.messages, 0) as messages
    from e left join g on g.month = e.month left join m on m.month = e.month order by e.month desc limit 24`);
  const rows = (res as unknown as { rows: Array<{ month: string; events: number; gifts: number; amount: string; messages: number }> }).rows;
  return rows.map((r) => ({ month: r.month, events: Number(r.events), gifts: Number(r.gifts), amount: Number(r.amount), messages: Number(r.messages) }));
}

/** An event's plan state, for its admins and owners (404 for an event the actor cannot read). */
export async function eventPlan(db: Db, actor: Actor, id: string, billing: { enforced: boolean; gatewaySetUp: boolean }) {
  const [ev] = await db.select().from(events).where(eq(events.id, id));
  if (!ev || !(await canReadEvent(db, actor, id))) throw notFound('Event');
  const grants = await db.select().from(eventEntitlements).where(and(eq(eventEntitlements.eventId, id), isNull(eventEntitlements.revokedAt)));
  const links = await db.select().from(paymentLinks).where(eq(paymentLinks.eventId, id)).orderBy(desc(paymentLinks.createdAt));
  return {
    eventId: id, orgId: ev.orgId, entitled: ev.entitled, entitledThrough: ev.entitledThrough, enforced: billing.enforced,
    canPay: billing.gatewaySetUp && (await canAdminEvent(db, actor, id) || actor.role === 'event_owner'),
    grants: grants.map((g) => ({ source: g.source, reason: g.reason, at: toIso(g.createdAt) })),
    link: links[0] ? { id: links[0].id, shortUrl: links[0].shortUrl, status: links[0].status } : null,
    org: ev.orgId ? await planState(db, ev.orgId) : null,
    invoices: await invoiceRows(db, { eventId: id }),
  };
}

/** The app admin entitles an event without payment (with a reason); the event's entitlement after. */
export async function overrideEvent(db: Db, actor: Actor, id: string, reason: string) {
  if (!(await db.select({ id: events.id }).from(events).where(eq(events.id, id))).length) throw notFound('Event');
  await writeTx(db, (tx) => grantOverride(tx, id, reason, actor.id));
  const [ev] = await db.select({ entitled: events.entitled }).from(events).where(eq(events.id, id));
  return ev.entitled;
}

export async function revokeEventOverride(db: Db, id: string) {
  await writeTx(db, (tx) => revokeOverrides(tx, id));
  const [ev] = await db.select({ entitled: events.entitled }).from(events).where(eq(events.id, id));
  if (!ev) throw notFound('Event');
  return ev.entitled;
}
