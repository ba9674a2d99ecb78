import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, SqliteDriver, type DatabaseConnection, type QueryResult, type SqliteDialectConfig } from 'kysely';

/** Runs on a transaction's connection just before its COMMIT (a domain's work at commit, e.g. search indexing). */
export type SqliteCommitHook = (connection: DatabaseConnection) => Promise<void>;
import { isBusyError } from '../errors/storage-errors';

/**
 * How long a write waits for SQLite's write lock in all, after which it fails with SQLITE_BUSY
 * (answered 503 with Retry-After): well inside the web app's 10 s timeout and a shopper's patience.
 */
export const LOCK_WAIT_MS = 1_500;
/** What SQLite itself may busy-wait, on the thread: short, because it blocks the event loop. */
export const SYNC_BUSY_TIMEOUT_MS = 5;

/**
 * Kysely's SQLite driver with three changes:
 * - `BEGIN IMMEDIATE`: a transaction takes the write lock when it starts, so with two connections
 * (the server and a script such as the backup, or two processes) one waits for the other instead of failing with SQLITE_BUSY
 *   when a read inside it was overtaken by the other's commit.
 * - Waiting for the lock is asynchronous: better-sqlite3 is synchronous, and a long busy_timeout
 *   blocked the event loop (reads, static files, everything) while another process held the lock.
 *   A busy `BEGIN` or single statement gives the connection back, sleeps, and tries again until
 *   LOCK_WAIT_MS; meanwhile reads (which WAL never blocks) run on the connection.
 * - The commit hooks it is given run just before COMMIT (the orders' search index: new orders enter
 *   it at commit, in one statement, orders/order-search-index.ts); it imports no domain.
 */
export class ShopSqliteDriver extends SqliteDriver {
  readonly #mutex = new FairMutex();
  #connection: LockRetryingConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly beforeCommit: readonly SqliteCommitHook[] = [],
  ) {
    super(config);
  }

  override async init(): Promise<void> {
    await super.init();
    // The base driver's own mutex is taken once and kept; this driver hands the connection out.
    this.#connection = new LockRetryingConnection(await super.acquireConnection(), this.#mutex);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection!;
  }

  override async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const retrying = connection as LockRetryingConnection;
    await retrying.untilLocked(() => retrying.inner.executeQuery(CompiledQuery.raw('begin immediate')));
    retrying.inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const retrying = connection as LockRetryingConnection;
    for (const hook of this.beforeCommit) await hook(retrying.inner);
    await retrying.inner.executeQuery(CompiledQuery.raw('commit'));
    retrying.inTransaction = false;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const retrying = connection as LockRetryingConnection;
    retrying.inTransaction = false;
    try {
      await retrying.inner.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      // SQLite ends the transaction itself on a full disk or an I/O error; the error that did it is
      // what the caller must see, not this one (every full disk read as a 500).
      if (!(error instanceof Error && error.message.includes('no transaction is active'))) throw error;
    }
  }
}

class LockRetryingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly mutex: FairMutex,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Inside a transaction the lock is already held: nothing to wait for, and nothing may be re-run.
    if (this.inTransaction) return this.inner.executeQuery(query);
    return this.untilLocked(() => this.inner.executeQuery<R>(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }

  /**
   * Runs a statement that has no effect when it fails busy (a BEGIN, or one auto-commit statement)
   * until it gets the lock or LOCK_WAIT_MS has passed, giving the connection to others in between.
   */
  async untilLocked<T>(run: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      try {
        return await run();
      } catch (error) {
        if (!isBusyError(error) || Date.now() + pause > deadline) throw error;
      }
      this.mutex.unlock();
      await sleep(pause);
      await this.mutex.lock();
    }
  }
}

/** One holder at a time, served in the order they asked. */
class FairMutex {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}
