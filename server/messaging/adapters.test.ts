// Each provider adapter against a stand-in of the provider on a loopback port, which checks the
// requests against the documented shape and answers as the provider does, errors and delivery
// callbacks included; the callbacks reach the real app over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils';
import { loadConfig } from '../config';
import { messageOptOuts, messageOutbox } from '../db/schema';
import { makeVenue, type Venue } from '../../tests/messaging/venue';
import { fast2smsStandIn, waStatusHook, whatsappStandIn, type StandIn } from '../../tests/messaging/stand-ins';
import { providerFor } from './index';
import { MessageWorker, backoffMs } from './outbox';

type Env = Record<string, string>;
async function start(env: Env): Promise<{ t: TestApp; app: FastifyInstance; base: string; v: Venue }> {
  const t = await createTestApp({ PUBLIC_URL: 'https://moi.example.in', ...env }, { messagingWorker: false });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, app: t.app, base, v: await makeVenue(t.app) };
}
let clock = Date.now();
const tick = () => { clock = Math.max(clock, Date.now() + 1000); return clock; };
const worker = (app: FastifyInstance, o: { afterSend?: () => void } = {}) =>
  new MessageWorker(app.db, providerFor(app.config.messaging)!, { publicUrl: 'https://moi.example.in', now: () => clock, ...o });
const rowOf = async (app: FastifyInstance, giftId: string) => (await app.db.select().from(messageOutbox).where(eq(messageOutbox.giftId, giftId)))[0];

describe('WhatsApp Business Cloud API adapter', () => {
  const WA = { token: 'EAAG-test-token', phoneNumberId: '1234567890', appSecret: 'app-secret-xyz', verifyToken: 'verify-me' };
  let wa: StandIn;
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    wa = await whatsappStandIn({ ...WA, templates: { moi_giver_receipt: 5 } });
    s = await start({
      MESSAGING_PROVIDER: 'whatsapp_cloud', WHATSAPP_API_URL: wa.url, WHATSAPP_TOKEN: WA.token, WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
      WHATSAPP_APP_SECRET: WA.appSecret, WHATSAPP_VERIFY_TOKEN: WA.verifyToken,
    });
  }, 120_000);
  afterAll(async () => { await s?.t.close(); await wa?.close(); });

  it('sends the receipt as a template message with its body parameters in order, then takes the delivery status webhook', async () => {
    const g = s.v.gift();
    await s.v.push([s.v.mut(g)]);
    tick();
    await worker(s.app).runOnce();
    expect(wa.violations).toEqual([]);
    expect(wa.accepted).toHaveLength(1);
    const req = wa.accepted[0].seen;
    expect(req.headers.authorization).toBe(`Bearer ${WA.token}`);
    expect(req.body).toMatchObject({
      messaging_product: 'whatsapp', to: '919876543210', type: 'template', biz_opaque_callback_data: `giver_receipt:${g.id}`,
      template: { name: 'moi_giver_receipt', language: { code: 'ta' }, components: [{ type: 'body', parameters: [
        { type: 'text', text: g.receiptNo }, { type: 'text', text: '₹1,001' }, { type: 'text', text: 'செல்வம் திருமணம்' },
        { type: 'text', text: 'வருகைக்கு நன்றி' }, { type: 'text', text: `https://moi.example.in/r/${g.receiptToken}` },
      ] }] },
    });
    const wamid = wa.accepted[0].id;
    expect(await rowOf(s.app, g.id)).toMatchObject({ state: 'sent', providerMessageId: wamid, channel: 'whatsapp' });
    expect(await wa.callback(`${s.base}/moi/messaging/callbacks/whatsapp_cloud`, waStatusHook(wamid, 'delivered'))).toBe(200);
    expect((await rowOf(s.app, g.id)).state).toBe('delivered');
    // A later "sent" never takes a delivered message back.
    await wa.callback(`${s.base}/moi/messaging/callbacks/whatsapp_cloud`, waStatusHook(wamid, 'sent'));
    expect((await rowOf(s.app, g.id)).state).toBe('delivered');
  });

  it('a failed status carries the provider\'s reason; an unsigned or forged webhook is refused', async () => {
    const g = s.v.gift();
    await s.v.push([s.v.mut(g)]);
    tick();
    await worker(s.app).runOnce();
    const wamid = (await rowOf(s.app, g.id)).providerMessageId!;
    const forged = await fetch(`${s.base}/moi/messaging/callbacks/whatsapp_cloud`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' }, body: JSON.stringify(waStatusHook(wamid, 'delivered')) });
    expect(forged.status).toBe(401);
    expect((await rowOf(s.app, g.id)).state).toBe('sent');
    await wa.callback(`${s.base}/moi/messaging/callbacks/whatsapp_cloud`, waStatusHook(wamid, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] }));
    expect(await rowOf(s.app, g.id)).toMatchObject({ state: 'failed', reason: '131026: Message undeliverable' });
  });

  it('answers the webhook verification handshake only with the verify token', async () => {
    const ok = await fetch(`${s.base}/moi/messaging/callbacks/whatsapp_cloud?hub.mode=subscribe&hub.verify_token=${WA.verifyToken}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const bad = await fetch(`${s.base}/moi/messaging/callbacks/whatsapp_cloud?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    expect(bad.status).toBe(403);
  });

  it('an unknown template or a bad token is refused with the provider\'s error, not retried; a rate limit is retried', async () => {
    const g = s.v.gift();
    await s.v.push([s.v.mut(g)]);
    wa.failNext({ status: 400, body: { error: { message: '(#131030) Recipient phone number not in allowed list', type: 'OAuthException', code: 131030, fbtrace_id: 'x' } } });
    tick();
    await worker(s.app).runOnce();
    expect(await rowOf(s.app, g.id)).toMatchObject({ state: 'failed', reason: '131030: (#131030) Recipient phone number not in allowed list' });
    const g2 = s.v.gift({ mobile: '9876500001' });
    await s.v.push([s.v.mut(g2)]);
    wa.failNext({ status: 400, body: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } } });
    tick();
    await worker(s.app).runOnce();
    expect(await rowOf(s.app, g2.id)).toMatchObject({ state: 'pending', attempts: 1 });
    clock += backoffMs(1);
    await worker(s.app).runOnce();
    expect((await rowOf(s.app, g2.id)).state).toBe('sent');
  });

  it('after a crash between send and record it does not send again (no idempotency key): given up, then settled by the status webhook', async () => {
    const before = wa.accepted.length;
    const g = s.v.gift({ mobile: '9876500002' });
    await s.v.push([s.v.mut(g)]);
    tick();
    await expect(worker(s.app, { afterSend: () => { throw new Error('killed'); } }).runOnce()).rejects.toThrow('killed');
    clock += 5 * 60_000;
    await worker(s.app).runOnce();
    expect(wa.accepted.length).toBe(before + 1);
    const r = await rowOf(s.app, g.id);
    expect(r.state).toBe('given_up');
    expect(r.reason).toMatch(/^outcome unknown/);
    // Meta's status webhook echoes our key: the message is known delivered after all.
    const wamid = wa.accepted[wa.accepted.length - 1].id;
    await wa.callback(`${s.base}/moi/messaging/callbacks/whatsapp_cloud`, waStatusHook(wamid, 'delivered', { biz_opaque_callback_data: `giver_receipt:${g.id}` }));
    expect(await rowOf(s.app, g.id)).toMatchObject({ state: 'delivered', providerMessageId: wamid });
  });

  it('a "STOP" reply opts the sender out', async () => {
    const hookBody = { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from: '919812345678', id: 'wamid.in1', timestamp: '1', type: 'text', text: { body: 'STOP' } }] } }] }] };
    expect(await wa.callback(`${s.base}/moi/messaging/callbacks/whatsapp_cloud`, hookBody)).toBe(200);
    expect(await s.app.db.select().from(messageOptOuts).where(eq(messageOptOuts.recipient, '9812345678'))).toHaveLength(1);
  });
});

