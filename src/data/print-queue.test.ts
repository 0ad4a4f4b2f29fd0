// The device's print queue: a job is printed once per id, oldest first; a job a closed tab left
// half-sent is resent only where the transport drops second copies, else left to the staff.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addPrintJob, claimNextJob, jobExists, jobFailed, jobPrinted, jobsByState, printDb, pruneJobs, queueSummary, recoverInterrupted, resolveUnsure } from './print-queue';

const bytes = Uint8Array.from([0x1b, 0x40]);
const job = (id: string) => ({ id, kind: 'receipt' as const, giftId: id, receiptNo: `A-T1-${id}`, duplicate: false, bytes });

beforeEach(async () => {
  await printDb.jobs.clear();
});
afterEach(async () => {
  await printDb.jobs.clear();
});

describe('print queue', () => {
  it('hands out each waiting job once, oldest first; the same id queued twice is one job', async () => {
    await addPrintJob(job('1'));
    await new Promise((r) => setTimeout(r, 2));
    await addPrintJob(job('2'));
    await addPrintJob(job('1'));
    const [a, b, none] = await Promise.all([claimNextJob(), claimNextJob(), claimNextJob()]);
    expect([a?.id, b?.id].sort()).toEqual(['1', '2']);
    expect(none).toBeNull();
    expect(await queueSummary()).toEqual({ waiting: 0, sending: 2, unsure: 0 });
    expect(Array.from((await jobsByState('sending'))[0].bytes)).toEqual([0x1b, 0x40]);
  });

  it('a failed job waits again and is handed out on the next try; a printed one never again', async () => {
    await addPrintJob(job('1'));
    const first = await claimNextJob();
    await jobFailed(first!.id, 'printer off');
    expect((await jobsByState('waiting'))[0].lastError).toBe('printer off');
    const second = await claimNextJob();
    expect(second?.attempts).toBe(2);
    await jobPrinted(second!.id);
    expect(await claimNextJob()).toBeNull();
    expect(await jobExists('1')).toBe(true);
  });

  it('after a reload: half-sent jobs are resent when the transport drops copies, else marked unsure until the staff decide', async () => {
    await addPrintJob(job('1'));
    await claimNextJob();
    expect(await recoverInterrupted(true)).toBe(1);
    expect((await claimNextJob())?.id).toBe('1');
    expect(await recoverInterrupted(false)).toBe(1);
    expect(await claimNextJob()).toBeNull();
    expect((await queueSummary()).unsure).toBe(1);
    await resolveUnsure(true);
    expect((await claimNextJob())?.id).toBe('1');
    await recoverInterrupted(false);
    await resolveUnsure(false);
    expect(await queueSummary()).toEqual({ waiting: 0, sending: 0, unsure: 0 });
  });

  it('printed jobs are deleted after a day', async () => {
    await addPrintJob(job('1'));
    await jobPrinted((await claimNextJob())!.id);
    expect(await pruneJobs()).toBe(0);
    expect(await pruneJobs(Date.now() + 25 * 3600_000)).toBe(1);
  });
});
