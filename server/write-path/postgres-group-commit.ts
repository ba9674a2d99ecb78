import type { Db } from '../db/database';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { BatchHook, BatchedWork, WriteJob, WriteQueue } from './write-queue';
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
 * Group commit for PostgreSQL (docs/decisions.md). One transaction per job made every
 * checkout pay three commits (WAL flushes) of its own on the pool's few connections: 21 orders/s
 * against pgbench's 536 tps on a loaded host (docs/benchmarks.md). Here jobs that arrive
 * while `concurrency` batches are under way wait and then run together in one transaction. Jobs
 * run one after another on the batch's connection and must only touch the database: as on SQLite
 * (group-commit.ts), a job that throws rolls its batch back, fails alone, and the others
 * go back to the front of the queue. A failure at the hooks or the commit (e.g. a deadlock)
 * runs each job of the batch again in a transaction of its own, so one
 * job's conflict never fails another job.
 *
 * Jobs of the same `BatchedWork` (`runBatched`: the checkout's intents and paid orders) run
 * together, at the place of the first of them, with one multi-row statement per table: a batch
 * then costs a dozen round trips, not a dozen per order (docs/benchmarks.md). Jobs that
 * arrive together have no order among them, so the outcome is still that of some one-by-one
 * order. When such a group throws, which of its jobs failed is unknown: every job of the batch
 * runs again in a transaction of its own.
 */
export function createPostgresWriteQueue(db: Db, options: PostgresWriteQueueOptions = {}): WriteQueue {
  const hooks = options.hooks ?? [];
  const batcher = createBatcher<Job, unknown>(runBatch, { concurrency: options.concurrency ?? 3, maxBatch: options.maxBatch ?? 64 });

  /** failedJob: the job that threw, 'group' (one of a group of batched work), null (hooks or commit). */
  type Outcome = { ok: true; values: unknown[] } | { ok: false; error: unknown; failedJob: number | 'group' | null };

  async function runInOneTransaction(jobs: Request<Job, unknown>[]): Promise<Outcome> {
    const trx = await db.startTransaction().execute();
    for (const hook of hooks) hook.begin(trx);
    const values: unknown[] = [];
    try {
      let running: Group | undefined;
      try {
        for (const group of groupsOf(jobs)) {
          running = group;
          const results = await runGroup(trx, group);
          group.indexes.forEach((at, position) => (values[at] = results[position]));
        }
      } catch (error) {
        await trx.rollback().execute().catch(() => undefined);
        const failed = running!.indexes;
        return { ok: false, error, failedJob: failed.length === 1 ? failed[0]! : 'group' };
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

  async function runBatch(batch: Request<Job, unknown>[]): Promise<void> {
    const outcome = await runInOneTransaction(batch);
    if (outcome.ok) {
      batch.forEach((pending, index) => pending.resolve(outcome.values[index]));
    } else if (outcome.failedJob === 'group') {
      for (const pending of batch) await runBatch([pending]);
    } else if (outcome.failedJob !== null && !(batch.length > 1 && isRetryableAlone(outcome.error))) {
      batch[outcome.failedJob]!.reject(outcome.error);
      batcher.requeue(batch.filter((_, index) => index !== outcome.failedJob));
    } else if (batch.length > 1 && isRetryableAlone(outcome.error)) {
      // A deadlock or conflict, at the commit or inside a job (two batches locking two discount
      // codes in opposite orders): each job again on its own, so none fails for another's lock.
      for (const pending of batch) await runBatch([pending]);
    } else {
      for (const pending of batch) pending.reject(outcome.error);
    }
  }

  return {
    run: <T>(job: WriteJob<T>) => batcher.submit(job) as Promise<T>,
    runBatched: <I, O>(work: BatchedWork<I, O>, input: I) => batcher.submit({ work, input } as Batched) as Promise<O>,
  };
}

type Batched = { work: BatchedWork<unknown, unknown>; input: unknown };
type Job = WriteJob<unknown> | Batched;

/** The batch's jobs as groups to run in turn: a plain job alone, batched work with all its inputs. */
interface Group {
  indexes: number[];
  job?: WriteJob<unknown>;
  work?: BatchedWork<unknown, unknown>;
  inputs: unknown[];
}

function groupsOf(jobs: Request<Job, unknown>[]): Group[] {
  const groups: Group[] = [];
  const byWork = new Map<BatchedWork<unknown, unknown>, Group>();
  jobs.forEach(({ input: job }, index) => {
    if (typeof job === 'function') return void groups.push({ indexes: [index], job, inputs: [] });
    const group = byWork.get(job.work);
    if (group) {
      group.indexes.push(index);
      group.inputs.push(job.input);
      return;
    }
    const first: Group = { indexes: [index], work: job.work, inputs: [job.input] };
    byWork.set(job.work, first);
    groups.push(first);
  });
  return groups;
}

async function runGroup(trx: Transaction<Database>, group: Group): Promise<unknown[]> {
  if (group.job) return [await group.job(trx)];
  const results = await group.work!.runAll(trx, group.inputs);
  if (results.length !== group.inputs.length) throw new Error(`batched work answered ${results.length} of ${group.inputs.length} inputs`);
  return results;
}
