import type { Db } from '../db/database';
import type { BatchHook, WriteJob, WriteQueue } from './write-queue';
import { createBatcher, type Request } from './batcher';

export interface PostgresWriteQueueOptions {
  /** Batch transactions under way at once (each holds one pooled connection). */
  concurrency?: number;
  /** The most jobs one transaction takes. */
  maxBatch?: number;
  hooks?: readonly BatchHook[];
}

/** Errors after which the jobs of a batch are run again, each in a transaction of its own. */
const RETRY_ALONE = new Set(['23505', '40001', '40P01']);

/** A unique violation, serialization failure or deadlock: one of the batch's jobs may alone be the cause. */
export function isRetryableAlone(error: unknown): boolean {
  return RETRY_ALONE.has(String((error as { code?: unknown } | null)?.code));
}

/**
 * Group commit for PostgreSQL (docs/decisions/scale.md). One transaction per job made every
 * checkout pay three commits (WAL flushes) of its own on the pool's few connections: 21 orders/s
 * against pgbench's 536 tps on a loaded host (docs/benchmarks/checkout.md). Here jobs that arrive
 * while `concurrency` batches are under way wait and then run together in one transaction. Jobs
 * run one after another on the batch's connection and must only touch the database: as on SQLite
 * (group-commit.ts), a job that throws rolls its batch back, fails alone, and the others
 * go back to the front of the queue. A failure at the hooks or the commit (e.g. a deadlock)
 * runs each job of the batch again in a transaction of its own, so one
 * job's conflict never fails another job.
 */
export function createPostgresWriteQueue(db: Db, options: PostgresWriteQueueOptions = {}): WriteQueue {
  const hooks = options.hooks ?? [];
  const batcher = createBatcher<WriteJob<unknown>, unknown>(runBatch, { concurrency: options.concurrency ?? 3, maxBatch: options.maxBatch ?? 64 });

  type Outcome = { ok: true; values: unknown[] } | { ok: false; error: unknown; failedJob: number | null };

  async function runInOneTransaction(jobs: Request<WriteJob<unknown>, unknown>[]): Promise<Outcome> {
    const trx = await db.startTransaction().execute();
    for (const hook of hooks) hook.begin(trx);
    const values: unknown[] = [];
    try {
      try {
        for (const pending of jobs) values.push(await pending.input(trx));
      } catch (error) {
        await trx.rollback().execute().catch(() => undefined);
        return { ok: false, error, failedJob: values.length };
      }
      try {
        for (const hook of hooks) await hook.beforeCommit(trx);
        await trx.commit().execute();
      } catch (error) {
        await trx.rollback().execute().catch(() => undefined);
        return { ok: false, error, failedJob: null };
      }
      return { ok: true, values };
    } finally {
      for (const hook of hooks) hook.end(trx);
    }
  }

  async function runBatch(batch: Request<WriteJob<unknown>, unknown>[]): Promise<void> {
    const outcome = await runInOneTransaction(batch);
    if (outcome.ok) {
      batch.forEach((pending, index) => pending.resolve(outcome.values[index]));
    } else if (outcome.failedJob !== null) {
      batch[outcome.failedJob]!.reject(outcome.error);
      batcher.requeue(batch.filter((_, index) => index !== outcome.failedJob));
    } else if (batch.length > 1 && isRetryableAlone(outcome.error)) {
      for (const pending of batch) await runBatch([pending]);
    } else {
      for (const pending of batch) pending.reject(outcome.error);
    }
  }

  return { run: <T>(job: WriteJob<T>) => batcher.submit(job) as Promise<T> };
}
