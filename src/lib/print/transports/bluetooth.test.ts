// The BLE transport against a fake characteristic: a job goes in chunks no larger than the link
// takes, one write in flight at a time, and the printer receives exactly the job. End to end, the
// same transport prints to a printer faked by Chromium's DevTools Bluetooth emulation
// (tests/e2e/printing-sheets.e2e.ts).
import { describe, expect, it } from 'vitest';
import { parseEscPos } from '../../../../tests/support/escpos-printer';
import { encodeRasterJob, threshold } from '../escpos';
import { CHUNK_WITH_RESPONSE, CHUNK_WITHOUT_RESPONSE, findWritable, sendBle, type BleCharacteristic } from './bluetooth';

function job(): Uint8Array {
  const w = 384;
  const h = 300;
  const rgba = new Uint8ClampedArray(w * h * 4).fill(255);
  for (let i = 0; i < w * h; i += 7) rgba.fill(0, i * 4, i * 4 + 3);
  return encodeRasterJob(threshold(rgba, w, h));
}

/** A printer's write characteristic that takes `ms` per write and notes overlapping writes. */
function fakeCharacteristic(opts: { withResponse: boolean; ms?: number; failAt?: number }) {
  const received: Uint8Array[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const write = async (v: Uint8Array) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, opts.ms ?? 0));
    inFlight--;
    if (opts.failAt !== undefined && received.length === opts.failAt) throw new Error('GATT Server is disconnected');
    received.push(Uint8Array.from(v));
  };
  const c: BleCharacteristic = {
    properties: { write: opts.withResponse, writeWithoutResponse: !opts.withResponse },
    writeValueWithResponse: write,
    writeValueWithoutResponse: write,
  };
  return { c, received, maxInFlight: () => maxInFlight };
}

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('Web Bluetooth transport (fake characteristic)', () => {
  it('with response: chunks of at most 180 bytes, one at a time, the job arriving whole', async () => {
    const bytes = job();
    const f = fakeCharacteristic({ withResponse: true });
    await sendBle(f.c, bytes);
    expect(Math.max(...f.received.map((p) => p.length))).toBe(CHUNK_WITH_RESPONSE);
    expect(f.maxInFlight()).toBe(1);
    expect(joined(f.received)).toEqual(bytes);
    const printed = parseEscPos(joined(f.received));
    expect(printed.errors).toEqual([]);
    expect(printed.raster.height).toBe(300);
  });

  it('without response: 20-byte chunks, still awaited one by one', async () => {
    const bytes = job().subarray(0, 2000);
    const f = fakeCharacteristic({ withResponse: false, ms: 1 });
    await sendBle(f.c, bytes);
    expect(f.received.every((p) => p.length <= CHUNK_WITHOUT_RESPONSE)).toBe(true);
    expect(f.received.length).toBe(100);
    expect(f.maxInFlight()).toBe(1);
    expect(joined(f.received)).toEqual(bytes);
  });

  it('a link that drops mid-job rejects (the queue keeps the job), having sent only what went before', async () => {
    const f = fakeCharacteristic({ withResponse: true, failAt: 3 });
    await expect(sendBle(f.c, job())).rejects.toThrow(/disconnected/);
    expect(f.received.length).toBe(3);
  });

  it('finds the printer\'s writable characteristic among its services', async () => {
    const f = fakeCharacteristic({ withResponse: true });
    const notify = { ...f.c, properties: { write: false, writeWithoutResponse: false } };
    const server = { connected: true, getPrimaryServices: async () => [{ getCharacteristics: async () => [notify] }, { getCharacteristics: async () => [notify, f.c] }] };
    expect(await findWritable(server)).toBe(f.c);
    await expect(findWritable({ connected: true, getPrimaryServices: async () => [] })).rejects.toThrow(/writable/);
  });
});
