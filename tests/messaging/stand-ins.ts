// Stand-in messaging providers on loopback ports, for the adapter, outbox and end-to-end tests.
// Each checks every request against the provider's documented shape (headers, JSON fields, DLT
// fields, template parameters) — a request that breaks it is answered with the provider's own kind
// of error and listed in `violations` — and answers as the provider does. `failNext` queues error
// answers (outages, rate limits, refusals); `callback` posts a delivery report the way the
// provider would, signed with its secret.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Seen = { method: string; path: string; headers: IncomingMessage['headers']; raw: string; body: Record<string, unknown> };
type Answer = { status: number; body: unknown };

export type StandIn = {
  url: string;
  requests: Seen[];
  violations: string[];
  /** Messages the provider accepted (one per distinct message, however often it was sent). */
  accepted: Array<{ id: string; to: string; text: string; seen: Seen }>;
  failNext(...answers: Answer[]): void;
  callback(url: string, payload: unknown): Promise<number>;
  close(): Promise<void>;
};

async function listen(handle: (s: Seen) => Answer): Promise<{ server: Server; url: string; requests: Seen[] }> {
  const requests: Seen[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { raw += c; });
    req.on('end', () => {
      let body: Record<string, unknown>;
      try { body = raw ? JSON.parse(raw) : {}; } catch { body = {}; }
      const s: Seen = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body };
      requests.push(s);
      const a = handle(s);
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const closeOf = (server: Server) => () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); });

/** WhatsApp Business Cloud API: POST /v21.0/{phone-number-id}/messages, template messages. */
export async function whatsappStandIn(o: { token: string; phoneNumberId: string; appSecret: string; templates: Record<string, number> }): Promise<StandIn> {
  const violations: string[] = [];
  const accepted: StandIn['accepted'] = [];
  const queue: Answer[] = [];
  const { server, url, requests } = await listen((s) => {
    const v: string[] = [];
    if (s.method !== 'POST') v.push(`method ${s.method}`);
    if (s.path !== `/v21.0/${o.phoneNumberId}/messages`) v.push(`path ${s.path}`);
    if (s.headers.authorization !== `Bearer ${o.token}`) return { status: 401, body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'A1' } } };
    if (!String(s.headers['content-type']).startsWith('application/json')) v.push('content-type');
    const b = s.body as { messaging_product?: string; recipient_type?: string; to?: string; type?: string; template?: { name?: string; language?: { code?: string }; components?: Array<{ type?: string; parameters?: Array<{ type?: string; text?: string }> }> } };
    if (b.messaging_product !== 'whatsapp') v.push('messaging_product');
    if (b.recipient_type !== 'individual') v.push('recipient_type');
    if (!/^91\d{10}$/.test(b.to ?? '')) v.push(`to ${b.to}`);
    if (b.type !== 'template') v.push('type');
    const params = b.template?.components?.find((c) => c.type === 'body')?.parameters ?? [];
    const want = o.templates[b.template?.name ?? ''];
    if (want === undefined) return { status: 404, body: { error: { message: `(#132001) Template name does not exist in the translation`, type: 'OAuthException', code: 132001, error_data: { messaging_product: 'whatsapp', details: `template name (${b.template?.name}) does not exist in ${b.template?.language?.code}` } } } };
    if (!/^[a-z]{2}(_[A-Z]{2})?$/.test(b.template?.language?.code ?? '')) v.push('language.code');
    if (params.length !== want) v.push(`parameters: ${params.length} for ${want}`);
    for (const p of params) if (p.type !== 'text' || typeof p.text !== 'string' || !p.text || /[\n\t]/.test(p.text)) v.push(`parameter ${JSON.stringify(p)}`);
    if (v.length) {
      violations.push(...v);
      return { status: 400, body: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, error_data: { details: v.join('; ') } } } };
    }
    const q = queue.shift();
    if (q) return q;
    const id = `wamid.HBgM${accepted.length + 1}`;
    accepted.push({ id, to: b.to!, text: params.map((p) => p.text).join(' | '), seen: s });
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id, message_status: 'accepted' }] } };
  });
  return {
    url: `${url}/v21.0`, requests, violations, accepted,
    failNext: (...a) => queue.push(...a),
    async callback(to, payload) {
      const raw = JSON.stringify(payload);
      const sig = `sha256=${createHmac('sha256', o.appSecret).update(raw).digest('hex')}`;
      return (await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': sig }, body: raw })).status;
    },
    close: closeOf(server),
  };
}

/** A WhatsApp status webhook as Meta sends it. */
export const waStatusHook = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '1029384756', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '919000000000', phone_number_id: '1234567890' }, statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '919876543210', ...extra }] } }] }],
});

