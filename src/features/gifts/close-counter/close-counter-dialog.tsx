// Counter staff close their counter with the cash tally (works offline: closeCounter writes the
// counter and its outbox mutation on the device). Expected cash = the counter's live cash gifts.
import { useState } from 'react';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CashTallyForm, tallyDraftKey, type TallyResult } from '../../../components/cash-tally-form';
import type { LocalCounter } from '../../../data/db';
import { closeCounter } from '../../../data/gifts-repo';
import { useCounterCash } from '../../../data/gift-queries';
import { sealDraft } from '../../../lib/drafts';

export function CloseCounterDialog({ counter, by, opened, onClose, onClosed }: {
  counter: LocalCounter;
  by: string;
  opened: boolean;
  onClose: () => void;
  onClosed?: (c: LocalCounter) => void;
}) {
  const { t } = useTranslation();
  // Only while open: summing the counter's cash on every save would slow the entry screen.
  const expected = useCounterCash(opened ? counter.id : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (r: TallyResult) => {
    setBusy(true);
    setError(null);
    try {
      const closed = await closeCounter(counter.id, { ...r, closedBy: by, closedAt: new Date().toISOString() });
      sealDraft(tallyDraftKey(counter.id));
      onClosed?.(closed);
      onClose();
    } catch (e) {
      setError(t('gifts.error.saveFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('gifts.close.title', { code: counter.code })} size="lg">
      <Stack>
        {counter.status === 'closed' ? (
          <Alert color="gray">{t('gifts.close.alreadyClosed')}</Alert>
        ) : (
          <>
            <Text size="sm">{t('gifts.close.intro')}</Text>
            {expected !== undefined && (
              <CashTallyForm expectedCash={expected} submitLabel={t('gifts.close.submit')} onSubmit={submit} onCancel={onClose} busy={busy} draftKey={tallyDraftKey(counter.id)} />
            )}
            {error && <Alert color="red" role="alert">{error}</Alert>}
          </>
        )}
      </Stack>
    </Modal>
  );
}
