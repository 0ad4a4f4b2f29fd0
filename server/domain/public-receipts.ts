// What anyone holding a receipt token may check (GET /moi/public/receipts/:token): the event's title
// and date, the giver's name masked, the amount, the time, the counter, valid or cancelled; the hall
// whose event it is (its name, colour and logo, as its receipts carry them) and the function type. Nothing else.
import { eq } from 'drizzle-orm';
import { maskName, type PublicReceipt } from '../../contract/receipts';
import type { Db } from '../db/client';
import { toIso } from '../db/iso';
import { orgBrands } from './org-brand';
import { counters, events, gifts } from '../db/schema';

export async function publicReceipt(db: Db, token: string): Promise<PublicReceipt> {
  const [r] = await db.select({
    receiptNo: gifts.receiptNo, name: gifts.name, initial: gifts.initial, mode: gifts.mode, amount: gifts.amount, item: gifts.item,
    enteredAt: gifts.enteredAt, deletedAt: gifts.deletedAt, titleTa: events.titleTa, titleEn: events.titleEn, date: events.date, functionType: events.functionType, orgId: events.orgId,
    counterCode: counters.code, counterName: counters.name,
  }).from(gifts)
    .innerJoin(events, eq(events.id, gifts.eventId))
    .innerJoin(counters, eq(counters.id, gifts.counterId))
    .where(eq(gifts.receiptToken, token)).limit(1);
  if (!r) return { status: 'unknown' };
  const brand = r.orgId ? (await orgBrands(db, [r.orgId])).get(r.orgId) : undefined;
  return {
    status: r.deletedAt ? 'cancelled' : 'valid',
    receiptNo: r.receiptNo,
    eventTitleTa: r.titleTa,
    eventTitleEn: r.titleEn,
    eventDate: r.date,
    giver: maskName([r.initial, r.name].filter((s) => s.trim()).join(' ')),
    mode: r.mode,
    amount: r.amount,
    item: r.item,
    enteredAt: toIso(r.enteredAt)!,
    counter: r.counterName && r.counterName !== r.counterCode ? `${r.counterCode} · ${r.counterName}` : r.counterCode,
    functionType: r.functionType,
    hall: brand ? { nameTa: brand.nameTa, nameEn: brand.nameEn, colour: brand.colour, logoFileId: brand.logoFileId } : null,
  };
}
