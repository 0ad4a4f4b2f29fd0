// Receipt preview with print and share, used after a save (reprint) and from the gift lists.
import { giftKeyedBy } from '../../../../contract/entities';
import { Alert, Modal, ScrollArea, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocalGift } from '../../../data/db';
import { useCounterRow, useEventRow, useStaffPins, useUsersMap } from '../../../data/gift-queries';
import { PrintRoot, ReceiptActions, usePaper } from './receipt-actions';
import { ReceiptView, type ReceiptData } from './receipt-view';

/** Event, counter and staff name of a gift, from the device. */
export function useReceiptData(gift: LocalGift | null | undefined, staffNameHint?: string): ReceiptData | null {
  const event = useEventRow(gift?.eventId);
  const counter = useCounterRow(gift?.counterId);
  const users = useUsersMap();
  const pins = useStaffPins(gift?.counterId);
  if (!gift) return null;
  const keyedBy = giftKeyedBy(gift);
  const staffName = staffNameHint
    ?? users.get(keyedBy)?.name
    ?? pins?.find((p) => p.userId === keyedBy)?.name
    ?? '';
  return { gift, event: event ?? null, counter: counter ?? null, staffName };
}

export function ReceiptDialog({ gift, opened, onClose }: { gift: LocalGift | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const data = useReceiptData(gift);
  const [paper, setPaper] = usePaper();
  return (
    <Modal opened={opened && !!data} onClose={onClose} title={t('receipt.title')} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      {data && gift && (
        <Stack>
          {gift._pending === 1 && <Alert color="yellow" variant="light">{t('receipt.notSynced')}</Alert>}
          <ReceiptActions data={data} mobile={gift.mobile} paper={paper} onPaper={setPaper} fromList />
          <div style={{ background: '#f1f3f5', padding: 12, borderRadius: 8, overflowX: 'auto' }}>
            <ReceiptView data={data} paper={paper} />
          </div>
          {opened && <PrintRoot data={data} paper={paper} />}
        </Stack>
      )}
    </Modal>
  );
}
