// Why a gift needs review (contract giftFlags), each reason in words, and who reviewed it.
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Gift } from '../../../contract/entities';

export function GiftFlags({ gift, nameOf, when }: {
  gift: Pick<Gift, 'flags' | 'reviewedAt' | 'reviewedBy'>;
  nameOf: (id: string | null | undefined) => string;
  when: (iso: string | null | undefined) => string;
}) {
  const { t } = useTranslation();
  if (!gift.flags?.length) return null;
  const reviewed = !!gift.reviewedAt;
  return (
    <Alert color={reviewed ? 'gray' : 'yellow'} icon={<IconAlertTriangle size={18} />} title={reviewed ? t('gifts.flags.reviewed') : t('gifts.flags.badge')} data-testid="gift-flags">
      <List size="sm" spacing={2}>
        {gift.flags.map((f) => <List.Item key={f}>{t(`gifts.flags.${f}`)}</List.Item>)}
      </List>
      {reviewed ? <Text size="xs" c="dimmed" mt={4}>{t('gifts.flags.reviewedBy', { by: nameOf(gift.reviewedBy), at: when(gift.reviewedAt) })}</Text> : null}
    </Alert>
  );
}
