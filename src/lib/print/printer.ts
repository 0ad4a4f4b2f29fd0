// The device's receipt printer: its settings (kept per device), the queue runner that sends waiting
// jobs through the chosen transport, and the state the entry screen shows. Transports other than the
// venue server are loaded only when chosen. Nothing here waits on the printer before a save.
import { useSyncExternalStore } from 'react';
import { addPrintJob, claimNextJob, jobFailed, jobPrinted, pruneJobs, recoverInterrupted, resolveUnsure, type PrintJob } from '../../data/print-queue';
import type { Density, PaperWidth } from './raster-doc';
import { PrinterNotConnected, type Transport, type TransportKind } from './transports/types';

export type PrinterSettings = {
  transport: TransportKind;
  paper: PaperWidth;
  density: Density;
  /** null: the default, on whenever a printer is paired. */
  printOnSave: boolean | null;
  /** The paired printer (to find it again after a reload) and its name. */
  deviceId?: string;
  deviceName?: string;
  /** The staff chose the transport (the venue printer is not picked for them again). */
  chosen?: boolean;
};

const KEY = 'moi.printer';
const DEFAULTS: PrinterSettings = { transport: 'none', paper: '58', density: 'normal', printOnSave: null };
const listeners = new Set<() => void>();

function read(): PrinterSettings {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...DEFAULTS, ...(JSON.parse(raw) as Partial<PrinterSettings>) } : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}
let current: PrinterSettings | null = null;

export const printerSettings = (): PrinterSettings => (current ??= read());

export function setPrinterSettings(patch: Partial<PrinterSettings>): void {
  current = { ...printerSettings(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // kept for this page only
  }
  listeners.forEach((l) => l());
  kickQueue();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const usePrinterSettings = (): PrinterSettings => useSyncExternalStore(subscribe, printerSettings, printerSettings);

/** A transport that sends ESC/POS (not none, not the print dialog). */
export const isDirect = (k: TransportKind): boolean => k === 'venue' || k === 'bluetooth' || k === 'serial' || k === 'usb';
/** Receipts print by themselves on save: the device's choice, else on once a printer is paired. */
export const printsOnSave = (s: PrinterSettings = printerSettings()): boolean => isDirect(s.transport) && (s.printOnSave ?? true);

// ---- state shown on the entry screen ----
export type PrinterPhase = 'idle' | 'printing' | 'offline';
let phase: PrinterPhase = 'idle';
const phaseListeners = new Set<() => void>();
function setPhase(p: PrinterPhase) {
  if (p === phase) return;
  phase = p;
  phaseListeners.forEach((l) => l());
}
const subscribePhase = (l: () => void) => {
  phaseListeners.add(l);
  return () => phaseListeners.delete(l);
};
export const usePrinterPhase = (): PrinterPhase => useSyncExternalStore(subscribePhase, () => phase, () => phase);

// ---- transports ----
async function transportFor(s: PrinterSettings): Promise<Transport> {
  switch (s.transport) {
    case 'venue':
      return (await import('./transports/venue')).venueTransport;
    case 'bluetooth':
      return (await import('./transports/bluetooth')).bluetoothTransport(s.deviceId);
    case 'serial':
      return (await import('./transports/serial')).serialTransport();
    case 'usb':
      return (await import('./transports/usb')).usbTransport();
    default:
      throw new PrinterNotConnected('no printer');
  }
}

/** Opens the browser's chooser for the transport (needs a tap) and remembers the printer. */
export async function pairPrinter(kind: 'bluetooth' | 'serial' | 'usb'): Promise<string> {
  const m = kind === 'bluetooth' ? (await import('./transports/bluetooth')).pairBluetooth
    : kind === 'serial' ? (await import('./transports/serial')).pairSerial
      : (await import('./transports/usb')).pairUsb;
  const { id, name } = await m();
  setPrinterSettings({ transport: kind, deviceId: id, deviceName: name, chosen: true });
  return name;
}

/** Whether this browser has the API the transport needs. */
export function transportSupported(k: TransportKind): boolean {
  const n = navigator as unknown as Record<string, unknown>;
  if (k === 'bluetooth') return !!n.bluetooth;
  if (k === 'serial') return !!n.serial;
  if (k === 'usb') return !!n.usb;
  return true;
}

// ---- the queue runner ----
const RETRY_MS = 10_000;
let draining: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let started = false;

/** One tab at a time sends jobs and recovers interrupted ones (Web Locks where there are). */
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (navigator as unknown as { locks?: { request(name: string, cb: () => Promise<T>): Promise<T> } }).locks;
  return locks ? locks.request('moi-print-queue', fn) : fn();
}

async function drainOnce(): Promise<void> {
  const s = printerSettings();
  if (!isDirect(s.transport)) return setPhase('idle');
  let transport: Transport;
  try {
    transport = await transportFor(s);
  } catch {
    return setPhase('offline');
  }
  await exclusive(async () => {
    for (let job: PrintJob | null = await claimNextJob(); job; job = await claimNextJob()) {
      setPhase('printing');
      try {
        await transport.send(job.id, job.bytes);
        await jobPrinted(job.id);
      } catch (err) {
        await jobFailed(job.id, err instanceof Error ? err.message : String(err));
        setPhase('offline');
        scheduleRetry();
        return;
      }
    }
    setPhase('idle');
  });
}

function scheduleRetry() {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    kickQueue();
  }, RETRY_MS);
}

/** Sends whatever waits, now (a new job, Retry, back online); calls while sending run once more after. */
export function kickQueue(): Promise<void> {
  if (draining) {
    again = true;
    return draining;
  }
  draining = (async () => {
    do {
      again = false;
      await drainOnce().catch(() => setPhase('offline'));
    } while (again);
  })().finally(() => {
    draining = null;
  });
  return draining;
}

/** Once per page: jobs a closed tab left half-sent are resent or marked unsure; then the queue runs. */
export function startPrintQueue(): void {
  if (started) return;
  started = true;
  const s = printerSettings();
  void exclusive(() => recoverInterrupted(s.transport === 'venue'))
    .then(() => pruneJobs())
    .catch(() => undefined)
    .finally(() => void kickQueue());
  window.addEventListener('online', () => void kickQueue());
  // a paired venue printer is the default for a device that never chose
  if (!s.chosen && s.transport === 'none') {
    void import('./transports/venue').then((m) => m.venueStatus()).then((v) => {
      if (v.configured && !printerSettings().chosen && printerSettings().transport === 'none') setPrinterSettings({ transport: 'venue' });
    }).catch(() => undefined);
  }
}

/** Queues a finished job and starts sending it; resolves once it is queued (never waits for paper). */
export async function queueJob(job: Pick<PrintJob, 'id' | 'kind' | 'giftId' | 'receiptNo' | 'duplicate' | 'bytes'>): Promise<void> {
  await addPrintJob(job);
  void kickQueue();
}

export async function retryNow(): Promise<void> {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  await kickQueue();
}

export async function settleUnsure(printAgain: boolean): Promise<void> {
  await resolveUnsure(printAgain);
  if (printAgain) void kickQueue();
}