describe('Fast2SMS DLT adapter', () => {
  const F = { apiKey: 'f2s-key-123', senderId: 'MOIAPP', entityId: '1101234567890123456', callback: 'dlr-secret-0123456789abc' };
  const DLT_ID = '1107171234567890123';
  let f2s: StandIn;
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    f2s = await fast2smsStandIn({ apiKey: F.apiKey, senderId: F.senderId, entityId: F.entityId, approved: { [DLT_ID]: 'மொய் ரசீது {#var#}: {#var#} பெற்றோம், {#var#}{#var#}. {#var#} சரிபார்க்க: {#var#}{#var#}' } });
    s = await start({ MESSAGING_PROVIDER: 'sms_fast2sms', FAST2SMS_API_URL: f2s.url, FAST2SMS_API_KEY: F.apiKey, SMS_SENDER_ID: F.senderId, SMS_DLT_ENTITY_ID: F.entityId, MESSAGING_CALLBACK_SECRET: F.callback });
  }, 120_000);
  afterAll(async () => { await s?.t.close(); await f2s?.close(); });

  it('without a DLT template id nothing is sent (failed, with the reason)', async () => {
    const g = s.v.gift();
    await s.v.push([s.v.mut(g)]);
    tick();
    await worker(s.app).runOnce();
    expect(f2s.requests).toHaveLength(0);
    expect(await rowOf(s.app, g.id)).toMatchObject({ state: 'failed', reason: 'template giver_receipt/ta has no DLT template id' });
  });

  it('sends the DLT-approved Tamil text with sender id, entity id and template id; the delivery report settles it', async () => {
    const put = await s.app.inject({ method: 'PUT', url: '/moi/admin/messaging/templates', headers: { cookie: s.v.adminCookie }, payload: {
      key: 'giver_receipt', lang: 'ta', body: 'மொய் ரசீது {#var#}: {#var#} பெற்றோம், {#var#}{#var#}. {#var#} சரிபார்க்க: {#var#}{#var#}',
      variables: ['receiptNo', 'amount', 'event', 'event', 'thanks', 'link', 'link'], dltTemplateId: DLT_ID, waTemplateName: '', waLanguage: '',
    } });
    expect(put.statusCode, put.body).toBe(200);
    const g = s.v.gift({ amount: 501 });
    await s.v.push([s.v.mut(g)]);
    tick();
    await worker(s.app).runOnce();
    expect(f2s.violations).toEqual([]);
    expect(f2s.accepted).toHaveLength(1);
    const b = f2s.accepted[0].seen.body;
    expect(f2s.accepted[0].seen.headers.authorization).toBe(F.apiKey);
    expect(b).toEqual({
      route: 'dlt_manual', sender_id: F.senderId, entity_id: F.entityId, template_id: DLT_ID, numbers: '9876543210', flash: '0',
      message: `மொய் ரசீது ${g.receiptNo}: ₹501 பெற்றோம், செல்வம் திருமணம். வருகைக்கு நன்றி சரிபார்க்க: https://moi.example.in/r/${g.receiptToken}`,
    });
    const id = f2s.accepted[0].id;
    expect(await rowOf(s.app, g.id)).toMatchObject({ state: 'sent', providerMessageId: id, channel: 'sms' });
    const wrong = await fetch(`${s.base}/moi/messaging/callbacks/sms_fast2sms?secret=wrong-secret-0123456789`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ request_id: id, status: 'Delivered' }) });
    expect(wrong.status).toBe(401);
    expect(await f2s.callback(`${s.base}/moi/messaging/callbacks/sms_fast2sms?secret=${F.callback}`, { request_id: id, number: '9876543210', status: 'Delivered' })).toBe(200);
    expect((await rowOf(s.app, g.id)).state).toBe('delivered');
  });

  it('an outage is retried; a refused key is failed with the gateway\'s message', async () => {
    const g = s.v.gift({ mobile: '9800000001' });
    await s.v.push([s.v.mut(g)]);
    f2s.failNext({ status: 503, body: { return: false, status_code: 503, message: 'Service Unavailable' } });
    tick();
    await worker(s.app).runOnce();
    expect(await rowOf(s.app, g.id)).toMatchObject({ state: 'pending', reason: '503: Service Unavailable' });
    clock += backoffMs(1);
    await worker(s.app).runOnce();
    expect((await rowOf(s.app, g.id)).state).toBe('sent');

    const wrongKey = loadConfig({ MESSAGING_PROVIDER: 'sms_fast2sms', PUBLIC_URL: 'https://moi.example.in', FAST2SMS_API_URL: f2s.url, FAST2SMS_API_KEY: 'stolen', SMS_SENDER_ID: F.senderId, SMS_DLT_ENTITY_ID: F.entityId, MESSAGING_CALLBACK_SECRET: F.callback } as NodeJS.ProcessEnv);
    const g2 = s.v.gift({ mobile: '9800000002' });
    await s.v.push([s.v.mut(g2)]);
    tick();
    await new MessageWorker(s.app.db, providerFor(wrongKey.messaging)!, { publicUrl: 'https://moi.example.in', now: () => clock }).runOnce();
    expect(await rowOf(s.app, g2.id)).toMatchObject({ state: 'failed', reason: '412: Invalid Authentication, Check Authorization Key' });
  });
});

