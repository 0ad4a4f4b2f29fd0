// "Scan giver's QR" at the counter (issue 30 item 4): the tablet's rear camera reads the code the
// giver made on their own phone at /qr (contract/giver-qr.ts). The browser's BarcodeDetector reads it
// where there is one (Android, ChromeOS, macOS); elsewhere jsQR does, loaded only when the camera
// starts (it is not in the landing's or the sign-in's chunks). Nothing leaves the tablet: the code
// carries the giver's details. The camera stops as soon as the dialog closes (Esc, Close, a code read).
import { memo, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type JsQr from 'jsqr';
import { parseGiverQr, type GiverQr } from '../../../../contract/giver-qr';
import classes from './entry-form.module.css';

type Status = 'starting' | 'looking' | 'denied' | 'noCamera' | 'failed';

/** Reads the codes in one video frame: the texts of every code seen. */
type Reader = (video: HTMLVideoElement) => Promise<string[]>;

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = { new (o: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

const hasDetector = () => typeof (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector === 'function';
let jsqrChunk: Promise<{ default: typeof JsQr }> | null = null;
const loadJsqr = () => (jsqrChunk ??= import('jsqr').catch((e: unknown) => { jsqrChunk = null; throw e; }));

/**
 * Fetched while the counter is idle, so the first scan does not wait for the reader's chunk (only
 * where the browser has no reader of its own). The entry screen calls it once it is up.
 */
export function preloadScanner(): void {
  if (!hasDetector()) void loadJsqr().catch(() => undefined);
}

/** The browser's own reader when it reads QR codes; else jsQR on a scaled-down frame. */
async function makeReader(): Promise<Reader> {
  const BD = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (BD) {
    const formats = await BD.getSupportedFormats?.().catch(() => [] as string[]) ?? ['qr_code'];
    if (formats.includes('qr_code')) {
      const d = new BD({ formats: ['qr_code'] });
      return async (video) => (await d.detect(video)).map((c) => c.rawValue);
    }
  }
  const { default: jsQR } = await loadJsqr();
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const w0 = video.videoWidth;
    const h0 = video.videoHeight;
    if (!ctx || !w0 || !h0) return [];
    // 800 px across is plenty for a phone's screen held at arm's length, and keeps a frame's read short.
    const k = Math.min(1, 800 / Math.max(w0, h0));
    const w = Math.round(w0 * k);
    const h = Math.round(h0 * k);
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    ctx.drawImage(video, 0, 0, w, h);
    // A phone's screen shows dark modules on light: no need to try the inverted image.
    const code = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'dontInvert' });
    return code?.data ? [code.data] : [];
  };
}

function statusOf(e: unknown): Status {
  const name = e instanceof Error || (e && typeof e === 'object' && 'name' in e) ? String((e as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noCamera';
  return 'failed';
}

function Scanner({ onScanned }: { onScanned: (g: GiverQr) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('starting');
  const [notMoi, setNotMoi] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const onScannedRef = useRef(onScanned);
  onScannedRef.current = onScanned;

  useEffect(() => {
    let live = true;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      live = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
      stream = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    };
    void (async () => {
      setStatus('starting');
      setNotMoi(false);
      if (!navigator.mediaDevices?.getUserMedia) return setStatus('noCamera');
      // The reader is made while the camera starts (a chunk to load, or the browser's detector).
      const reader = makeReader();
      reader.catch(() => undefined);
      try {
        const s = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
        if (!live) return s.getTracks().forEach((tr) => tr.stop());
        stream = s;
        const video = videoRef.current!;
        video.srcObject = s;
        await video.play().catch(() => undefined);
        const read = await reader;
        if (!live) return;
        setStatus('looking');
        const tick = async () => {
          if (!live) return;
          let texts: string[] = [];
          try {
            texts = await read(video);
          } catch {
            // a frame not ready yet: the next one
          }
          if (!live) return;
          for (const text of texts) {
            const g = parseGiverQr(text);
            if (g) {
              stop();
              onScannedRef.current(g);
              return;
            }
          }
          if (texts.length) setNotMoi(true);
          timer = setTimeout(() => void tick(), 80);
        };
        void tick();
      } catch (e) {
        if (live) setStatus(statusOf(e));
      }
    })();
    return stop;
  }, [attempt]);

  const error = status === 'denied' || status === 'noCamera' || status === 'failed' ? t(`gifts.scan.${status}`) : null;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('gifts.scan.intro')}</Text>
      {error ? (
        <Alert color="red" role="alert" data-testid="scan-error">
          <Stack gap="xs">
            <Text size="sm">{error}</Text>
            {status !== 'noCamera' ? <Group><Button size="compact-md" variant="light" onClick={() => setAttempt((a) => a + 1)}>{t('gifts.scan.retry')}</Button></Group> : null}
          </Stack>
        </Alert>
      ) : null}
      <div className={classes.scanBox} hidden={!!error}>
        <video ref={videoRef} className={classes.scanVideo} muted playsInline aria-label={t('gifts.scan.video')} data-testid="scan-video" />
        <div className={classes.scanFrame} aria-hidden />
      </div>
      {!error ? (
        <Group gap="xs" role="status" aria-live="polite">
          {status === 'starting' || status === 'looking' ? <Loader size="xs" /> : null}
          <Text size="sm" c="dimmed">{t(status === 'starting' ? 'gifts.scan.starting' : 'gifts.scan.looking')}</Text>
        </Group>
      ) : null}
      {notMoi && !error ? <Alert color="orange" role="alert" data-testid="scan-not-moi">{t('gifts.scan.notMoi')}</Alert> : null}
    </Stack>
  );
}

/**
 * The scan dialog; the camera runs only while it is open. Memoized: the entry form re-renders on
 * every save, and a closed Mantine modal still renders its frame.
 */
export const ScanGiverDialog = memo(function ScanGiverDialog({ opened, onClose, onScanned }: { opened: boolean; onClose: () => void; onScanned: (g: GiverQr) => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('gifts.scan.title')} centered size="lg" returnFocus={false} closeButtonProps={{ 'aria-label': t('gifts.scan.close') }}>
      {opened ? <Scanner onScanned={onScanned} /> : null}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose} data-autofocus>{t('gifts.scan.close')}</Button>
      </Group>
    </Modal>
  );
});
