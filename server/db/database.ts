import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import { isPostgres } from './dialect';
import type { DatabaseConfig } from '../config/config';
import { migrations } from './migrations';
import { openSqliteConnection, type SqliteConnectionOptions } from './sqlite-connection';
import { isBusyError } from '../errors/storage-errors';
import { StartupError, unwritableDataError } from '../errors/startup-error';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** How long PostgreSQL lets a session of the shop sit idle inside a transaction (docs/deploy.md). */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export interface DatabaseOptions extends Omit<SqliteConnectionOptions, 'attach'> {
  /**
   * A store kept apart from the shop's own tables, whose tables the connection finds by their
   * names: a SQLite file attached under `schema` (when the shop is on SQLite), or the PostgreSQL
   * schema `schema`, after `public` on the search path. Created by its owner, not by migrations.
   */
  sideStore?: { schema: string; sqliteFile: string | null };
}

/** Opens the database named by the config: SQLite (server/db/sqlite-connection.ts) or a PostgreSQL pool. */
export async function openDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): Promise<Db> {
  const { sideStore, ...sqliteOptions } = options;
  if (config.kind === 'sqlite') {
    const attach = sideStore?.sqliteFile ? { attach: { schema: sideStore.schema, file: sideStore.sqliteFile } } : {};
    const db = openSqliteConnection(config.path, { ...sqliteOptions, ...attach });
    await proveWritable(db, config.path);
    return db;
  }
  const pg = await import('pg');
  // BIGINT columns hold epoch milliseconds and counters, all well inside Number's safe range.
  pg.default.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.default.Pool({
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    // A transaction left open by a process that froze, or whose host vanished without closing the
    // connection, would hold the change lock until TCP gave up (hours), and every sync pull of every
    // process would wait for it (orders/change-sequence.repository.ts). PostgreSQL ends such a session
    // after a minute; the shop's transactions wait between statements for nothing but the database.
    // `?idle_in_transaction_session_timeout=<ms>` in DATABASE_URL overrides it.
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ...(sideStore ? { options: `-c search_path="$user",public,${sideStore.schema}` } : {}),
  });
  // An idle client whose server went away (restart, failover) emits 'error'; without a listener that
  // would end the process. The pool drops the client and the next query connects afresh.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL idle client error: ${error.message}`));
  // A client in use, inside a transaction between two statements, whose connection the server ends
  // (restart, failover, pg_terminate_backend) emits 'error' with no listener of the pool's, which
  // would end the process. Nothing to do here: the transaction's next statement fails with the
  // error, which answers its request (a 503, errors/storage-errors.ts), and the pool drops the client
  // when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  await refuseReadOnlyPostgres(db, config.url);
  return db;
}

/**
 * A standby, or a database or role with `default_transaction_read_only`, would let the shop start
 * and fail every write: it stops start-up with one line instead. A server that does not answer is
 * left to the first query, as before.
 */
async function refuseReadOnlyPostgres(db: Db, url: string): Promise<void> {
  let readOnly: string | undefined;
  try {
    readOnly = (await sql<{ transaction_read_only: string }>`SHOW transaction_read_only`.execute(db)).rows[0]?.transaction_read_only;
  } catch {
    return;
  }
  if (readOnly !== 'on') return;
  await db.destroy();
  throw new StartupError(
    `The PostgreSQL database at ${withoutPassword(url)} is read-only (a standby, or default_transaction_read_only is on). Point DATABASE_URL at the primary, or turn default_transaction_read_only off for the shop's role and database.`,
  );
}

const withoutPassword = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

const pools = new WeakMap<Db, import('pg').Pool>();

/** The pool behind a PostgreSQL database, for libraries that take one (the shared rate-limit store). */
export function postgresPoolOf(db: Db): import('pg').Pool | undefined {
  return pools.get(db);
}

/**
 * Refreshes SQLite's table statistics where they are stale (PRAGMA optimize, bounded work), so the
 * planner knows, e.g., that most orders are delivered and a text search should drive the admin
 * list instead of the status index. Run at start-up, hourly, and after bulk loads. No-op on PostgreSQL,
 * whose autovacuum keeps statistics.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await sql`PRAGMA analysis_limit = 1000`.execute(db);
  await sql`PRAGMA optimize = 0x10002`.execute(db);
}

/**
 * Takes the write lock once, so that a data folder or file the process cannot write stops start-up
 * with one clear line (startup-error.ts), not the first customer's checkout. A lock held elsewhere
 * only means someone else is writing: that is no reason not to start.
 */
async function proveWritable(db: Db, file: string): Promise<void> {
  try {
    // An empty transaction takes no lock a read-only file refuses: the header's own value is written back.
    await db.transaction().execute(async (trx) => {
      const version = Number((await sql<{ user_version: number }>`PRAGMA user_version`.execute(trx)).rows[0]?.user_version ?? 0);
      await sql.raw(`PRAGMA user_version = ${version}`).execute(trx);
    });
  } catch (error) {
    if (isBusyError(error)) return;
    await db.destroy();
    throw unwritableDataError(file, error);
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
