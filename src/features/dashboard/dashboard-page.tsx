// Placeholder page shell from the frame issue; the dashboard feature's engineer replaces this file with the real page.
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';

export default function DashboardPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.dashboard.title')} emptyText={t('pages.dashboard.empty')} />;
}
