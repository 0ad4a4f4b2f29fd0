// PWA lifecycle prompts: registers the service worker (workbox-window, prompt flow), shows
// "A new version is available — Reload" (held while the outbox is sending or a form is dirty;
// SKIP_WAITING is posted only when the user accepts), the install button where
// beforeinstallprompt fires, the iOS "Add to Home Screen" hint, and a storage-full alert.
// It never loads the device database itself (it runs on public pages too).
import { Affix, Alert, Button, CloseButton, Group, Paper, Text, Transition } from '@mantine/core';
import { IconDownload, IconRefresh, IconShare } from '@tabler/icons-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workbox } from 'workbox-window';
import { isAnyFormDirty, subscribeFormDirty } from '../../data/form-dirty';
import { useSyncSignal } from '../../data/sync-signal';

type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

const IOS_HINT_KEY = 'moi.iosHintDismissed';

function isIosSafariNotInstalled(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  const ios = /iphone|ipad|ipod/i.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches;
  return ios && !standalone;
}

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** Decides whether a waiting update may be offered now: never while sending or with a dirty form. */
export function updateHeld(sending: boolean, formDirty: boolean): boolean {
  return sending || formDirty;
}

export default function PwaPrompts() {
  const { t } = useTranslation();
  const { sending, error } = useSyncSignal();
  const formDirty = useSyncExternalStore(subscribeFormDirty, isAnyFormDirty, isAnyFormDirty);
  const wbRef = useRef<Workbox | null>(null);
  const [updateWaiting, setUpdateWaiting] = useState(false);
  const [dismissedUpdate, setDismissedUpdate] = useState(false);
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);
  const [iosHint, setIosHint] = useState(() => isIosSafariNotInstalled() && !readFlag(IOS_HINT_KEY));

  useEffect(() => {
    if (readFlag('moi.e2e')) void import('../../data/e2e-hook').then((m) => m.installTestHook());
  }, []);

  useEffect(() => {
    if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      wbRef.current = wb;
      wb.addEventListener('waiting', () => setUpdateWaiting(true));
      // Once the new worker controls the page (after the user accepted), load the new version.
      wb.addEventListener('controlling', (e) => { if (e.isUpdate) window.location.reload(); });
      void wb.register().catch(() => { /* no SW (e.g. insecure origin): the app still runs online */ });
    });
    return () => { cancelled = true; };
  }, []);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setInstallEvent(e as InstallPromptEvent);
    };
    const onInstalled = () => setInstallEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const held = updateHeld(sending, formDirty);
  const showUpdate = updateWaiting && !dismissedUpdate && !held;

  const acceptUpdate = () => {
    const wb = wbRef.current;
    if (!wb) return;
    // Posted only now, on the user's word: the waiting worker takes over, then 'controlling' reloads.
    wb.messageSkipWaiting();
  };

  const install = async () => {
    const e = installEvent;
    if (!e) return;
    await e.prompt();
    await e.userChoice.catch(() => null);
    setInstallEvent(null);
  };

  const dismissIos = () => {
    setIosHint(false);
    try {
      localStorage.setItem(IOS_HINT_KEY, '1');
    } catch {
      // not remembered; shown again next time
    }
  };

  return (
    <>
      {error === 'quota_exceeded' && (
        <Affix position={{ top: 72, left: 16, right: 16 }} zIndex={400}>
          <Alert color="red" variant="filled" role="alert" data-testid="quota-alert" maw={560} mx="auto">
            {t('sync.errors.quota_exceeded')}
          </Alert>
        </Affix>
      )}
      <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300} style={{ pointerEvents: 'none' }}>
        <Transition mounted={showUpdate} transition="slide-up">
          {(style) => (
             <Paper style={{ ...style, pointerEvents: 'auto' }} shadow="md" p="sm" radius="md" withBorder maw={480} mx="auto" role="alertdialog" aria-label={t('sync.pwa.updateTitle')} data-testid="update-prompt">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>{t('sync.pwa.updateTitle')}</Text>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="subtle" onClick={() => setDismissedUpdate(true)}>{t('sync.pwa.later')}</Button>
                  <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={acceptUpdate}>{t('sync.pwa.reload')}</Button>
                </Group>
              </Group>
            </Paper>
          )}
        </Transition>
        {!showUpdate && installEvent && (
          <Group justify="flex-end">
            <Button size="sm" radius="xl" leftSection={<IconDownload size={16} />} onClick={() => void install()} data-testid="install-button" style={{ pointerEvents: 'auto' }}>
              {t('sync.pwa.install')}
            </Button>
          </Group>
        )}
        {!showUpdate && !installEvent && iosHint && (
          <Paper shadow="md" p="sm" radius="md" withBorder maw={480} mx="auto" data-testid="ios-hint" style={{ pointerEvents: 'auto' }}>
            <Group wrap="nowrap" gap="xs" align="flex-start">
              <IconShare size={18} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
              <Text size="sm" style={{ flex: 1 }}>{t('sync.pwa.iosHint')}</Text>
              <CloseButton size="sm" onClick={dismissIos} aria-label={t('sync.pwa.dismiss')} />
            </Group>
          </Paper>
        )}
      </Affix>
    </>
  );
}
