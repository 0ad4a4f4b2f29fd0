// Placeholder page shell from the frame issue; the admin feature's engineer replaces this file with the real page.
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';

export default function EventOwnersPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.eventOwners.title')} emptyText={t('pages.eventOwners.empty')} />;
}
