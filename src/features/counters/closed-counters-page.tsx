// Placeholder page shell from the frame issue; the counters feature's engineer replaces this file with the real page.
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';

export default function ClosedCountersPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.closedCounters.title')} emptyText={t('pages.closedCounters.empty')} />;
}
