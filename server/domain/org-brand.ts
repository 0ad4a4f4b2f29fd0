// Issue 29: the branding an organisation's events carry to the devices (receipts, the moi book's
// cover) and to the messages sent for them. The provider's own events carry none.
import { inArray } from 'drizzle-orm';
import type { EventBrand } from '../../contract/entities';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';

export const brandOut = (o: typeof organisations.$inferSelect): EventBrand => ({
  nameTa: o.nameTa, nameEn: o.nameEn, colour: o.brandColour, footer: o.receiptFooter ?? '', logoFileId: o.logoFileId,
});

/** The brand of each organisation among these ids, by organisation id. */
export async function orgBrands(db: Db, orgIds: Array<string | null | undefined>): Promise<Map<string, EventBrand>> {
  const ids = [...new Set(orgIds.filter((o): o is string => !!o))];
  if (!ids.length) return new Map();
  const rows = await db.select().from(organisations).where(inArray(organisations.id, ids));
  return new Map(rows.map((o) => [o.id, brandOut(o)]));
}
