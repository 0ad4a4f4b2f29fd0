// The moi ledger on the device (issue 12). Reads come from the server (the grouping of a host's
// gifts into people runs there: too big for a phone) and the last answer is kept in Dexie's meta
// table, so the ledger and a person card open offline. The counter hint reads the per-person lines
// the sync pull keeps in db.ledgerHints (ledger-hint/). Writes (moi given,
// invitations, merges) go through the outbox like every other write, and show as pending until
// the server accepts them.
import { useLiveQuery } from 'dexie-react-hooks';
import type { LedgerPersonCard, LedgerResponse } from '../../contract/ledger';
import type { MutationArgs, MutationName } from '../../contract/sync';
import { apiFetch, ApiRequestError } from '../lib/api';
import { db as appDb, type MoiDb, type OutboxRow } from './db';
import { metaGet, metaSet, writeWithMutationOn } from './outbox';
import { rowsWithAnyKey } from './rows-with-any-key';

const enc = encodeURIComponent;
type Cached<T> = { at: string; value: T };
export type Loaded<T> = { value: T | null; offline: boolean; at: string | null };

/** Fetch and remember; offline (or the server unreachable), the remembered answer. */
async function cachedFetch<T>(db: MoiDb, key: string, path: string): Promise<Loaded<T>> {
  try {
    const value = await apiFetch<T>(path);
    const at = new Date().toISOString();
    await metaSet(db, key, { at, value } satisfies Cached<T>);
    return { value, offline: false, at };
  } catch (e) {
    if (!(e instanceof ApiRequestError) || !e.isNetwork) throw e;
    const c = await metaGet<Cached<T>>(db, key);
    return { value: c?.value ?? null, offline: true, at: c?.at ?? null };
  }
}

const ownerQs = (ownerId?: string | null) => (ownerId ? `?ownerId=${enc(ownerId)}` : '');

export const loadLedger = (ownerId?: string | null, db: MoiDb = appDb) =>
  cachedFetch<LedgerResponse>(db, `ledger:${ownerId ?? 'me'}`, `/moi/ledger${ownerQs(ownerId)}`);

/** One page of the ledger (the ledger screen, issue 30): a search, largest moi first, with the totals over everyone; remembered per page for offline. */
export const loadLedgerPage = (ownerId: string | null | undefined, page: { q: string; offset: number; limit: number }, db: MoiDb = appDb) => {
  const qs = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset), ...(page.q ? { q: page.q } : {}), ...(ownerId ? { ownerId } : {}) });
  return cachedFetch<LedgerResponse>(db, `ledgerPage:${ownerId ?? 'me'}:${page.q}:${page.offset}:${page.limit}`, `/moi/ledger?${qs.toString()}`);
};

export const loadPersonCard = (personId: string, ownerId?: string | null, db: MoiDb = appDb) =>
  cachedFetch<LedgerPersonCard>(db, `ledgerCard:${personId}`, `/moi/ledger/people/${enc(personId)}${ownerQs(ownerId)}`);

export async function listLedgerOwners(): Promise<{ id: string; name: string }[]> {
  return (await apiFetch<{ owners: { id: string; name: string }[] }>('/moi/ledger/owners')).owners;
}

export async function setLedgerHint(eventId: string, enabled: boolean): Promise<void> {
  await apiFetch(`/moi/ledger/hint/${enc(eventId)}`, { method: 'PUT', json: { enabled } });
}

// ---------------------------------------------------------------- the counter hint

/**
 * Ask the server to group the event's hosts' newest gifts into people (the counter does it once when
 * it opens, online). The hint itself reads the lines the sync pull keeps on the device (ledger-hint/).
 */
export async function refreshLedgerHints(eventId: string): Promise<void> {
  await apiFetch('/moi/ledger/hints/refresh', { method: 'POST', json: { eventId } });
}

// ---------------------------------------------------------------- writes (outbox)

async function write<N extends MutationName>(name: N, args: MutationArgs<N>, db: MoiDb): Promise<string> {
  return (await writeWithMutationOn(db, name, args, [], async () => undefined)).mutationId;
}

export const recordGivenOn = (db: MoiDb, args: MutationArgs<'ledger.given.save'>) => write('ledger.given.save', args, db);
export const recordGiven = (args: MutationArgs<'ledger.given.save'>) => recordGivenOn(appDb, args);
export const saveInvitationOn = (db: MoiDb, args: MutationArgs<'ledger.invitation.save'>) => write('ledger.invitation.save', args, db);
export const saveInvitation = (args: MutationArgs<'ledger.invitation.save'>) => saveInvitationOn(appDb, args);
export const mergePeople = (args: MutationArgs<'ledger.person.merge'>) => write('ledger.person.merge', args, appDb);
export const undoMerge = (args: MutationArgs<'ledger.merge.undo'>) => write('ledger.merge.undo', args, appDb);
export const linkGifts = (args: MutationArgs<'ledger.person.link'>) => write('ledger.person.link', args, appDb);
export const splitPerson = (args: MutationArgs<'ledger.person.split'>) => write('ledger.person.split', args, appDb);
export const saveFamily = (args: MutationArgs<'ledger.family.save'>) => write('ledger.family.save', args, appDb);
export const saveVillageAliasOn = (db: MoiDb, args: MutationArgs<'ledger.alias.save'>) => write('ledger.alias.save', args, db);
export const saveVillageAlias = (args: MutationArgs<'ledger.alias.save'>) => saveVillageAliasOn(appDb, args);
export const deleteVillageAliasOn = (db: MoiDb, args: MutationArgs<'ledger.alias.delete'>) => write('ledger.alias.delete', args, db);
export const deleteVillageAlias = (args: MutationArgs<'ledger.alias.delete'>) => deleteVillageAliasOn(appDb, args);

/** Ledger writes of this device the server has not accepted yet (pending, sending or rejected), oldest first. */
export function usePendingLedgerWrites(): OutboxRow[] | undefined {
  return useLiveQuery(
    () => appDb.outbox.where('name').startsWith('ledger.').filter((r) => r.state !== 'done').sortBy('seq'),
    [],
  );
}

/**
 * The people of the event's hosts' ledgers that this device holds (db.ledgerHints, synced), for the
 * entry form's name suggestions; empty while loading and when the host turned the hint off.
 */
export function useLedgerHintPeople(eventId: string) {
  return useLiveQuery(async () => {
    const ev = await appDb.events.get(eventId);
    if (!ev || ev.ledgerHint === false || ev.ownerIds.length === 0) return [];
    return rowsWithAnyKey(appDb.ledgerHints, 'ownerId', ev.ownerIds);
  }, [eventId]);
}
