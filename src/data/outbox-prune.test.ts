// Pruning acknowledged outbox rows a week after the server accepted them; never unsynced ones.
import { afterEach, describe, expect, it } from 'vitest';
import type { MoiDb, OutboxRow } from './db';
import { FakeSyncServer } from '../../tests/support/fake-sync-server';
import { createGiftOn } from './gifts-repo';
import { outboxCounts } from './outbox';
import { PRUNE_DONE_AFTER_MS, maybePruneOutbox, pruneDoneOutbox } from './outbox-prune';
import { closeTestDevices, giftInput, testDevice, testEngine } from '../../tests/support/data-kit';

const DAY = 24 * 3600_000;
const device = () => testDevice('P1');
const input = (i: number) => giftInput(i);
const engine = (db: MoiDb, server: FakeSyncServer) => testEngine(db, server.transport());

afterEach(closeTestDevices);

describe('pruning the outbox', () => {
  it('deletes rows the server accepted more than 7 days ago; keeps newer ones and every unsynced row, however old', async () => {
    const db = await device();
    const now = Date.now();
    const old = new Date(now - 30 * DAY).toISOString();
    const gifts = [];
    for (let i = 0; i < 6; i++) gifts.push(await createGiftOn(db, input(i)));
    const rows = await db.outbox.orderBy('seq').toArray();
    const set = (r: OutboxRow, patch: Partial<OutboxRow>) => db.outbox.update(r.id, { createdAt: old, ...patch });
    await set(rows[0], { state: 'done', doneAt: now - 8 * DAY }); // acknowledged 8 days ago: goes
    await set(rows[1], { state: 'done', doneAt: now - 6 * DAY }); // 6 days ago: stays
    await set(rows[2], { state: 'pending' });
    await set(rows[3], { state: 'sending', sendingSince: now - 30 * DAY });
    await set(rows[4], { state: 'rejected', lastErrorCode: 'counter_closed' });
    await set(rows[5], { state: 'done', doneAt: now - PRUNE_DONE_AFTER_MS - 1 });

    expect(await pruneDoneOutbox(db, now)).toBe(2);
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((r) => r.id)).toEqual([rows[1].id, rows[2].id, rows[3].id, rows[4].id]);
    expect(await outboxCounts(db)).toMatchObject({ pending: 1, sending: 1, rejected: 1 });
    // The records themselves are untouched: pruning is about the queue, not the gifts.
    expect(await db.gifts.count()).toBe(6);
  });

  it('a row acknowledged before acknowledgement times were kept stays a full week from the first prune', async () => {
    const db = await device();
    const g = await createGiftOn(db, input(1));
    const row = (await db.outbox.where('entity').equals(`gift:${g.id}`).first())!;
    await db.outbox.update(row.id, { state: 'done', createdAt: new Date(Date.now() - 60 * DAY).toISOString() });
    const t0 = Date.now();
    expect(await pruneDoneOutbox(db, t0)).toBe(0);
    expect((await db.outbox.get(row.id))?.doneAt).toBe(t0);
    expect(await pruneDoneOutbox(db, t0 + 6 * DAY)).toBe(0);
    expect(await pruneDoneOutbox(db, t0 + 8 * DAY)).toBe(1);
  });

  it('a sync stamps acceptance and prunes after a week; new entries never reuse a pruned seq and nothing is sent twice', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    for (let i = 0; i < 3; i++) await createGiftOn(db, input(i));
    const e = engine(db, server);
    await e.drain();
    const done = await db.outbox.orderBy('seq').toArray();
    expect(done.every((r) => r.state === 'done' && typeof r.doneAt === 'number')).toBe(true);
    const lastSeq = done[done.length - 1].seq;

    await maybePruneOutbox(db, Date.now() + 8 * DAY);
    expect(await db.outbox.count()).toBe(0);

    const g = await createGiftOn(db, input(9));
    const fresh = (await db.outbox.where('entity').equals(`gift:${g.id}`).first())!;
    expect(fresh.seq).toBeGreaterThan(lastSeq);
    await e.drain();
    expect(server.totalApplied).toBe(4);
    expect([...server.applied.values()].every((v) => v === 1)).toBe(true);
  });

  it('pruning while a push is in flight leaves the rows being sent alone; they settle as done', async () => {
    const db = await device();
    const server = new FakeSyncServer();
    for (let i = 0; i < 5; i++) await createGiftOn(db, input(i));
    let pruning: Promise<number> | null = null;
    // Prune from "a week later" exactly while the server handles the push (rows are `sending`).
    server.before = () => { pruning = pruneDoneOutbox(db, Date.now() + 8 * DAY); };
    await engine(db, server).drain();
    expect(await pruning).toBe(0);
    expect(await outboxCounts(db)).toMatchObject({ pending: 0, sending: 0, rejected: 0 });
    expect(await db.outbox.where('state').equals('done').count()).toBe(5);
  });
});
