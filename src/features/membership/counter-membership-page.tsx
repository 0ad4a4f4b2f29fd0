// Placeholder page shell from the frame issue; the membership feature's engineer replaces this file with the real page.
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';

export default function CounterMembershipPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.counterMembership.title')} emptyText={t('pages.counterMembership.empty')} />;
}
