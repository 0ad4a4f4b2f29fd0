// The device's print queue (issue 28): finished ESC/POS jobs waiting for the printer, in their own
// IndexedDB database ('moi-print'), apart from the records and the outbox, so a printer that is off
// never touches saving. A job is claimed (waiting → sending) in a transaction, so one tab prints it;
// a job found 'sending' after a reload is resent only where the transport drops a second copy (the
// venue server knows the job id), otherwise it is 'unsure' and waits for the staff's "Print again".
import Dexie, { type Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';

export type PrintJobState = 'waiting' | 'sending' | 'done' | 'unsure';
export type PrintJobKind = 'receipt' | 'test' | 'sheet';
export type PrintJob = {
  id: string;
  kind: PrintJobKind;
  giftId?: string;
  receiptNo?: string;
  duplicate: boolean;
  bytes: Uint8Array;
  state: PrintJobState;
  createdAt: number;
  attempts: number;
  lastError?: string;
  doneAt?: number;
};

class PrintDb extends Dexie {
  jobs!: Table<PrintJob, string>;
  constructor() {
    super('moi-print');
    this.version(1).stores({ jobs: '&id, state, createdAt' });
  }
}

export const printDb = new PrintDb();

export async function addPrintJob(job: Pick<PrintJob, 'id' | 'kind' | 'giftId' | 'receiptNo' | 'duplicate' | 'bytes'>): Promise<void> {
  // put with the caller's id: adding the same job twice (a double click) stays one job
  await printDb.transaction('rw', printDb.jobs, async () => {
    if (await printDb.jobs.get(job.id)) return;
    await printDb.jobs.add({ ...job, state: 'waiting', createdAt: Date.now(), attempts: 0 });
  });
}

/** The oldest waiting job, now marked sending; null when none waits. */
export function claimNextJob(): Promise<PrintJob | null> {
  return printDb.transaction('rw', printDb.jobs, async () => {
    const next = await printDb.jobs.where('state').equals('waiting').sortBy('createdAt');
    const job = next[0];
    if (!job) return null;
    await printDb.jobs.update(job.id, { state: 'sending', attempts: job.attempts + 1 });
    return { ...job, state: 'sending' as const, attempts: job.attempts + 1 };
  });
}

export async function jobPrinted(id: string): Promise<void> {
  await printDb.jobs.update(id, { state: 'done', doneAt: Date.now(), lastError: undefined });
}

/** The printer did not take the job (no byte of it printed): it waits for the next try. */
export async function jobFailed(id: string, error: string): Promise<void> {
  await printDb.jobs.update(id, { state: 'waiting', lastError: error });
}

/**
 * At start: jobs left 'sending' by a closed tab. `resendable`: the transport drops a job it has
 * printed before (the venue server), so sending it again is safe; otherwise the staff decides.
 */
export async function recoverInterrupted(resendable: boolean): Promise<number> {
  return printDb.jobs.where('state').equals('sending').modify({ state: resendable ? 'waiting' : 'unsure' });
}

/** "Print again" on unsure jobs (they wait again) or "Dismiss" (they count as printed). */
export async function resolveUnsure(printAgain: boolean): Promise<void> {
  await printDb.jobs.where('state').equals('unsure').modify(printAgain ? { state: 'waiting' } : { state: 'done', doneAt: Date.now() });
}

/** Printed jobs are kept a day (their bytes are the receipt's picture), then deleted. */
export async function pruneJobs(now = Date.now()): Promise<number> {
  return printDb.jobs.where('state').equals('done').filter((j) => (j.doneAt ?? 0) < now - 24 * 3600_000).delete();
}

export const jobsByState = (state: PrintJobState): Promise<PrintJob[]> => printDb.jobs.where('state').equals(state).sortBy('createdAt');

export type QueueSummary = { waiting: number; sending: number; unsure: number };
export async function queueSummary(): Promise<QueueSummary> {
  const [waiting, sending, unsure] = await Promise.all((['waiting', 'sending', 'unsure'] as const).map((s) => printDb.jobs.where('state').equals(s).count()));
  return { waiting, sending, unsure };
}

/** Live counts for the entry screen (undefined while first read). */
export const useQueueSummary = (): QueueSummary | undefined => useLiveQuery(queueSummary, []);

/** Whether a job with this id was ever queued on this device (kept a day after printing). */
export const jobExists = async (id: string): Promise<boolean> => !!(await printDb.jobs.get(id));
