// The venue-server print transport against a stand-in LAN printer on a loopback port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, uniq, type TestApp } from '../test-utils';
import { startStandInPrinter, type StandInPrinter } from '../../tests/support/escpos-printer';
import { MAX_PRINT_JOB_BYTES } from '../../contract/print';

// ESC @, one 8×2 band (a diagonal), ESC d 4, cut
const JOB = Uint8Array.from([0x1b, 0x40, 0x1d, 0x76, 0x30, 0x00, 1, 0, 2, 0, 0x80, 0x40, 0x1b, 0x64, 4, 0x1d, 0x56, 0x42, 0x00]);
const id = () => crypto.randomUUID();

describe('venue printer route', () => {
  let printer: StandInPrinter;
  let t: TestApp;
  let cookie = '';

  beforeAll(async () => {
    printer = await startStandInPrinter();
    t = await createTestApp({ PRINTER_HOST: '127.0.0.1', PRINTER_PORT: String(printer.port) });
    const u = { username: uniq('staff'), password: 'staff-pass-1234', role: 'counter_staff' as const };
    await createUser(t.app, u);
    cookie = (await login(t.app, u.username, u.password)).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await printer?.close();
  });

  const put = (jobId: string, body: Uint8Array | string, type = 'application/octet-stream', who = cookie) =>
    t.app.inject({ method: 'PUT', url: `/moi/print/jobs/${jobId}`, headers: { 'content-type': type, ...(who ? { cookie: who } : {}) }, payload: Buffer.from(body) });

  it('says a printer is configured, to a signed-in user only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/moi/print/venue', headers: { cookie } })).json()).toEqual({ configured: true });
    expect((await t.app.inject({ method: 'GET', url: '/moi/print/venue' })).statusCode).toBe(401);
  });

  it('prints a job once: the printer gets its raster; the same id again is answered, not printed', async () => {
    const jobId = id();
    const before = printer.jobs.length;
    const r = await put(jobId, JOB);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ printed: true, duplicate: false });
    const jobs = await printer.waitForJobs(before + 1);
    const job = jobs[before];
    expect(job.errors).toEqual([]);
    expect(job.cut).toBe(true);
    expect([...job.raster.dots]).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    const again = await put(jobId, JOB);
    expect(again.json()).toEqual({ printed: true, duplicate: true });
    await new Promise((res) => setTimeout(res, 100));
    expect(printer.jobs.length).toBe(before + 1);
  });

  it('refuses bad input with 4xx and prints nothing', async () => {
    const before = printer.jobs.length;
    expect((await put('not-a-uuid', JOB)).statusCode).toBe(400);
    expect((await put(id(), 'hello')).statusCode).toBe(400);
    expect((await put(id(), JOB, 'application/json')).statusCode).toBeGreaterThanOrEqual(400);
    const tooBig = new Uint8Array(MAX_PRINT_JOB_BYTES + 1);
    tooBig.set([0x1b, 0x40]);
    const big = await put(id(), tooBig);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBeTypeOf('string');
    expect((await put(id(), JOB, 'application/octet-stream', '')).statusCode).toBe(401);
    expect(printer.jobs.length).toBe(before);
  });

  it('without PRINTER_HOST (the default) says no printer is configured, and a job answers 404', async () => {
    // the same app with its printer setting unset (a second app costs seconds of test time)
    const conf = t.app.config.printer;
    t.app.config.printer = undefined;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/moi/print/venue', headers: { cookie } })).json()).toEqual({ configured: false });
      expect((await put(id(), JOB)).statusCode).toBe(404);
    } finally {
      t.app.config.printer = conf;
    }
  });

  it('answers 503 printer_unreachable while the printer is off, and prints the same job once it is back', async () => {
    await printer.down();
    const jobId = id();
    const r = await put(jobId, JOB);
    expect(r.statusCode).toBe(503);
    expect(r.json().code).toBe('printer_unreachable');
    await printer.up();
    const before = printer.jobs.length;
    expect((await put(jobId, JOB)).json()).toEqual({ printed: true, duplicate: false });
    await printer.waitForJobs(before + 1);
  });
});
