import type { Transaction } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

export type WriteJob<T> = (trx: Transaction<Database>) => Promise<T>;

export interface WriteQueue {
  /** Runs `job` atomically and resolves only once its writes are committed (durable). */
  run<T>(job: WriteJob<T>): Promise<T>;
}

interface Pending {
  job: WriteJob<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for SQLite (docs/decisions/payments.md): with synchronous=FULL each commit is an
 * fsync of about 1 ms that blocks the one event loop, so one transaction per write caps checkout
 * far below its budget. Jobs queued while a batch commits (or within `windowMs`) run together in one
 * transaction, each inside its own savepoint: a failing job rolls back alone and rejects, the others
 * commit, and nobody is answered before the commit. PostgreSQL has a pool and gets one transaction per job.
 */
export function createWriteQueue(db: Db, options: { windowMs?: number; maxBatch?: number } = {}): WriteQueue {
  if (isPostgres(db)) return { run: (job) => db.transaction().execute(job) };
  const windowMs = options.windowMs ?? 2;
  const maxBatch = options.maxBatch ?? 256;
  const queue: Pending[] = [];
  let scheduled = false;
  let committing = false;

  function schedule() {
    if (scheduled || committing || queue.length === 0) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      void flush();
    }, windowMs);
  }

  async function flush() {
    committing = true;
    let trx: Awaited<ReturnType<ReturnType<Db['startTransaction']>['execute']>>;
    try {
      trx = await db.startTransaction().execute();
    } catch (error) {
      // No transaction to be had (database closed or broken): fail what waits instead of retrying forever.
      for (const pending of queue.splice(0)) pending.reject(error);
      committing = false;
      return;
    }
    // Taken only once the connection is ours: jobs queued while waiting for it join this batch.
    const batch = queue.splice(0, maxBatch);
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      try {
        for (const [index, pending] of batch.entries()) {
          const name = `job_${index}`;
          const inSavepoint = await trx.savepoint(name).execute();
          try {
            outcomes.push({ ok: true, value: await pending.job(inSavepoint) });
            await inSavepoint.releaseSavepoint(name).execute();
          } catch (error) {
            await inSavepoint.rollbackToSavepoint(name).execute();
            await inSavepoint.releaseSavepoint(name).execute();
            outcomes.push({ ok: false, value: error });
          }
        }
        await trx.commit().execute();
      } catch (error) {
        await trx.rollback().execute().catch(() => undefined);
        throw error;
      }
      batch.forEach((pending, index) => (outcomes[index]!.ok ? pending.resolve : pending.reject)(outcomes[index]!.value));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      committing = false;
      if (queue.length >= maxBatch) void flush();
      else schedule();
    }
  }

  return {
    run<T>(job: WriteJob<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ job, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}
