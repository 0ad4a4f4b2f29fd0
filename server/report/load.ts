// Reads one event's moi book input (event, counters, gifts, audits, people's names, custody chain) from the server's
// database, in the contract's shapes, so report/ builds the same book the PWA builds from Dexie.
import { eq, inArray } from 'drizzle-orm';
import type { BookInput } from '../../report/model';
import type { Db } from '../db/client';
import { counterStaff, counters, custodyHandovers, eventMembers, eventNominees, events, files, giftAudit, gifts, users } from '../db/schema';
import { orgBrands } from '../domain/org-brand';
import { handoverOut } from '../domain/custody';
import { eventAliasGroups } from '../domain/village-aliases';
import { giftEntity } from '../domain/management/views';
import { auditOut, counterOut, eventOut } from '../domain/sync-views';

export async function loadBookInput(db: Db, eventId: string): Promise<BookInput | null> {
  const [ev] = await db.select().from(events).where(eq(events.id, eventId));
  if (!ev) return null;
  const members = await db.select().from(eventMembers).where(eq(eventMembers.eventId, eventId));
  const counterRows = await db.select().from(counters).where(eq(counters.eventId, eventId));
  const staff = counterRows.length ? await db.select().from(counterStaff).where(inArray(counterStaff.counterId, counterRows.map((c) => c.id))) : [];
  const giftRows = await db.select().from(gifts).where(eq(gifts.eventId, eventId));
  const owners = members.filter((m) => m.role === 'owner').map((m) => m.userId);
  const auditRows = await db.select().from(giftAudit).where(eq(giftAudit.eventId, eventId));
  const people: Record<string, string> = {};
  for (const u of await db.select({ id: users.id, name: users.name, username: users.username }).from(users)) people[u.id] = u.name || u.username;
  // A hall's event (issue 29): its branding, and its logo for the cover.
  const brand = ev.orgId ? (await orgBrands(db, [ev.orgId])).get(ev.orgId) ?? null : null;
  const [logo] = brand?.logoFileId ? await db.select({ mime: files.mime, data: files.data }).from(files).where(eq(files.id, brand.logoFileId)) : [];
  return {
    event: eventOut(ev, members.filter((m) => m.role === 'owner').map((m) => m.userId), members.filter((m) => m.role === 'admin').map((m) => m.userId), brand),
    brandLogo: logo ? `data:${logo.mime};base64,${Buffer.from(logo.data).toString('base64')}` : null,
    counters: counterRows.map((c) => counterOut(c, staff.filter((s) => s.counterId === c.id).map((s) => s.userId))),
    gifts: giftRows.map(giftEntity),
    audits: auditRows.map(auditOut),
    people,
    handovers: (await db.select().from(custodyHandovers).where(eq(custodyHandovers.eventId, eventId))).map(handoverOut),
    nominees: await db.select({ id: eventNominees.id, name: eventNominees.name }).from(eventNominees).where(eq(eventNominees.eventId, eventId)),
    // The owners' own village alias groups (the ledger's): the book joins those spellings too.
    // (village-aliases.ts: in the order the devices get them with the event, which the grouping depends on.)
    villageAliases: await eventAliasGroups(db, owners),
  };
}
