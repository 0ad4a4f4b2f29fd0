// Retry delays of the sync loop after a failed pass (and of the live stream's reconnects).

export const BACKOFF_MIN_MS = 5_000;
export const BACKOFF_MAX_MS = 300_000;

/** `min` doubling to `max`, ±20 % jitter. `failures` counts consecutive failures (1 = first). */
export function jitteredBackoff(failures: number, min: number, max: number, random: () => number = Math.random): number {
  const base = Math.min(max, min * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The sync loop's delay: 5 s doubling to 5 min, ±20 % jitter. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  return jitteredBackoff(failures, BACKOFF_MIN_MS, BACKOFF_MAX_MS, random);
}
