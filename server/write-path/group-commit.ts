import { isPostgres } from '../db/dialect';
import type { Db } from '../db/database';
import { holdConnection } from '../db/sqlite-connection';
import { runAlone, type BatchHook, type BatchedWork, type WriteJob, type WriteQueue } from './write-queue';
import { createPostgresWriteQueue } from './postgres-group-commit';

export type { BatchedWork, WriteJob, WriteQueue };


interface Pending {
  job: WriteJob<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface WriteQueueOptions {
  /**
   * How long the first job of a batch waits for others (default 0: the next event-loop turn). Jobs
   * that arrive while a batch commits wait for it anyway; a 2 ms wait cost up to 3× the added p99
   * at 64 shoppers and gained no steady throughput (docs/benchmarks.md).
   */
  windowMs?: number;
  /** The most jobs one transaction takes; a function is asked again for each batch. */
  maxBatch?: number | (() => number);
  onCommit?: (jobs: number) => void;
  /** What domains add to every batch transaction, injected by the composition (server/app.ts). */
  hooks?: readonly BatchHook[];
}

/**
 * Group commit for SQLite (docs/decisions.md): with synchronous=FULL each commit is an
 * fsync that blocks the one event loop, so one transaction per write caps checkout far below its
 * budget. Jobs queued while a batch commits (or within `windowMs`) run together in one transaction,
 * and nobody is answered before the commit. There are no savepoints between the jobs: the orders'
 * full-text index writes its pending terms to disk at every savepoint and release, which cost more
 * than the jobs themselves. Instead, when a job throws, the batch rolls back, that job fails with
 * its error, and the other jobs go back to the front of the queue to run again together: the
 * outcome is that of running the jobs one by one in queue order, at one extra transaction per
 * failing job. Jobs therefore must only touch the database (they may run twice). PostgreSQL's
 * batches run side by side (postgres-group-commit.ts).
 */
export function createWriteQueue(db: Db, options: WriteQueueOptions = {}): WriteQueue {
  if (isPostgres(db)) return createPostgresWriteQueue(db, { hooks: options.hooks });
  const hooks = options.hooks ?? [];
  const windowMs = options.windowMs ?? 0;
  const limit = options.maxBatch ?? 256;
  const maxBatch = typeof limit === 'number' ? () => limit : limit;
  const queue: Pending[] = [];
  let scheduled = false;
  let committing = false;

  function schedule() {
    if (scheduled || committing || queue.length === 0) return;
    scheduled = true;
    const start = () => {
      scheduled = false;
      void flush();
    };
    if (windowMs > 0) setTimeout(start, windowMs);
    else setImmediate(start);
  }

  type Outcome = { ok: true; values: unknown[] } | { ok: false; error: unknown; failedJob: number | null };

  /** Runs the jobs in one transaction: their results, or the error and which job threw it (null: the commit). */
  async function runInOneTransaction(jobs: Pending[]): Promise<Outcome> {
    const trx = await db.startTransaction().execute();
    for (const hook of hooks) hook.begin(trx);
    let committed: unknown[];
    try {
      const values: unknown[] = [];
      const release = holdConnection(db, trx);
      try {
        for (const pending of jobs) values.push(await pending.job(trx));
      } catch (error) {
        release();
        await trx.rollback().execute().catch(() => undefined);
        return { ok: false, error, failedJob: values.length };
      }
      try {
        for (const hook of hooks) await hook.beforeCommit(trx);
      } finally {
        release();
      }
      await trx.commit().execute();
      committed = values;
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined);
      return { ok: false, error, failedJob: null };
    } finally {
      for (const hook of hooks) hook.end(trx);
    }
    options.onCommit?.(jobs.length);
    return { ok: true, values: committed };
  }

  async function flush() {
    committing = true;
    const batch = queue.splice(0, maxBatch());
    try {
      const outcome = await runInOneTransaction(batch);
      if (outcome.ok) {
        batch.forEach((pending, index) => pending.resolve(outcome.values[index]));
      } else if (outcome.failedJob === null) {
        for (const pending of batch) pending.reject(outcome.error);
      } else {
        batch[outcome.failedJob]!.reject(outcome.error);
        queue.unshift(...batch.filter((_, index) => index !== outcome.failedJob));
      }
    } catch (error) {
      // No transaction to be had (database closed or broken): fail what waits instead of retrying forever.
      for (const pending of [...batch, ...queue.splice(0)]) pending.reject(error);
    } finally {
      committing = false;
      if (queue.length >= maxBatch()) void flush();
      else schedule();
    }
  }

  const writeQueue: WriteQueue = {
    run<T>(job: WriteJob<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ job, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    runBatched: (work, input) => runAlone(writeQueue, work, input),
  };
  return writeQueue;
}
