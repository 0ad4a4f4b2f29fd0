// The durable messaging outbox (issue 15). A message is a row keyed by its idempotency key (one per
// gift receipt, per host update bucket…), written in the transaction that caused it, so a gift
// pushed twice or edited never queues a second one. Workers (one loop per server process) claim due
// rows with FOR UPDATE SKIP LOCKED under a lease, so two instances never take the same row; the
// result is recorded only by the claimant whose lease it still is.
//
// Crash between send and record: the lease runs out and another worker finds the row still
// `sending`. If the provider drops a repeated idempotency key (the webhook adapter), it is sent
// again with the same key; otherwise (WhatsApp Cloud, Fast2SMS) it is NOT sent again — it ends
// `given_up` ("outcome unknown") unless the provider's delivery callback, which carries our key or
// id, settles it first. Never twice beats maybe twice for a receipt.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type MessageLang, type MessageState, type TemplateKey, templateKeys } from '../../contract/messaging';
import { brandName } from '../../contract/entities';
import { isMourning } from '../../contract/function-tone';
import { receiptLink } from '../../contract/receipts';
import type { Db } from '../db/client';
import { events, messageOptOuts, messageOutbox, organisations, type gifts } from '../db/schema';
import { uuidv7 } from '../../contract/ids';
import { ProviderError, type MessagingProvider, type StatusUpdate } from './provider';
import { DLT_VAR_MAX, TemplateMismatch, clipText, loadTemplate, renderChecked } from './templates';

export type NewMessage = {
  idempotencyKey: string;
  kind: string;
  eventId: string | null;
  giftId?: string | null;
  recipient: string;
  templateKey: TemplateKey;
  lang: MessageLang;
  vars: Record<string, string>;
  /** 'auto': the configured provider's channel at send time. */
  channel?: 'auto' | 'sms' | 'whatsapp';
};

/** Queues messages; a key already queued is left as it is. Returns how many were new. */
export async function enqueueMessages(db: Db, rows: NewMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(messageOutbox).values(rows.map((r) => ({
    id: uuidv7(), idempotencyKey: r.idempotencyKey, kind: r.kind, eventId: r.eventId, giftId: r.giftId ?? null, recipient: r.recipient,
    templateKey: r.templateKey, lang: r.lang, vars: r.vars, channel: r.channel ?? 'auto',
  }))).onConflictDoNothing({ target: messageOutbox.idempotencyKey }).returning({ id: messageOutbox.id });
  return inserted.length;
}

export const inr = (n: number) => `₹${new Intl.NumberFormat('en-IN').format(n)}`;
const defaultThanks: Record<MessageLang, string> = { en: 'Thank you for your presence!', ta: 'தங்கள் வருகைக்கு நன்றி!' };
/** A funeral's receipt (issue 30, contract/function-tone.ts): the family's quiet thanks, no celebration. */
const mourningThanks: Record<MessageLang, string> = { en: 'Thank you for sharing in our grief.', ta: 'எங்கள் துயரில் பங்கு கொண்டமைக்கு நன்றி' };
const thanksFor = (functionType: string, lang: MessageLang) => (isMourning(functionType) ? mourningThanks : defaultThanks)[lang];
export const eventTitle = (e: { titleTa: string | null; titleEn: string | null }, lang: MessageLang) =>
  ((lang === 'ta' ? e.titleTa || e.titleEn : e.titleEn || e.titleTa) ?? '').trim() || 'Moi';

/** The hall's name for a hall's event (issue 29), in the message's language, on one line; '' for the provider's own events. */
export const hallName = (e: { hallTa: string | null; hallEn: string | null }, lang: MessageLang) =>
  brandName({ nameTa: e.hallTa, nameEn: e.hallEn }, lang).replace(/\s+/g, ' ');

/**
 * The receipt's thanks, signed with the hall's name for a hall's event: the thanks variable is the one
 * free text every receipt template has (an approved DLT text cannot take a new line), so the hall's
 * name ends it, after the thanks shortened to make room ("… — Lakshmi Mahal", within its 60 characters).
 */
export function thanksWithHall(thanks: string, hall: string): string {
  const room = 2 * DLT_VAR_MAX;
  if (!hall) return clipText(thanks, room);
  const sign = ` — ${clipText(hall, DLT_VAR_MAX)}`;
  return `${clipText(thanks, room - [...sign].length)}${sign}`;
}

