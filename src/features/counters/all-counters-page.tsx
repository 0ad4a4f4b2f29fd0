// Placeholder page shell from the frame issue; the counters feature's engineer replaces this file with the real page.
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';

export default function AllCountersPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.allCounters.title')} emptyText={t('pages.allCounters.empty')} />;
}
