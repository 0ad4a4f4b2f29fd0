// A gift's History on the device that changed it (issue 31: each correction showed twice). The
// device writes its own audit row with each correction, deletion or restore (`_pending: 1`), so
// History shows the change at once, offline too; the server writes its own row for the same change
// under another id, which the pull brings. Once the change's mutation is accepted and the server's
// row is here, the server's row takes the device's row's place: one line per change.
import type { LocalAudit, MoiDb } from '../db';
import { entityKey } from '../entities';
import { unsyncedEntities } from '../outbox';

const byAt = (a: LocalAudit, b: LocalAudit) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
const sameChange = (mine: LocalAudit, theirs: LocalAudit) => theirs.action === mine.action && (theirs.reason ?? null) === (mine.reason ?? null);
/** The fields a correction set, as both sides record them (the server leaves out the unchanged ones). */
const sameAfter = (mine: LocalAudit, theirs: LocalAudit) => JSON.stringify(mine.after ?? {}) === JSON.stringify(theirs.after ?? {});

/**
 * Drop each of this device's own audit rows whose mutation the server accepted and whose server row
 * has arrived (the server's row is marked `replaces`, so it stands for one local row only). Rows whose
 * change is still waiting, sending or refused stay. Returns how many local rows went.
 */
export async function settleLocalAudits(db: MoiDb): Promise<number> {
  return db.transaction('rw', [db.audits, db.outbox], async () => {
    const mine = await db.audits.filter((a) => a._pending === 1).toArray();
    if (!mine.length) return 0;
    const waiting = new Set((await db.outbox.where('state').anyOf('pending', 'sending', 'rejected').primaryKeys()) as string[]);
    const unsynced = await unsyncedEntities(db);
    // Rows written before audits named their mutation: accepted once nothing of their gift waits.
    const accepted = (a: LocalAudit) => (a.mutationId ? !waiting.has(a.mutationId) : !unsynced.has(entityKey('gift', a.giftId)));
    const byGift = new Map<string, LocalAudit[]>();
    for (const a of mine) {
      if (!accepted(a)) continue;
      const list = byGift.get(a.giftId) ?? [];
      list.push(a);
      byGift.set(a.giftId, list);
    }
    let dropped = 0;
    for (const [giftId, locals] of byGift) {
      const theirs = (await db.audits.where('giftId').equals(giftId).toArray()).filter((s) => s._pending !== 1 && !s.replaces).sort(byAt);
      for (const a of locals.sort(byAt)) {
        let i = theirs.findIndex((s) => sameChange(a, s) && sameAfter(a, s));
        if (i < 0) i = theirs.findIndex((s) => sameChange(a, s));
        if (i < 0) continue; // the server's row has not come yet (or it recorded nothing: no change)
        const [twin] = theirs.splice(i, 1);
        await db.audits.update(twin.id, { replaces: a.id });
        await db.audits.delete(a.id);
        dropped++;
      }
    }
    return dropped;
  });
}
