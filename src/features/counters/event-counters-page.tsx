// Placeholder page shell from the frame issue; the counters feature's engineer replaces this file with the real page.
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';

export default function EventCountersPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.eventCounters.title')} emptyText={t('pages.eventCounters.empty')} />;
}
