// An old book's import as a job (issue 30): the request answers at once with the job's id; the rows
// are stored in chunks (ledger-import.ts), then the givers join the ledger's people (the matcher,
// off the request path); the host's device polls the job's progress (GET /moi/ledger/import/jobs/:id).
// The job's row keeps status, phase and counts, so any instance can answer the poll.
import { and, eq, sql } from 'drizzle-orm';
import type { LedgerImportJob, LedgerImportResult } from '../../contract/ledger';
import { uuidv7 } from '../../contract/ids';
import type { Db } from '../db/client';
import { ledgerJobs } from '../db/schema';
import { DomainError } from '../errors';
import type { Actor } from '../session';
import { importBook, type ImportBody } from './ledger-import';
import type { LedgerMatcher } from './ledger-matcher';

/** A running job whose row has not moved for this long was cut off (the server stopped). */
const STALLED_MS = 5 * 60_000;

async function setJob(db: Db, id: string, v: Partial<typeof ledgerJobs.$inferInsert>): Promise<void> {
  await db.update(ledgerJobs).set({ ...v, updatedAt: sql`now()` as unknown as string }).where(eq(ledgerJobs.id, id));
}

/**
 * Store the book and group its givers, reporting progress into the job's row. Resolves with the
 * result (the job row says done), or rejects (the row says failed).
 */
export async function runImportJob(db: Db, matcher: LedgerMatcher, actor: Actor, body: ImportBody, jobId: string): Promise<LedgerImportResult> {
  try {
    let last = 0;
    const result = await importBook(db, actor, body, async (done, total) => {
      // At most about twice a second into the row: progress, not load.
      if (done === 0 || done === total || Date.now() - last > 500) {
        last = Date.now();
        await setJob(db, jobId, { phase: 'storing', done, total });
      }
    });
    await setJob(db, jobId, { phase: 'matching', done: result.imported, total: result.imported });
    await matcher.settle(actor.id, { links: true });
    await setJob(db, jobId, { status: 'done', phase: 'done', result });
    return result;
  } catch (e) {
    await setJob(db, jobId, { status: 'failed', error: 'failed' }).catch(() => {});
    throw e;
  }
}

/** Start an import job; the work goes on after this returns. */
export async function startImportJob(db: Db, matcher: LedgerMatcher, actor: Actor, body: ImportBody, log: (e: unknown) => void): Promise<{ jobId: string; done: Promise<LedgerImportResult> }> {
  const jobId = uuidv7();
  await db.insert(ledgerJobs).values({ id: jobId, ownerId: actor.id, kind: 'import', status: 'running', phase: 'storing', total: body.rows.length });
  const done = runImportJob(db, matcher, actor, body, jobId);
  done.catch(log);
  return { jobId, done };
}

/** The job as its owner sees it; not_found for anyone else. */
export async function readImportJob(db: Db, actor: Actor, id: string): Promise<LedgerImportJob> {
  const [j] = await db.select().from(ledgerJobs).where(and(eq(ledgerJobs.id, id), eq(ledgerJobs.ownerId, actor.id)));
  if (!j) throw new DomainError('not_found', 'Import not found');
  const stalled = j.status === 'running' && Date.now() - Date.parse(String(j.updatedAt)) > STALLED_MS;
  return {
    id: j.id,
    status: stalled ? 'failed' : (j.status as LedgerImportJob['status']),
    phase: j.phase,
    done: j.done,
    total: j.total,
    result: (j.result as LedgerImportResult | null) ?? null,
    error: stalled ? 'interrupted' : j.error,
  };
}
