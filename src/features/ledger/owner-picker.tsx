// Whose ledger a page shows or writes into, when the user has more than one: their own, the ledgers
// their family shares with them (issue 30; an admin also their events' hosts). `writable`: only
// those the user may record into (their own, and shared ones with the edit role).
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LedgerOwnerChoice } from './use-ledger';

export function OwnerPicker({ choice, writable = false, meId }: { choice: LedgerOwnerChoice; writable?: boolean; meId: string | undefined }) {
  const { t } = useTranslation();
  const list = choice.owners.filter((o) => !writable || o.id === meId || o.role === 'edit');
  if (list.length < 2) return null;
  const label = (o: (typeof list)[number]) => (o.id === meId ? t('household.ownLedger') : o.role ? t('household.familyLedger', { name: o.name }) : o.name);
  return (
    <Select
      label={t('ledger.owner')}
      data={list.map((o) => ({ value: o.id, label: label(o) }))}
      value={choice.ownerId}
      onChange={(v) => v && choice.setOwner(v)}
      allowDeselect={false}
      maw={360}
      data-testid="ledger-owner"
    />
  );
}
