// Vite dispatches 'vite:preloadError' when a lazy chunk cannot be loaded (usually: a new version
// was deployed). The error still reaches the route's error element; this notice offers a reload.
import { Button, Group, Notification } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

export function PreloadNotice() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const onError = () => setFailed(true);
    window.addEventListener(PRELOAD_ERROR_EVENT, onError);
    return () => window.removeEventListener(PRELOAD_ERROR_EVENT, onError);
  }, []);
  if (!failed) return null;
  return (
    <Notification
      role="alert"
      title={t('errors.preloadTitle')}
      onClose={() => setFailed(false)}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 2100, width: 'min(420px, calc(100vw - 32px))' }}
      data-testid="preload-notice"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <span>{t('errors.preloadBody')}</span>
        <Button size="xs" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </Group>
    </Notification>
  );
}