describe('MESSAGING_PROVIDER at start-up', () => {
  const base = {} as NodeJS.ProcessEnv;
  it('defaults to none; a provider without its credentials stops the server with the list of what is missing', () => {
    expect(loadConfig(base).messaging.provider).toBe('none');
    expect(() => loadConfig({ ...base, MESSAGING_PROVIDER: 'whatsapp_cloud' })).toThrow(/PUBLIC_URL is required with MESSAGING_PROVIDER=whatsapp_cloud[\s\S]*WHATSAPP_TOKEN is required/);
    expect(() => loadConfig({ ...base, MESSAGING_PROVIDER: 'sms_fast2sms', PUBLIC_URL: 'https://x.in', FAST2SMS_API_KEY: 'k', SMS_SENDER_ID: 'moi', SMS_DLT_ENTITY_ID: '1', MESSAGING_CALLBACK_SECRET: 'short' })).toThrow(/SMS_SENDER_ID is the 6-letter DLT header[\s\S]*SMS_DLT_ENTITY_ID/);
    expect(() => loadConfig({ ...base, MESSAGING_PROVIDER: 'webhook', PUBLIC_URL: 'https://x.in', MESSAGING_WEBHOOK_URL: 'http://example.com/h', MESSAGING_WEBHOOK_SECRET: 'x'.repeat(16) })).toThrow(/must be https/);
    expect(() => loadConfig({ ...base, MESSAGING_PROVIDER: 'sms_other' })).toThrow(/MESSAGING_PROVIDER/);
  });
});
