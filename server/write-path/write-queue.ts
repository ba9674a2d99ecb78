import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Database work only: after a rollback of its batch a job runs again with the rest of it. */
export type WriteJob<T> = (trx: Transaction<Database>) => Promise<T>;

/**
 * Work that the jobs of one batch do together: `runAll` gets the inputs of every job of the batch
 * that runs this work (same object) and answers each, in order. On PostgreSQL it writes them with
 * one multi-row statement per table (a round trip per statement is what a batch costs there); on
 * SQLite each job runs alone (`runAll` with one input), in-process statements being cheaper than
 * building multi-row ones. Database work only, as for `WriteJob`.
 */
export interface BatchedWork<I, O> {
  runAll(trx: Transaction<Database>, inputs: I[]): Promise<O[]>;
}

/** The app's write queue: group commit on SQLite (group-commit.ts) and PostgreSQL (postgres-group-commit.ts). */
export interface WriteQueue {
  /** Runs `job` atomically and resolves only once its writes are committed (durable). */
  run<T>(job: WriteJob<T>): Promise<T>;
  /** Runs `work` for `input` atomically, together with the batch's other inputs of the same work. */
  runBatched<I, O>(work: BatchedWork<I, O>, input: I): Promise<O>;
}

/** `runBatched` where every job runs alone: `work` for the one input. */
export function runAlone<I, O>(queue: Pick<WriteQueue, 'run'>, work: BatchedWork<I, O>, input: I): Promise<O> {
  return queue.run(async (trx) => (await work.runAll(trx, [input]))[0]!);
}

/**
 * What a domain adds to every batch transaction of the write path, registered when the app is
 * composed (server/app.ts): `begin` when a batch transaction opens, `beforeCommit` as its last
 * statements. The sync domain uses it to hand out a SQLite batch's change sequence in blocks
 * (sync/change-seq-block.ts).
 */
export interface BatchHook {
  begin(trx: Transaction<Database>): void;
  beforeCommit(trx: Transaction<Database>): Promise<void>;
  /** The batch rolled back: forget what was staged. */
  end(trx: Transaction<Database>): void;
}
