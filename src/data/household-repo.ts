// The family sharing of a host's ledger (issue 30) on the device: the host's members and the ledgers
// shared with this user come from the server (membership changes need it online); the last answer
// is kept so the owner picker and the guards work offline.
import type { HouseholdInvite, HouseholdInviteResult, HouseholdResponse } from '../../contract/ledger-household';
import { apiFetch, ApiRequestError } from '../lib/api';
import { db as appDb, type MoiDb } from './db';
import { metaGet, metaSet } from './outbox';

const enc = encodeURIComponent;
export type LedgerOwner = { id: string; name: string; role?: 'view' | 'edit' | null };

export const loadHousehold = () => apiFetch<HouseholdResponse>('/moi/ledger/household');
export const inviteFamilyMember = (body: HouseholdInvite) => apiFetch<HouseholdInviteResult>('/moi/ledger/household/invite', { method: 'POST', json: body });
export const joinHousehold = (how: { token: string } | { inviteId: string }) => apiFetch<{ ownerId: string }>('/moi/ledger/household/join', { method: 'POST', json: how });
export const changeFamilyRole = (id: string, role: 'view' | 'edit') => apiFetch(`/moi/ledger/household/${enc(id)}/role`, { method: 'PUT', json: { role } });
export const removeFamilyMember = (id: string) => apiFetch(`/moi/ledger/household/${enc(id)}`, { method: 'DELETE' });
export const setFamilyReminders = (id: string, reminders: boolean) => apiFetch(`/moi/ledger/household/${enc(id)}/reminders`, { method: 'PUT', json: { reminders } });

const OWNERS_KEY = 'ledger:owners';
/** The ledgers this user may open (their own, shared ones with their role; an admin's hosts); offline, the last list. */
export async function listLedgerOwnersCached(db: MoiDb = appDb): Promise<LedgerOwner[]> {
  try {
    const owners = (await apiFetch<{ owners: LedgerOwner[] }>('/moi/ledger/owners')).owners;
    await metaSet(db, OWNERS_KEY, owners);
    return owners;
  } catch (e) {
    if (!(e instanceof ApiRequestError) || !e.isNetwork) throw e;
    return (await metaGet<LedgerOwner[]>(db, OWNERS_KEY)) ?? [];
  }
}

/** The address a family member opens to join (the token travels in it once; only its hash is kept). */
export const joinLink = (token: string) => `${window.location.origin}/ledger/household?join=${enc(token)}`;
