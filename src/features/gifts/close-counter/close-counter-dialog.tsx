// Counter staff close their counter with a BLIND count (issue 18): the denomination count first;
// only once it is saved (on the device, with its outbox mutation: works offline) does the dialog
// show the expected cash (opening float + cash gifts) and the difference, and ask for a reason
// when they differ. Then the custody chain and "Hand over cash".
import { Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BlindCount } from '../../../components/custody/blind-count';
import { tallyDraftKey } from '../../../components/cash-tally-form';
import type { LocalCounter } from '../../../data/db';
import { explainCount, saveBlindCount } from '../../../data/custody-repo';
import { sealDraft } from '../../../lib/drafts';
import { CustodyPanel } from './custody-panel';

export function CloseCounterDialog({ counter, by, signedIn, eventTitle, isAdmin, opened, onClose, onClosed }: {
  counter: LocalCounter;
  /** Who is on duty (a staff member switched in by PIN, or the signed-in user). */
  by: string;
  signedIn: { id: string; name: string } | null;
  eventTitle: string;
  isAdmin: boolean;
  opened: boolean;
  onClose: () => void;
  onClosed?: (c: LocalCounter) => void;
}) {
  const { t } = useTranslation();
  const signedInId = signedIn?.id ?? by;
  return (
    <Modal opened={opened} onClose={onClose} title={t('gifts.close.title', { code: counter.code })} size="lg">
      <Stack>
        <BlindCount
          counter={counter}
          onCancel={onClose}
          onSaveCount={async (counts) => {
            const closed = await saveBlindCount(counter.id, counts, signedInId, by !== signedInId ? by : null);
            sealDraft(tallyDraftKey(counter.id));
            onClosed?.(closed);
          }}
          onExplain={async (reason) => { await explainCount(counter.id, reason); }}
        />
        {counter.tally ? <CustodyPanel counter={counter} eventTitle={eventTitle} me={signedIn} onDutyId={by} isAdmin={isAdmin} /> : null}
      </Stack>
    </Modal>
  );
}
