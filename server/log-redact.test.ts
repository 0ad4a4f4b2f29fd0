// The Fast2SMS delivery-report secret (it can only travel in the callback URL) never reaches the log.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact';
import { createTestApp, type TestApp } from './test-utils';

const SECRET = 'dlr-secret-0123456789abc';

describe('the request log', () => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => { log += c.toString(); });
    t = await createTestApp({
      LOG_LEVEL: 'info', MESSAGING_PROVIDER: 'sms_fast2sms', PUBLIC_URL: 'https://moi.example.in', FAST2SMS_API_URL: 'http://127.0.0.1:9/dev/bulkV2',
      FAST2SMS_API_KEY: 'f2s-key-123', SMS_SENDER_ID: 'MOIAPP', SMS_DLT_ENTITY_ID: '1101234567890123456', MESSAGING_CALLBACK_SECRET: SECRET,
    }, { logger: true, logStream: stream, messagingWorker: false });
  }, 120_000);
  afterAll(async () => { await t?.close(); });

  it('a Fast2SMS delivery report is logged without its secret', async () => {
    const r = await t.app.inject({ method: 'POST', url: `/moi/messaging/callbacks/sms_fast2sms?secret=${SECRET}&x=1`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ request_id: 'r1', status: 'Delivered' }) });
    expect(r.statusCode).toBe(200);
    expect(log).toContain('/moi/messaging/callbacks/sms_fast2sms?secret=[redacted]&x=1');
    expect(log).not.toContain(SECRET);
  });

  it('redacts secret-bearing query values only', () => {
    expect(redactUrl('/a?secret=s&page=2&Token=t&hub.verify_token=v')).toBe('/a?secret=[redacted]&page=2&Token=[redacted]&hub.verify_token=[redacted]');
    expect(redactUrl('/moi/health')).toBe('/moi/health');
  });
});
