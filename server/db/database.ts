import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from 'kysely';
import { isPostgres } from './dialect';
import type { DatabaseConfig } from '../config';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * Opens the database named by the config. SQLite runs in WAL mode with synchronous=FULL, so an
 * acknowledged order survives power loss, and waits up to 5 s for a lock instead of failing.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  if (config.kind === 'sqlite') {
    if (config.path !== ':memory:') fs.mkdirSync(path.dirname(config.path), { recursive: true });
    const sqlite = new SQLite(config.path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // 32 MiB of page cache instead of 2 MiB: the orders table's eight indexes and the search index
    // touch many pages per checkout, and re-reading them from the WAL costs more than the memory.
    sqlite.pragma('cache_size = -32768');
    // Statement journals and temporary tables in memory rather than in temporary files.
    sqlite.pragma('temp_store = MEMORY');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  const pg = await import('pg');
  // BIGINT columns hold epoch milliseconds and counters, all well inside Number's safe range.
  pg.default.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.default.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client whose server went away (restart, failover) emits 'error'; without a listener that
  // would end the process. The pool drops the client and the next query connects afresh.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL idle client error: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running most of
 * ours. Statements are reused per SQL text (bounded), except one still being iterated.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, receiver);
        // Native methods must be called on the real database object, not on the proxy.
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (sql: string) => {
        const cached = cache.get(sql);
        if (cached && !cached.busy) return cached;
        const statement = prepare(sql);
        if (!cached && cache.size < 2000) cache.set(sql, statement);
        return statement;
      };
    },
  });
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
