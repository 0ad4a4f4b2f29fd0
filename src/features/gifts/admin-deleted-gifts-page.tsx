// /admin/DeletedMoiList — deleted gifts across every event, for the app admin.
import { useTranslation } from 'react-i18next';
import { DeletedGifts } from './deleted-gifts-page';

export default function AdminDeletedGiftsPage() {
  const { t } = useTranslation();
  return <DeletedGifts title={t('pages.adminDeletedGifts.title')} intro={t('admin.gifts.deletedIntro')} />;
}
