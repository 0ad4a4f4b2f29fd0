// This device's clock offset from the server's (server − device, ms), measured at every successful
// API answer from its X-Server-Time header and the request's midpoint, and kept in localStorage so
// an offline restart still knows it. Gifts store both the device time and the corrected time.
import { useEffect, useState } from 'react';

const KEY = 'moi.clockOffset';
/** A sample from a slower round trip than this is less exact than one we already have. */
const MAX_TRUSTED_RTT_MS = 5_000;
/** An older sample is replaced by any new one (clocks drift; a tablet's clock gets set). */
const STALE_MS = 10 * 60_000;

type Sample = { offsetMs: number; rttMs: number; at: number };
let cached: Sample | null | undefined;

function read(): Sample | null {
  if (cached !== undefined) return cached;
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Sample | null;
    cached = v && Number.isFinite(v.offsetMs) && Number.isFinite(v.rttMs) && Number.isFinite(v.at) ? v : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** Record one measurement: `serverTime` from the answer, `sentAt`/`receivedAt` on the device's clock. */
export function noteServerTime(serverTime: string | null | undefined, sentAt: number, receivedAt: number): void {
  const server = Number(serverTime);
  if (!serverTime || !Number.isFinite(server) || receivedAt < sentAt) return;
  const rttMs = receivedAt - sentAt;
  const sample: Sample = { offsetMs: Math.round(server - (sentAt + rttMs / 2)), rttMs, at: receivedAt };
  const prev = read();
  // Keep the sample of the quicker round trip unless it is old: a slow answer's midpoint is a guess.
  if (prev && rttMs > MAX_TRUSTED_RTT_MS && rttMs > prev.rttMs && receivedAt - prev.at < STALE_MS) return;
  cached = sample;
  try {
    localStorage.setItem(KEY, JSON.stringify(sample));
  } catch {
    // not persisted: still used for this page
  }
}

/** server − device in ms; null until this device has heard from the server once. */
export function clockOffsetMs(): number | null {
  return read()?.offsetMs ?? null;
}

/** The server's time now, as well as this device knows it. */
export function correctedNow(): number {
  return Date.now() + (clockOffsetMs() ?? 0);
}

/** A device time corrected by an offset (none known: the device time). */
export function correctedIso(deviceIso: string, offsetMs: number | null | undefined): string {
  return offsetMs ? new Date(Date.parse(deviceIso) + offsetMs).toISOString() : deviceIso;
}

/** For tests: forget the cached sample (localStorage is read again). */
export function resetClockCache(): void {
  cached = undefined;
}

/** The measured offset for a screen, looked at again every 15 s (each answer from the server measures it). */
export function useClockOffset(): number | null {
  const [offset, setOffset] = useState(() => clockOffsetMs());
  useEffect(() => {
    const id = setInterval(() => setOffset(clockOffsetMs()), 15_000);
    return () => clearInterval(id);
  }, []);
  return offset;
}