/** Fast2SMS DLT Manual: POST /dev/bulkV2 with the DLT fields; the message must be the approved text with each {#var#} filled by at most 30 characters (DLT's rule). */
export async function fast2smsStandIn(o: { apiKey: string; senderId: string; entityId: string; approved: Record<string, string> }): Promise<StandIn> {
  const violations: string[] = [];
  const accepted: StandIn['accepted'] = [];
  const queue: Answer[] = [];
  const scrub = (tpl: string, text: string) => new RegExp(`^${tpl.split('{#var#}').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.{0,30}')}$`, 'u').test(text);
  const { server, url, requests } = await listen((s) => {
    if (s.headers.authorization !== o.apiKey) return { status: 401, body: { return: false, status_code: 412, message: 'Invalid Authentication, Check Authorization Key' } };
    const b = s.body as Record<string, string>;
    const v: string[] = [];
    if (s.method !== 'POST' || s.path !== '/dev/bulkV2') v.push(`${s.method} ${s.path}`);
    if (b.route !== 'dlt_manual') v.push(`route ${b.route}`);
    if (b.sender_id !== o.senderId) v.push(`sender_id ${b.sender_id}`);
    if (b.entity_id !== o.entityId) v.push(`entity_id ${b.entity_id}`);
    if (!/^\d{10}(,\d{10})*$/.test(b.numbers ?? '')) v.push(`numbers ${b.numbers}`);
    const tpl = o.approved[b.template_id ?? ''];
    if (!tpl) v.push(`template_id ${b.template_id}`);
    else if (!scrub(tpl, b.message ?? '')) v.push(`message does not match DLT template ${b.template_id}: ${b.message}`);
    if (v.length) {
      violations.push(...v);
      return { status: 400, body: { return: false, status_code: 424, message: `Invalid Message ID (or Template, Entity ID): ${v.join('; ')}` } };
    }
    const q = queue.shift();
    if (q) return q;
    const id = `req${accepted.length + 1}x`;
    accepted.push({ id, to: b.numbers, text: b.message, seen: s });
    return { status: 200, body: { return: true, request_id: id, message: ['SMS sent successfully.'] } };
  });
  return {
    url: `${url}/dev/bulkV2`, requests, violations, accepted,
    failNext: (...a) => queue.push(...a),
    async callback(to, payload) {
      return (await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })).status;
    },
    close: closeOf(server),
  };
}

/** The generic webhook receiver: signed JSON, one message per Idempotency-Key (a repeat answers the first id). */
export async function webhookStandIn(o: { secret: string }): Promise<StandIn> {
  const violations: string[] = [];
  const accepted: StandIn['accepted'] = [];
  const queue: Answer[] = [];
  const byKey = new Map<string, string>();
  const sign = (raw: string) => `sha256=${createHmac('sha256', o.secret).update(raw).digest('hex')}`;
  const { server, url, requests } = await listen((s) => {
    if (s.headers['x-moi-signature'] !== sign(s.raw)) return { status: 401, body: { error: 'bad signature' } };
    const b = s.body as { idempotencyKey?: string; to?: string; text?: string; vars?: Record<string, string>; template?: { variables?: string[] } };
    const v: string[] = [];
    if (s.headers['idempotency-key'] !== b.idempotencyKey || !b.idempotencyKey) v.push('Idempotency-Key header');
    if (!/^\d{10}$/.test(b.to ?? '')) v.push(`to ${b.to}`);
    if (!b.text) v.push('text');
    if (JSON.stringify(Object.keys(b.vars ?? {})) !== JSON.stringify(b.template?.variables ?? [])) v.push('vars do not follow the template variables');
    if (v.length) {
      violations.push(...v);
      return { status: 422, body: { error: v.join('; ') } };
    }
    const q = queue.shift();
    if (q) return q;
    const prior = byKey.get(b.idempotencyKey!);
    if (prior) return { status: 200, body: { id: prior, status: 'accepted' } };
    const id = `wh-${accepted.length + 1}`;
    byKey.set(b.idempotencyKey!, id);
    accepted.push({ id, to: b.to!, text: b.text!, seen: s });
    return { status: 200, body: { id, status: 'accepted' } };
  });
  return {
    url: `${url}/hook`, requests, violations, accepted,
    failNext: (...a) => queue.push(...a),
    async callback(to, payload) {
      const raw = JSON.stringify(payload);
      return (await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json', 'x-moi-signature': sign(raw) }, body: raw })).status;
    },
    close: closeOf(server),
  };
}
