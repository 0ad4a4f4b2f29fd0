// The local row of a gift this device just created (not yet confirmed by the server). Its own
// module, importing nothing of the data layer: the lifeline (lifeline.ts) builds it while db.ts is
// still opening the database, where importing outbox.ts would wait for db.ts itself.
import type { MutationArgs } from '../../contract/sync';
import { correctedIso } from './clock';

/** The local row of a gift the device just created (not yet confirmed). */
export function giftRowFromInput(g: MutationArgs<'gift.create'>) {
  return {
    id: g.id,
    eventId: g.eventId,
    counterId: g.counterId,
    receiptNo: g.receiptNo,
    name: g.name,
    initial: g.initial ?? '',
    village: g.village ?? '',
    mobile: g.mobile ?? '',
    relation: g.relation ?? 'other',
    mode: g.mode ?? 'cash',
    amount: g.amount,
    reference: g.reference ?? '',
    item: g.item ?? '',
    weightGrams: g.weightGrams ?? null,
    approxValue: g.approxValue ?? null,
    note: g.note ?? '',
    // Corrected to the server's clock when the device knew its offset; the server sets the final value.
    enteredAt: correctedIso(g.enteredAt, g.clockOffsetMs),
    // Older entries named the author enteredBy.
    enteredBy: g.authorId ?? g.enteredBy ?? '',
    pinAuthorId: g.pinAuthorId ?? null,
    deviceEnteredAt: g.enteredAt,
    clockOffsetMs: g.clockOffsetMs ?? null,
    flags: [],
    receivedAt: null,
    version: 1,
    deletedAt: null,
    deletedBy: null,
    deleteReason: null,
    receiptToken: g.receiptToken ?? null,
    messageConsent: g.messageConsent ?? false,
    kinName: g.kinName ?? '',
    title: g.title ?? '',
    returningAmount: g.returningAmount ?? null,
    _pending: 1 as const,
  };
}
