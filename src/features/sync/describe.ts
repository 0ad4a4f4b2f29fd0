// How an outbox entry reads in the sync panel: a translated title and a short detail from its args.
import type { MutationName } from '../../../contract/sync';
import { formatDate, formatRupees } from '../../lib/format';

export const mutationKey: Record<MutationName, string> = {
  'gift.create': 'giftCreate',
  'gift.update': 'giftUpdate',
  'gift.delete': 'giftDelete',
  'gift.restore': 'giftRestore',
  'counter.open': 'counterOpen',
  'counter.close': 'counterClose',
  'counter.count.explain': 'countExplain',
  'nominee.save': 'nomineeSave',
  'handover.create': 'handoverCreate',
  'profile.update': 'profileUpdate',
  'profile.picture': 'profilePicture',
  'signup.create': 'signupCreate',
  'event.villageShortcut.set': 'villageShortcut',
  'event.bookOrder': 'eventBookOrder',
  'ledger.given.save': 'ledgerGiven',
  'ledger.given.delete': 'ledgerGivenDelete',
  'ledger.invitation.save': 'ledgerInvitation',
  'ledger.invitation.delete': 'ledgerInvitationDelete',
  'ledger.person.link': 'ledgerLink',
  'ledger.person.merge': 'ledgerMerge',
  'ledger.person.split': 'ledgerSplit',
  'ledger.merge.undo': 'ledgerUndo',
  'ledger.family.save': 'ledgerFamily',
  'ledger.alias.save': 'ledgerAlias',
  'ledger.alias.delete': 'ledgerAliasDelete',
};

export function detailOf(name: MutationName, args: unknown): string {
  const a = (args ?? {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (name) {
    case 'gift.create':
      return [s(a.receiptNo), s(a.name), typeof a.amount === 'number' && a.amount > 0 ? formatRupees(a.amount) : s(a.item)].filter(Boolean).join(' · ');
    case 'gift.update':
    case 'gift.delete':
    case 'gift.restore':
      return s(a.reason);
    case 'counter.close': {
      const tally = a.tally as { countedTotal?: number } | undefined;
      return typeof tally?.countedTotal === 'number' ? formatRupees(tally.countedTotal) : '';
    }
    case 'counter.count.explain':
      return s(a.reason);
    case 'nominee.save':
      return s(a.name);
    case 'handover.create':
      return typeof a.cash === 'number' ? formatRupees(a.cash) : '';
    case 'profile.update':
      return s(a.name);
    case 'signup.create':
      return [s(a.name), s(a.mobile)].filter(Boolean).join(' · ');
    case 'event.villageShortcut.set':
      return `${s(a.abbr)} → ${s(a.village) || '—'}`;
    case 'ledger.given.save':
      return [s((a.newPerson as Record<string, unknown> | undefined)?.name), s(a.date), typeof a.amount === 'number' ? formatRupees(a.amount) : ''].filter(Boolean).join(' · ');
    case 'ledger.alias.save':
      return Array.isArray(a.names) ? a.names.map(s).join(' = ') : '';
    case 'ledger.invitation.save':
      return [s((a.newPerson as Record<string, unknown> | undefined)?.name), s(a.date)].filter(Boolean).join(' · ');
    default:
      return '';
  }
}

export function formatBytes(n: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: v < 10 && i > 0 ? 1 : 0 }).format(v)} ${units[i]}`;
}

export function formatTime(iso: string, lang: string): string {
  const sameDay = new Date(iso).toDateString() === new Date().toDateString();
  return formatDate(iso, sameDay ? 'time' : 'dayTime', lang);
}
