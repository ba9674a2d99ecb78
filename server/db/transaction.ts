import { sql, type ControlledTransaction, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/** A database handle or an open transaction: repository functions take either, `db` first. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** An open transaction: what a function takes when it must run inside its caller's transaction. */
export type Trx = Transaction<Database>;

/** Runs work in one transaction and resolves with its result (`inTransaction(db)`). */
export type TransactionRunner = <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;

/** A plain transaction on `db` (SQLite's begin IMMEDIATE, PostgreSQL's read committed). */
export function inTransaction(db: Kysely<Database>): TransactionRunner {
  return (work) => db.transaction().execute(work);
}

/**
 * Holds a lock named `name` until the transaction ends, so transactions about the same thing in
 * other processes wait for each other (PostgreSQL behind a load balancer). SQLite needs nothing:
 * its write transactions already run one at a time (they begin IMMEDIATE).
 */
export async function lockUntilCommit(trx: Trx, name: string | number): Promise<void> {
  if (!isPostgres(trx)) return;
  if (typeof name === 'number') await sql`select pg_advisory_xact_lock(${name})`.execute(trx);
  else await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

/**
 * Runs `work` inside a savepoint of `trx`: if it throws, what it wrote is undone and the error
 * passes on, while the rest of the transaction goes on (one sync mutation cannot undo another).
 */
export async function inSavepoint<T>(trx: ControlledTrx, name: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  const inside = await trx.savepoint(name).execute();
  try {
    const result = await work(inside);
    await inside.releaseSavepoint(name).execute();
    return result;
  } catch (error) {
    await inside.rollbackToSavepoint(name).execute();
    await inside.releaseSavepoint(name).execute();
    throw error;
  }
}

/** A transaction opened by hand, which can hold savepoints. */
export type ControlledTrx = ControlledTransaction<Database>;

/** Runs `work` in one transaction opened by hand, for work that needs savepoints (`inSavepoint`). */
export async function inControlledTransaction<T>(db: Kysely<Database>, work: (trx: ControlledTrx) => Promise<T>): Promise<T> {
  const trx = await db.startTransaction().execute();
  try {
    const result = await work(trx);
    await trx.commit().execute();
    return result;
  } catch (error) {
    await trx.rollback().execute().catch(() => undefined);
    throw error;
  }
}
