import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Database work only: after a rollback of its batch a job runs again with the rest of it. */
export type WriteJob<T> = (trx: Transaction<Database>) => Promise<T>;

/** The app's write queue: group commit on SQLite (group-commit.ts) and PostgreSQL (postgres-group-commit.ts). */
export interface WriteQueue {
  /** Runs `job` atomically and resolves only once its writes are committed (durable). */
  run<T>(job: WriteJob<T>): Promise<T>;
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
