// The hosts' own village alias groups (the ledger's table, ledger_village_aliases) as the moi book uses
// them (issue 27 item 5). The server's book and a book made on a device must group villages alike, so
// the event carries its owners' groups to every device that holds it (change type `event`), and both
// read them through here, in one order: the alias index joins groups that share a spelling in the order
// it meets them, so the order is part of the grouping.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventMembers, events, ledgerVillageAliases } from '../db/schema';

export type OwnerAliasGroup = { ownerId: string; names: string[] };

/** These owners' alias groups, oldest first (then by id: one order wherever they are read). */
export async function ownersAliasGroups(db: Db, ownerIds: readonly string[]): Promise<OwnerAliasGroup[]> {
  if (!ownerIds.length) return [];
  return db.select({ ownerId: ledgerVillageAliases.ownerId, names: ledgerVillageAliases.names }).from(ledgerVillageAliases)
    .where(inArray(ledgerVillageAliases.ownerId, [...new Set(ownerIds)]))
    .orderBy(asc(ledgerVillageAliases.createdAt), asc(ledgerVillageAliases.id));
}

/** The groups of an event's owners, in the order read (`groups` from ownersAliasGroups). */
export const aliasGroupsOf = (groups: readonly OwnerAliasGroup[], ownerIds: readonly string[]): string[][] =>
  groups.filter((g) => ownerIds.includes(g.ownerId)).map((g) => g.names);

/** The event's owners' alias groups (the server's book). */
export async function eventAliasGroups(db: Db, ownerIds: readonly string[]): Promise<string[][]> {
  return aliasGroupsOf(await ownersAliasGroups(db, ownerIds), ownerIds);
}

/**
 * After an owner's alias groups changed: their events are logged as changed (the events trigger logs
 * any update), so every device holding one pulls it again with the new groups. Nothing in the rows changes.
 */
export async function relogOwnedEvents(tx: Db, ownerId: string): Promise<void> {
  const owned = tx.select({ id: eventMembers.eventId }).from(eventMembers).where(and(eq(eventMembers.userId, ownerId), eq(eventMembers.role, 'owner')));
  await tx.update(events).set({ id: sql`${events.id}` }).where(inArray(events.id, owned));
}
