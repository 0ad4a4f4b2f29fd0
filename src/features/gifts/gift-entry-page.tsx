// Placeholder page shell from the frame issue; the gifts feature's engineer replaces this file with the real page.
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';

export default function GiftEntryPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.giftEntry.title')} emptyText={t('pages.giftEntry.empty')} />;
}
