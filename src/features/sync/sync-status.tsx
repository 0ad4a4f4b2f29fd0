// Placeholder from the frame issue (the sync engineer replaces this file): the status dot only.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '../../components/status-dot';

export default function SyncStatus() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return <StatusDot online={online} label={online ? t('common.online') : t('common.offline')} />;
}
