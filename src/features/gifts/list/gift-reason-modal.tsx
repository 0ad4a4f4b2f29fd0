// Delete or restore one gift from a list's row button, with a reason (required to delete), saved
// on the device with its outbox mutation (works offline) and kept in the gift's history.
import { Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, submitWith, useModalSubmit } from '../../../components/management/form-modal';
import type { LocalGift } from '../../../data/db';
import { deleteGift, restoreGift } from '../../../data/gifts-repo';
import { formatRupees } from '../../../lib/format';
import { requireSignedInUser } from '../../../lib/auth-store';

export function GiftReasonModal({ gift, kind, onClose }: { gift: LocalGift | null; kind: 'delete' | 'restore'; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    s.setFailure(null);
    onClose();
  };
  const s = useModalSubmit({ onClose: close });
  const save = () => {
    if (!gift) return;
    if (kind === 'delete' && !reason.trim()) return s.setFailure(t('admin.gifts.reasonRequired'));
    const by = requireSignedInUser().id;
    return s.run(async () => {
      if (kind === 'delete') await deleteGift(gift.id, reason.trim(), by);
      else await restoreGift(gift.id, reason.trim(), by);
      return t(kind === 'delete' ? 'admin.gifts.deleted' : 'admin.gifts.restored', { receipt: gift.receiptNo });
    });
  };
  return (
    <FormModal
      opened={!!gift}
      onClose={close}
      title={gift ? t(kind === 'delete' ? 'admin.gifts.deleteTitle' : 'admin.gifts.restoreTitle', { receipt: gift.receiptNo }) : ''}
      onSubmit={submitWith(save)}
      busy={s.busy}
      submitLabel={t(kind === 'delete' ? 'admin.gifts.delete' : 'admin.gifts.restore')}
      submitColor={kind === 'delete' ? 'red' : undefined}
    >
      {gift ? <Text>{gift.initial ? `${gift.initial} ${gift.name}` : gift.name} · {gift.village || '—'} · {formatRupees(gift.amount)}</Text> : null}
      <Textarea
        label={t(kind === 'delete' ? 'admin.gifts.deleteReason' : 'admin.gifts.restoreReason')}
        required={kind === 'delete'}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={s.failure}
        minRows={2}
        data-autofocus
      />
    </FormModal>
  );
}