/**
 * The giver's receipt message for each newly recorded gift whose giver agreed and left a mobile
 * (called in the push's transaction, right after the insert: a duplicate push inserts nothing).
 */
export async function enqueueGiverReceipts(tx: Db, rows: Array<typeof gifts.$inferInsert>): Promise<void> {
  const want = rows.filter((g) => g.messageConsent && g.mobile && /^\d{10}$/.test(g.mobile) && g.receiptToken);
  if (want.length === 0) return;
  const evs = await tx.select({
    id: events.id, titleTa: events.titleTa, titleEn: events.titleEn, thankYouNote: events.thankYouNote, functionType: events.functionType,
    hallTa: organisations.nameTa, hallEn: organisations.nameEn,
  }).from(events).leftJoin(organisations, eq(organisations.id, events.orgId)).where(inArray(events.id, [...new Set(want.map((g) => g.eventId))]));
  const byId = new Map(evs.map((e) => [e.id, e]));
  await enqueueMessages(tx, want.flatMap((g) => {
    const e = byId.get(g.eventId);
    if (!e) return [];
    const lang: MessageLang = e.titleTa ? 'ta' : 'en';
    return [{
      idempotencyKey: `giver_receipt:${g.id}`, kind: 'giver_receipt', eventId: g.eventId, giftId: g.id, recipient: g.mobile!, templateKey: 'giver_receipt' as const, lang,
      vars: {
        receiptNo: g.receiptNo, amount: g.mode === 'item' && !g.amount ? clipText(g.item || '—', DLT_VAR_MAX) : inr(g.amount),
        event: eventTitle(e, lang), thanks: thanksWithHall((e.thankYouNote.trim() || thanksFor(e.functionType, lang)).replace(/\s+/g, ' '), hallName(e, lang)), token: g.receiptToken!,
      },
    }];
  }));
}

type Claimed = {
  id: string; idempotency_key: string; event_id: string | null; kind: string; channel: string; recipient: string; template_key: string; lang: string;
  vars: Record<string, string>; attempts: number; created_at: string; prev_state: string;
  /** A giver's receipt whose gift has been deleted since it was queued (created and deleted in one sync, say). */
  gift_deleted: boolean | null;
};

export type WorkerOptions = {
  instanceId?: string;
  publicUrl: string | null;
  leaseMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** Messages older than this are not worth sending any more (a receipt a day late). */
  maxAgeMs?: number;
  perRecipientPerHour?: number;
  perEventPerMinute?: number;
  now?: () => number;
  /** Tests: runs between the provider's answer and the record (a throw there is a crash). */
  afterSend?: (row: { id: string; idempotencyKey: string }) => void | Promise<void>;
  /** Host-update scan before each run (host-updates.ts); off in tests that look at one message. */
  scan?: (db: Db, now: number) => Promise<void>;
  onError?: (e: unknown) => void;
};

/** 30 s, 1 min, 2 min … capped at an hour. */
export const backoffMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

