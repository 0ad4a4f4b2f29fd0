// Gift reads that are too big for a device or span events: search with paging and totals, the
// deleted list, and one gift's audit trail, each within the events the actor may see.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { type listGiftsQuerySchema, zeroTotals } from '../../contract/admin';
import { inGroup } from '../../contract/roles';
import type { z } from 'zod';
import { searchTerms } from '../../ledger/fold';
import type { Db } from '../db/client';
import { toIso } from '../db/iso';
import { giftAudit, gifts } from '../db/schema';
import type { Actor } from '../session';
import { fillSearchFolds } from './gifts';
import { adminEventIds, notFound } from './management/guard';
import { giftRowViews, totalsColumns, userNames } from './management/views';
import { canReadEvent, isAssigned, visibleEventIds } from './scope';

type Query = z.infer<typeof listGiftsQuerySchema>;

/** LIKE pattern with the user's text taken literally. */
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function filters(q: Query): (SQL | undefined)[] {
  const out: (SQL | undefined)[] = [];
  if (q.eventId) out.push(eq(gifts.eventId, q.eventId));
  if (q.counterId) out.push(eq(gifts.counterId, q.counterId));
  if (q.mode) out.push(eq(gifts.mode, q.mode));
  if (q.from) out.push(gte(gifts.enteredAt, q.from));
  if (q.to) out.push(lte(gifts.enteredAt, q.to));
  // Every word typed must appear in the gift's name, initial, village, receipt or mobile, as typed or,
  // for a Latin word, by its phonetic fold ("murugan" finds முருகன்): the device's list search rules
  // (ledger/fold.ts searchTerms), over the trigram-indexed columns of migration 0015.
  for (const t of (searchTerms(q.q ?? '') ?? []).slice(0, 6)) {
    const raw = sql`${gifts.searchRaw} like ${likeOf(t.raw)}`;
    out.push(t.folded ? sql`(${raw} or ${gifts.searchFold} like ${likeOf(t.folded)})` : raw);
  }
  return out;
}

async function search(db: Db, scope: string[] | 'all', q: Query, deleted: boolean) {
  if (scope !== 'all' && scope.length === 0) return { gifts: [], total: 0, totals: zeroTotals() };
  if (q.q?.trim()) await fillSearchFolds(db, q.eventId ? [q.eventId] : scope);
  const where = and(
    scope === 'all' ? undefined : inArray(gifts.eventId, scope),
    deleted ? isNotNull(gifts.deletedAt) : isNull(gifts.deletedAt),
    ...filters(q),
  );
  const [rows, agg] = await Promise.all([
    db.select().from(gifts).where(where)
      .orderBy(deleted ? desc(gifts.deletedAt) : desc(gifts.enteredAt), asc(gifts.receiptNo))
      .limit(q.limit).offset(q.offset),
    db.select(totalsColumns).from(gifts).where(where),
  ]);
  const t = agg[0] ?? zeroTotals();
  // Deleted gifts: report their count and sums as they were, so the list can show what was removed.
  const totals = deleted
    ? { ...zeroTotals(), deleted: t.deleted }
    : { count: t.count, sum: t.sum, cash: t.cash, upi: t.upi, cheque: t.cheque, item: t.item, items: t.items, deleted: 0 };
  return { gifts: await giftRowViews(db, rows), total: deleted ? t.deleted : t.count, totals };
}

/** The gifts of the events the actor sees (an event asked for must be among them: canReadEvent's rule). */
export async function listGifts(db: Db, actor: Actor, q: Query) {
  // The events this actor sees, read once.
  const visible = await visibleEventIds(db, actor);
  if (q.eventId && visible !== 'all' && !visible.includes(q.eventId)) throw notFound('Event');
  return search(db, visible, q, false);
}

/** The deleted gifts of the events the actor administers. */
export async function listDeletedGifts(db: Db, actor: Actor, q: Query) {
  const mine = await adminEventIds(db, actor);
  if (q.eventId && mine !== 'all' && !mine.includes(q.eventId)) throw notFound('Event');
  return search(db, mine, q, true);
}

/** One gift with its audit trail: to those who read its event, or staff of its counter; 404 to anyone else. */
export async function giftWithAudits(db: Db, actor: Actor, id: string) {
  const [g] = await db.select().from(gifts).where(eq(gifts.id, id)).limit(1);
  if (!g) throw notFound('Gift');
  const allowed = inGroup(actor.role, 'eventOwner')
    ? await canReadEvent(db, actor, g.eventId)
    : await isAssigned(db, actor.id, g.counterId);
  if (!allowed) throw notFound('Gift');
  const audits = await db.select().from(giftAudit).where(eq(giftAudit.giftId, g.id)).orderBy(asc(giftAudit.at), asc(giftAudit.id));
  const names = await userNames(db, audits.map((a) => a.by));
  return {
    gift: (await giftRowViews(db, [g]))[0],
    audits: audits.map((a) => ({
      id: a.id,
      giftId: a.giftId,
      action: a.action,
      pinAuthorId: a.pinAuthorId,
      by: a.by,
      byName: names.get(a.by) ?? null,
      at: toIso(a.at)!,
      reason: a.reason,
      before: (a.before as Record<string, unknown> | null) ?? null,
      after: (a.after as Record<string, unknown> | null) ?? null,
    })),
  };
}
