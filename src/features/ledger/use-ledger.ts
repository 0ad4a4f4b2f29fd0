// The ledger a screen shows: whose (the host's own, or for an admin a host of their events, in the
// address as ?owner=), loaded from the server or this device's copy, with this device's unsent
// writes (moi given, invitations) folded in so they show at once, offline too.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LedgerInvitation, LedgerPerson, LedgerResponse, SuggestionRule } from '../../../contract/ledger';
import type { MutationValue } from '../../../contract/sync';
import { balanceOf } from '../../../ledger/arithmetic';
import { listLedgerOwners, loadLedger, usePendingLedgerWrites, type Loaded } from '../../data/ledger-repo';
import { useCurrentUser } from '../../lib/auth-store';

export type LedgerRow = LedgerPerson & { pending: boolean; status: ReturnType<typeof balanceOf>['status']; difference: number };

export function useLedgerOwner(): { ownerId: string | null; owners: { id: string; name: string }[]; setOwner: (id: string) => void; isSelf: boolean } {
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [owners, setOwners] = useState<{ id: string; name: string }[]>([]);
  const admin = me?.role === 'app_admin' || me?.role === 'event_admin';
  useEffect(() => {
    if (!admin) return;
    listLedgerOwners().then(setOwners).catch(() => setOwners([]));
  }, [admin]);
  const wanted = params.get('owner');
  const ownerId = wanted || me?.id || null;
  const setOwner = useCallback((id: string) => setParams((p) => {
    const q = new URLSearchParams(p);
    q.set('owner', id);
    q.delete('person');
    return q;
  }, { replace: true }), [setParams]);
  return { ownerId, owners, setOwner, isSelf: !!me && ownerId === me.id };
}

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
    const people = new Map<string, LedgerPerson & { pending: boolean }>(base.people.map((p) => [p.id, { ...p, pending: false }]));
    const invitations: (LedgerInvitation & { pending?: boolean })[] = [...base.invitations];
    const own = ownerId === me?.id;
    for (const row of own ? pending ?? [] : []) {
      if (row.name === 'ledger.given.save' || row.name === 'ledger.invitation.save') {
        const a = row.args as MutationValue<'ledger.given.save'> | MutationValue<'ledger.invitation.save'>;
        const pid = a.personId ?? a.newPerson?.id;
        if (!pid) continue;
        if (!people.has(pid) && a.newPerson) {
          people.set(pid, {
            id: pid, name: a.newPerson.name, initial: a.newPerson.initial ?? '', village: a.newPerson.village ?? '', mobile: a.newPerson.mobile ?? '',
            familyId: null, received: 0, given: 0, receivedCount: 0, givenCount: 0, lastReceived: null, lastGiven: null, pending: true,
          });
        }
        const p = people.get(pid);
        if (!p) continue;
        if (row.name === 'ledger.given.save' && 'amount' in a) {
          p.given += a.amount;
          p.givenCount++;
          p.pending = true;
          if (!p.lastGiven || a.date >= p.lastGiven.date) p.lastGiven = { amount: a.amount, functionType: a.functionType, date: a.date };
        } else if (row.name === 'ledger.invitation.save') {
          invitations.push({ id: a.id, personId: pid, functionType: a.functionType, functionLabel: a.functionLabel ?? '', date: a.date, note: a.note ?? '', pending: true });
        }
      }
    }
    const rows: LedgerRow[] = [...people.values()].map((p) => {
      const b = balanceOf(p.received, p.given);
      return { ...p, status: b.status, difference: b.difference };
    });
    return { ...base, rows, invitations };
  }, [loaded, pending, ownerId, me?.id]);

  return { ledger: merged, offline: loaded?.offline ?? false, cachedAt: loaded?.at ?? null, loading: !loaded && !error, error, reload };
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
