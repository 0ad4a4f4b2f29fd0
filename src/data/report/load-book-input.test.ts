// The book made on the device names people as the command-line book does (issue 27 item 4): a
// host's device holds few user rows, but it holds the names of its event's counter staff (their PIN
// rows); anyone else is printed as "—", never as an id.
import { beforeEach, describe, expect, it } from 'vitest';
import { buildBook } from '../../../report/model';
import { counters, event, gifts } from '../../../report/fixtures';
import { renderCsv } from '../../../report/xlsx';
import { db } from '../db';
import { loadBookInputLocal } from './load-book-input';

const HOST = { id: 'u-host', user_id: 'H1', username: 'host', name: 'செல்வம்', mobile: null, role: 'event_owner', userType: null, profileImagePath: null } as const;

beforeEach(async () => {
  await db.delete();
  await db.open();
  // What a host's device holds after a pull: its own user row, the event, its counters with their staff's PIN rows, the gifts and audits.
  await db.users.put({ ...HOST });
  await db.events.put(event);
  await db.counters.bulkPut(counters);
  await db.staffPins.bulkPut([
    { id: `${counters[0].id}:u-s1`, counterId: counters[0].id, userId: 'u-s1', name: 'கண்ணன்', salt: 's', hash: 'h' },
    { id: `${counters[1].id}:u-s2`, counterId: counters[1].id, userId: 'u-s2', name: 'Suresh', salt: 's', hash: 'h' },
  ]);
  await db.gifts.bulkPut(gifts);
  await db.audits.put({ id: 'a1', giftId: gifts[0].id, action: 'update', by: 'u-admin', at: '2026-11-20T05:00:00.000Z', reason: 'தொகை தவறு', before: { amount: 101 }, after: { amount: 1001 } });
});

describe('the device-made book', () => {
  it('prints the counter staff by the names on the device (their PIN rows), and someone it does not hold as —', async () => {
    const input = await loadBookInputLocal(event.id);
    expect(input?.people).toMatchObject({ 'u-host': 'செல்வம்', 'u-s1': 'கண்ணன்', 'u-s2': 'Suresh' });
    const book = buildBook(input!, { generatedAt: '2026-11-21T00:00:00.000Z' });
    expect(book.summary.byStaff.map((l) => l.label).sort()).toEqual(['Suresh', 'கண்ணன்']);
    expect(book.corrections[0].by).toBe('—'); // the admin who corrected it is not on this device
    const csv = new TextDecoder().decode(renderCsv(book, 'en'));
    expect(csv).toContain('Suresh');
    for (const id of ['u-s1', 'u-s2', 'u-admin']) expect(csv).not.toContain(id);
  });
});
