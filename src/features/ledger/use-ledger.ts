// The ledger a screen shows: whose (the host's own, a family's shared with the user, or for an admin a
// host of their events, in the address as ?owner=), loaded from the server or this device's copy, with this device's unsent
// writes (moi given, invitations) folded in so they show at once, offline too.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LedgerInvitation, LedgerPerson, LedgerResponse, SuggestionRule } from '../../../contract/ledger';
import type { MutationValue } from '../../../contract/sync';
import { balanceOf } from '../../../ledger/arithmetic';
import { listLedgerOwnersCached, type LedgerOwner } from '../../data/household-repo';
import { loadLedger, loadLedgerPage, usePendingLedgerWrites, type Loaded } from '../../data/ledger-repo';
import { useCurrentUser } from '../../lib/auth-store';

export type LedgerRow = LedgerPerson & { pending: boolean; status: ReturnType<typeof balanceOf>['status']; difference: number };

export type LedgerOwnerChoice = {
  ownerId: string | null;
  owners: LedgerOwner[];
  setOwner: (id: string) => void;
  isSelf: boolean;
  /** May this user record moi given and invitations into the shown ledger: their own, or a family member with the edit role (issue 30). */
  canRecord: boolean;
};

export function useLedgerOwner(): LedgerOwnerChoice {
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [owners, setOwners] = useState<LedgerOwner[]>([]);
  // Everyone asks: an admin for the hosts of their events, a family member for the ledgers shared with them (kept for offline).
  useEffect(() => {
    if (!me) return;
    listLedgerOwnersCached().then(setOwners).catch(() => setOwners([]));
  }, [me]);
  const wanted = params.get('owner');
  const ownerId = wanted || me?.id || null;
  const setOwner = useCallback((id: string) => setParams((p) => {
    const q = new URLSearchParams(p);
    q.set('owner', id);
    q.delete('person');
    return q;
  }, { replace: true }), [setParams]);
  const isSelf = !!me && ownerId === me.id;
  const role = owners.find((o) => o.id === ownerId)?.role ?? null;
  // The picker shows only when there is more than one ledger to choose from.
  return { ownerId, owners: owners.length > 1 ? owners : [], setOwner, isSelf, canRecord: isSelf || role === 'edit' };
}

type Pending = NonNullable<ReturnType<typeof usePendingLedgerWrites>>;

/**
 * This device's unsent writes into `ownerId`'s ledger folded into `people` (moi given added to their
 * person; a new person named inline added when `addNew`) and the invitations.
 */
function foldPending(people: LedgerPerson[], baseInvitations: LedgerInvitation[], pending: Pending | undefined, ownerId: string | null, meId: string | undefined, addNew: boolean) {
  const byId = new Map<string, LedgerPerson & { pending: boolean }>(people.map((p) => [p.id, { ...p, pending: false }]));
  const invitations: (LedgerInvitation & { pending?: boolean })[] = [...baseInvitations];
  for (const row of pending ?? []) {
    if (row.name === 'ledger.given.save' || row.name === 'ledger.invitation.save') {
      const a = row.args as MutationValue<'ledger.given.save'> | MutationValue<'ledger.invitation.save'>;
      // This device's unsent writes into this ledger: the user's own, or the family's they write into.
      if ((a.ownerId ?? meId) !== ownerId) continue;
      const pid = a.personId ?? a.newPerson?.id;
      if (!pid) continue;
      if (!byId.has(pid) && a.newPerson && addNew) {
        byId.set(pid, {
          id: pid, name: a.newPerson.name, initial: a.newPerson.initial ?? '', village: a.newPerson.village ?? '', mobile: a.newPerson.mobile ?? '',
          familyId: null, received: 0, given: 0, receivedCount: 0, givenCount: 0, lastReceived: null, lastGiven: null, pending: true,
        });
      }
      const p = byId.get(pid);
      if (row.name === 'ledger.given.save' && 'amount' in a) {
        if (!p) continue;
        p.given += a.amount;
        p.givenCount++;
        p.pending = true;
        if (!p.lastGiven || a.date >= p.lastGiven.date) p.lastGiven = { amount: a.amount, functionType: a.functionType, date: a.date };
      } else if (row.name === 'ledger.invitation.save') {
        invitations.push({ id: a.id, personId: pid, functionType: a.functionType, functionLabel: a.functionLabel ?? '', date: a.date, note: a.note ?? '', pending: true });
      }
    }
  }
  const rows: LedgerRow[] = [...byId.values()].map((p) => {
    const b = balanceOf(p.received, p.given);
    return { ...p, status: b.status, difference: b.difference };
  });
  return { rows, invitations };
}

/** The whole ledger (the due list, families, villages, invitations, moi given: they choose among everyone). */
export function useLedger(ownerId: string | null) {
  const [loaded, setLoaded] = useState<Loaded<LedgerResponse> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const me = useCurrentUser();
  const reload = useCallback(async () => {
    if (!ownerId) return;
    try {
      setLoaded(await loadLedger(ownerId === me?.id ? null : ownerId));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [ownerId, me?.id]);
  useEffect(() => { void reload(); }, [reload]);
  const pending = usePendingLedgerWrites();

  const merged = useMemo(() => {
    const base = loaded?.value;
    if (!base) return null;
    return { ...base, ...foldPending(base.people, base.invitations, pending, ownerId, me?.id, true) };
  }, [loaded, pending, ownerId, me?.id]);

  return { ledger: merged, offline: loaded?.offline ?? false, cachedAt: loaded?.at ?? null, loading: !loaded && !error, error, reload };
}

/**
 * One page of the ledger (the ledger screen, issue 30): the people a search matches, largest moi
 * first, `limit` at a time, with how many matched and the totals over everyone, from the server
 * (the device's copy of that page offline). This device's unsent moi given show on their people;
 * people named inline in an unsent write show on the first page of an empty search.
 */
export function useLedgerPage(ownerId: string | null, page: { q: string; offset: number; limit: number }) {
  const [loaded, setLoaded] = useState<Loaded<LedgerResponse> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const me = useCurrentUser();
  const { q, offset, limit } = page;
  const reload = useCallback(async () => {
    if (!ownerId) return;
    try {
      setLoaded(await loadLedgerPage(ownerId === me?.id ? null : ownerId, { q, offset, limit }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [ownerId, me?.id, q, offset, limit]);
  useEffect(() => { void reload(); }, [reload]);
  const pending = usePendingLedgerWrites();

  const merged = useMemo(() => {
    const base = loaded?.value;
    if (!base) return null;
    return { ...base, ...foldPending(base.people, base.invitations, pending, ownerId, me?.id, !q && offset === 0) };
  }, [loaded, pending, ownerId, me?.id, q, offset]);

  return { ledger: merged, offline: loaded?.offline ?? false, loading: !loaded && !error, error, reload };
}

/** Remembered per device: the host's suggestion rule. */
export function useSuggestionRule(): [SuggestionRule, (r: SuggestionRule) => void] {
  const [rule, setRule] = useState<SuggestionRule>(() => (localStorage.getItem('moi.ledger.rule') as SuggestionRule | null) ?? 'round_up');
  const set = useCallback((r: SuggestionRule) => {
    localStorage.setItem('moi.ledger.rule', r);
    setRule(r);
  }, []);
  return [rule, set];
}
