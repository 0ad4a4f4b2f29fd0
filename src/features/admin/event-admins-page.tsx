// /admin/Eventadmin — the app admin manages event admins: create, edit, disable, reset password.
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/management/page';
import { UserManager } from './user-manager';

export default function EventAdminsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('pages.eventAdmins.title')} intro={t('admin.eventAdmins.intro')}>
      <UserManager role="event_admin" />
    </AdminPage>
  );
}
