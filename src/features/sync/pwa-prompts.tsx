// PWA lifecycle prompts: registers the service worker (workbox-window, prompt flow), shows
// "A new version is available — Reload" (held while the outbox is sending or a form is dirty;
// SKIP_WAITING is posted only when the user accepts), the install button where
// beforeinstallprompt fires, the iOS "Add to Home Screen" hint, and a storage-full alert.
// It never loads the device database itself (it runs on public pages too).
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { Workbox } from 'workbox-window';
import { isAnyFormDirty, subscribeFormDirty } from '../../lib/form-dirty';
import { useSyncSignal } from '../../lib/sync-signal';
import { languageReady } from '../../lib/i18n';
import type { PwaPromptsViewProps } from './pwa-prompts-view';
import { config } from '../../lib/config';

// The view and its texts (the 'frame' catalogue part) load together, the first time a prompt shows.
// If they cannot be fetched the prompt stays hidden rather than taking the page down with it.
const PwaPromptsView = lazy<ComponentType<PwaPromptsViewProps>>(() =>
  Promise.all([import('./pwa-prompts-view'), languageReady('frame')]).then(
    ([m]) => m,
    () => ({ default: () => null }),
  ),
);

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
  const { sending, error } = useSyncSignal();
  const formDirty = useSyncExternalStore(subscribeFormDirty, isAnyFormDirty, isAnyFormDirty);
  const wbRef = useRef<Workbox | null>(null);
  const [updateWaiting, setUpdateWaiting] = useState(false);
  const [dismissedUpdate, setDismissedUpdate] = useState(false);
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);
  const [iosHint, setIosHint] = useState(() => isIosSafariNotInstalled() && !readFlag(IOS_HINT_KEY));

  useEffect(() => {
    // Only in the end-to-end build (a build-time constant: production bundles hold no hook), and there
    // only on a page that asked for it. Not defined at all where Vite did not build the code (tests).
    if (typeof __MOI_E2E_HOOK__ !== 'undefined' && __MOI_E2E_HOOK__ && readFlag('moi.e2e')) void import('../../data/e2e-hook').then((m) => m.installTestHook());
  }, []);

  useEffect(() => {
    if (!config.prod || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // After the page's load event: the worker's install downloads the whole precache (~5 MB), which
    // must not compete with the first visit's own scripts, styles and images on a venue's 4G.
    const register = () => void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      wbRef.current = wb;
      wb.addEventListener('waiting', () => setUpdateWaiting(true));
      // Once the new worker controls the page (after the user accepted), load the new version.
      wb.addEventListener('controlling', (e) => { if (e.isUpdate) window.location.reload(); });
      void wb.register().catch(() => { /* no SW (e.g. insecure origin): the app still runs online */ });
    });
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', register);
    };
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

  // The prompts' UI (Mantine) loads only when there is something to show: the public pages, which
  // render without Mantine, stay light.
  const quotaFull = error === 'quota_exceeded';
  if (!quotaFull && !showUpdate && !installEvent && !iosHint) return null;
  return (
    <Suspense fallback={null}>
      <PwaPromptsView
        quotaFull={quotaFull}
        showUpdate={showUpdate}
        onLater={() => setDismissedUpdate(true)}
        onReload={acceptUpdate}
        canInstall={!!installEvent}
        onInstall={() => void install()}
        iosHint={iosHint}
        onDismissIos={dismissIos}
      />
    </Suspense>
  );
}