const iso = (ms: number) => new Date(ms).toISOString();
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export class MessageWorker {
  readonly id: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private o: Required<Omit<WorkerOptions, 'afterSend' | 'scan' | 'onError' | 'instanceId'>> & Pick<WorkerOptions, 'afterSend' | 'scan' | 'onError'>;

  constructor(private db: Db, private provider: MessagingProvider, opts: WorkerOptions) {
    this.id = opts.instanceId ?? `w-${uuidv7()}`;
    this.o = {
      publicUrl: opts.publicUrl, leaseMs: opts.leaseMs ?? 120_000, batchSize: opts.batchSize ?? 20, maxAttempts: opts.maxAttempts ?? 6,
      maxAgeMs: opts.maxAgeMs ?? 24 * 3_600_000, perRecipientPerHour: opts.perRecipientPerHour ?? 10, perEventPerMinute: opts.perEventPerMinute ?? 60,
      now: opts.now ?? Date.now, afterSend: opts.afterSend, scan: opts.scan, onError: opts.onError,
    };
  }

  /** Claims due rows (and rows whose claimant's lease ran out) for this worker. */
  async claim(): Promise<Claimed[]> {
    const now = this.o.now();
    return this.db.transaction(async (tx) => rowsOf<Claimed>(await tx.execute(sql`
      with picked as (
        select id, state as prev_state from message_outbox
        where (state = 'pending' and next_attempt_at <= ${iso(now)}) or (state = 'sending' and lease_until < ${iso(now)})
        order by next_attempt_at limit ${this.o.batchSize}
        for update skip locked
      )
      update message_outbox m set state = 'sending', lease_until = ${iso(now + this.o.leaseMs)}, claimed_by = ${this.id},
        attempts = m.attempts + 1, updated_at = ${iso(now)}
      from picked where m.id = picked.id
      returning m.id, m.idempotency_key, m.event_id, m.kind, m.channel, m.recipient, m.template_key, m.lang, m.vars, m.attempts, m.created_at, picked.prev_state,
        (select g.deleted_at is not null from gifts g where g.id = m.gift_id) as gift_deleted`)));
  }

  /** Records an outcome only while the row is still this worker's claim. */
  private async finish(id: string, set: Partial<typeof messageOutbox.$inferInsert>): Promise<boolean> {
    const r = await this.db.update(messageOutbox).set({ ...set, leaseUntil: null, updatedAt: iso(this.o.now()) })
      .where(and(eq(messageOutbox.id, id), eq(messageOutbox.claimedBy, this.id), eq(messageOutbox.state, 'sending')))
      .returning({ id: messageOutbox.id });
    return r.length > 0;
  }

  private async count(q: ReturnType<typeof sql>): Promise<number> {
    return Number(rowsOf<{ n: number | string }>(await this.db.execute(q))[0]?.n ?? 0);
  }

  private async process(r: Claimed): Promise<void> {
    const now = this.o.now();
    if (Date.parse(r.created_at.includes('T') ? r.created_at : `${r.created_at.replace(' ', 'T')}`) < now - this.o.maxAgeMs) {
      await this.finish(r.id, { state: 'cancelled', reason: 'expired: not sent within a day' });
      return;
    }
    if (r.prev_state === 'sending' && !this.provider.honoursIdempotencyKey) {
      await this.finish(r.id, { state: 'given_up', reason: 'outcome unknown: the server stopped between sending and recording; not sent again to avoid a duplicate' });
      return;
    }
    if (r.gift_deleted) {
      await this.finish(r.id, { state: 'cancelled', reason: 'gift_deleted: the gift was deleted before its receipt was sent' });
      return;
    }
    const [opted] = await this.db.select().from(messageOptOuts).where(eq(messageOptOuts.recipient, r.recipient)).limit(1);
    if (opted) {
      await this.finish(r.id, { state: 'cancelled', reason: 'opted_out' });
      return;
    }
    const defer = async (ms: number, why: string) => {
      await this.finish(r.id, { state: 'pending', nextAttemptAt: iso(now + ms), attempts: r.attempts - 1, reason: why });
    };
    const sentToRecipient = await this.count(sql`select count(*) as n from message_outbox where recipient = ${r.recipient} and sent_at > ${iso(now - 3_600_000)}`);
    if (sentToRecipient >= this.o.perRecipientPerHour) return defer(10 * 60_000, 'rate limited: recipient');
    if (r.event_id) {
      const sentForEvent = await this.count(sql`select count(*) as n from message_outbox where event_id = ${r.event_id} and sent_at > ${iso(now - 60_000)}`);
      if (sentForEvent >= this.o.perEventPerMinute) return defer(60_000, 'rate limited: event');
    }

    const key = (templateKeys as readonly string[]).includes(r.template_key) ? (r.template_key as TemplateKey) : null;
    const lang: MessageLang = r.lang === 'en' ? 'en' : 'ta';
    let text: string;
    let vars: Record<string, string>;
    const template = key ? await loadTemplate(this.db, key, lang) : null;
    try {
      if (!template) throw new TemplateMismatch(`unknown template ${r.template_key}`);
      const all: Record<string, string> = { ...r.vars };
      if (all.token) {
        if (!this.o.publicUrl) throw new TemplateMismatch('PUBLIC_URL is not set: the verification link cannot be made');
        all.link = receiptLink(this.o.publicUrl, all.token);
      }
      vars = Object.fromEntries(template.variables.map((n) => [n, all[n]]));
      text = renderChecked(template, vars);
    } catch (e) {
      await this.finish(r.id, { state: 'failed', reason: `template_mismatch: ${(e as Error).message}`.slice(0, 500) });
      return;
    }

    const channel = r.channel === 'sms' || r.channel === 'whatsapp' ? r.channel : this.provider.channel;
    let result;
    try {
      result = await this.provider.send({ to: r.recipient, channel, template: template!, vars, text, lang, idempotencyKey: r.idempotency_key });
    } catch (e) {
      const pe = e instanceof ProviderError ? e : new ProviderError(`unexpected: ${(e as Error)?.message ?? String(e)}`.slice(0, 300), true);
      if (!pe.retryable) await this.finish(r.id, { state: 'failed', reason: pe.reason, provider: this.provider.name });
      else if (r.attempts >= this.o.maxAttempts) await this.finish(r.id, { state: 'given_up', reason: `after ${r.attempts} attempts: ${pe.reason}`, provider: this.provider.name });
      else await this.finish(r.id, { state: 'pending', nextAttemptAt: iso(now + backoffMs(r.attempts)), reason: pe.reason, provider: this.provider.name });
      return;
    }
    await this.o.afterSend?.({ id: r.id, idempotencyKey: r.idempotency_key });
    await this.finish(r.id, {
      state: result.status === 'delivered' ? 'delivered' : 'sent', provider: this.provider.name, providerMessageId: result.providerMessageId,
      sentAt: iso(this.o.now()), deliveredAt: result.status === 'delivered' ? iso(this.o.now()) : null, reason: null, channel,
    });
  }

  /** One pass: the host-update scan, then every due row (claimed in batches). Returns how many were handled. */
  async runOnce(): Promise<number> {
    if (this.o.scan) await this.o.scan(this.db, this.o.now());
    let n = 0;
    for (;;) {
      const rows = await this.claim();
      for (const r of rows) await this.process(r);
      n += rows.length;
      if (rows.length < this.o.batchSize || this.stopped) return n;
    }
  }

  start(intervalMs = 3000): void {
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.running = this.runOnce().catch((e) => this.o.onError?.(e)).finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(loop, intervalMs);
      });
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** Delivery statuses from a provider's callback; a status never goes back (delivered stays delivered). */
export async function applyStatusUpdates(db: Db, updates: StatusUpdate[], now = Date.now()): Promise<number> {
  let n = 0;
  for (const u of updates) {
    const where = u.providerMessageId && u.idempotencyKey
      ? sql`(${messageOutbox.providerMessageId} = ${u.providerMessageId} or ${messageOutbox.idempotencyKey} = ${u.idempotencyKey})`
      : u.providerMessageId ? eq(messageOutbox.providerMessageId, u.providerMessageId) : u.idempotencyKey ? eq(messageOutbox.idempotencyKey, u.idempotencyKey) : null;
    if (!where) continue;
    const at = iso(now);
    const common = { updatedAt: at, leaseUntil: null, ...(u.providerMessageId ? { providerMessageId: u.providerMessageId } : {}) };
    let set: Partial<typeof messageOutbox.$inferInsert>;
    let from: MessageState[];
    if (u.status === 'delivered' || u.status === 'read') {
      set = { ...common, state: 'delivered', deliveredAt: at, reason: null };
      from = ['pending', 'sending', 'sent', 'given_up'];
    } else if (u.status === 'failed') {
      set = { ...common, state: 'failed', reason: (u.reason ?? 'failed at the provider').slice(0, 500) };
      from = ['pending', 'sending', 'sent', 'given_up'];
    } else {
      set = { ...common, state: 'sent', sentAt: at };
      from = ['pending', 'sending', 'given_up'];
    }
    const r = await db.update(messageOutbox).set(set).where(and(where, inArray(messageOutbox.state, from))).returning({ id: messageOutbox.id });
    n += r.length;
  }
  return n;
}

/** An opt-out: nothing more is sent to this mobile, and what is queued for it is cancelled. */
export async function recordOptOut(db: Db, mobile: string, source: string): Promise<void> {
  await db.insert(messageOptOuts).values({ recipient: mobile, source }).onConflictDoNothing();
  await db.update(messageOutbox).set({ state: 'cancelled', reason: 'opted_out', updatedAt: new Date().toISOString() })
    .where(and(eq(messageOutbox.recipient, mobile), eq(messageOutbox.state, 'pending')));
}
