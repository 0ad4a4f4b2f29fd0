// /admin/adminManagegift — the app admin's view of every event's gifts (same screen as an event
// admin's, over all events on the device).
import { useTranslation } from 'react-i18next';
import { ManageGifts } from './manage-gifts-page';

export default function AdminManageGiftsPage() {
  const { t } = useTranslation();
  return <ManageGifts title={t('pages.adminManageGifts.title')} intro={t('admin.gifts.allIntro')} allEvents />;
}
