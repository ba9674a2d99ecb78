import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteDialectConfig, type SqliteDriver } from 'kysely';
import { ShopSqliteDriver, SYNC_BUSY_TIMEOUT_MS, type SqliteCommitHook } from './sqlite-driver';
import type { Database } from './schema';
import { unwritableDataError } from '../errors/startup-error';

/**
 * One SQLite connection as Kysely sees it: WAL mode with synchronous=FULL, so an acknowledged order
 * survives power loss, and a short busy timeout (the driver waits for the lock asynchronously).
 * SQLite's own automatic checkpoint copies the WAL into the file.
 */
export interface SqliteConnectionOptions {
  /** Registered by the composition (server/app.ts), never imported here. */
  beforeCommit?: readonly SqliteCommitHook[];
  /**
   * Another file this connection reaches under a schema name, with the same durability; its tables
   * are found unqualified when the main file has none of that name (SQLite's ATTACH).
   */
  attach?: { schema: string; file: string };
}

/**
 * Each connection's page cache (KiB) and how much of the file it reads through a memory map
 * (bytes; the most better-sqlite3's SQLite allows). The unique indexes on random keys (idempotency
 * keys, order numbers) touch pages all over themselves, so the pages a write needs grow with the
 * file; SQLite's default 2 MiB cache re-read them from disk once the file held many orders. A much
 * larger cache costs at every commit, which walks the whole cache. SQLite takes the cache's memory
 * only as it reads pages, and the map's pages are the kernel's file cache, so a small shop stays small.
 */
export const PAGE_CACHE_KIB = 128 * 1024;
export const MMAP_BYTES = 0x7fff0000;

export function openSqliteConnection(file: string, options: SqliteConnectionOptions = {}): Kysely<Database> {
  let sqlite: SQLite.Database;
  try {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
  } catch (error) {
    throw unwritableDataError(file, error);
  }
  sqlite.pragma('synchronous = FULL');
  if (options.attach) attachFile(sqlite, options.attach);
  // Short: better-sqlite3 waits on the thread; longer waits are asynchronous (sqlite-driver.ts).
  sqlite.pragma(`busy_timeout = ${SYNC_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  // Statement journals and temporary tables in memory rather than in temporary files.
  sqlite.pragma('temp_store = MEMORY');
  return new Kysely<Database>({ dialect: new ShopSqliteDialect({ database: withStatementCache(sqlite) }, options.beforeCommit ?? []) });
}

/** Prepared statements kept per connection: more than the shop's distinct statements, fewer than a leak. */
const CACHED_STATEMENTS = 500;

/**
 * The connection as Kysely's driver sees it, handing out each SQL text's prepared statement again
 * instead of preparing it anew for every query: SQLite's parse and plan of the checkout's statements
 * cost the event loop more than running them. Least recently used go first; a statement still being
 * iterated (a stream) is not handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (cached) return statement;
      statements.set(text, statement);
      if (statements.size > CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

function attachFile(sqlite: SQLite.Database, { schema, file }: { schema: string; file: string }): void {
  try {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    sqlite.prepare(`ATTACH DATABASE ? AS "${schema}"`).run(file);
    sqlite.pragma(`"${schema}".journal_mode = WAL`);
  } catch (error) {
    sqlite.close();
    throw unwritableDataError(file, error);
  }
  sqlite.pragma(`"${schema}".synchronous = FULL`);
}

/** Kysely's SQLite dialect with the shop's driver (sqlite-driver.ts). */
class ShopSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #beforeCommit: readonly SqliteCommitHook[];

  constructor(config: SqliteDialectConfig, beforeCommit: readonly SqliteCommitHook[]) {
    super(config);
    this.#config = config;
    this.#beforeCommit = beforeCommit;
  }

  override createDriver(): SqliteDriver {
    return new ShopSqliteDriver(this.#config, this.#beforeCommit);
  }
}
