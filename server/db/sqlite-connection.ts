import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * One SQLite connection as Kysely sees it: WAL mode with synchronous=FULL, so an acknowledged order
 * survives power loss, and a 5 s busy timeout. Used by the server's main connection and by the
 * checkout writer thread's own connection (server/payments/checkout-writer.ts), so both behave alike.
 */
/** Runs on a transaction's connection just before its COMMIT (a domain's work at commit, e.g. search indexing). */
export type SqliteCommitHook = (connection: DatabaseConnection) => Promise<void>;

export interface SqliteConnectionOptions {
  /** Registered by the composition (server/write-path/order-writer.ts), never imported here. */
  beforeCommit?: readonly SqliteCommitHook[];
}

export function openSqliteConnection(file: string, options: SqliteConnectionOptions = {}): Kysely<Database> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // 32 MiB of page cache instead of 2 MiB: the orders table's eight indexes and the search index
  // touch many pages per checkout, and re-reading them from the WAL costs more than the memory.
  sqlite.pragma('cache_size = -32768');
  // Statement journals and temporary tables in memory rather than in temporary files.
  sqlite.pragma('temp_store = MEMORY');
  const database = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ShopSqliteDialect({ database }, options.beforeCommit ?? []) });
  handles.set(db, database);
  return db;
}

const handles = new WeakMap<Kysely<Database>, SQLite.Database>();
const held = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * Marks `trx` as holding its SQLite connection until the returned release is called, so that
 * precompiled statements (precompiled.ts) run on it directly rather than through Kysely's
 * executor, whose connection hand-over costs more than most of the checkout's statements take to
 * run. Only for a transaction whose jobs run one after another (group-commit.ts): nothing else
 * can use the connection while the transaction holds it.
 */
export function holdConnection(db: Kysely<Database>, trx: Transaction<Database>): () => void {
  const handle = handles.get(db);
  if (!handle) return () => undefined;
  held.set(trx, handle);
  return () => held.delete(trx);
}

/** The connection a transaction holds (holdConnection), if any. */
export function heldConnection(db: Kysely<Database>): SQLite.Database | undefined {
  return held.get(db);
}

/**
 * Two changes to Kysely's SQLite transactions:
 * - `BEGIN IMMEDIATE`: a transaction takes the write lock when it starts, so with two connections
 *   (main thread and checkout writer) one waits for the other instead of failing with
 *   SQLITE_BUSY when a read inside it was overtaken by the other's commit.
 * - The registered commit hooks run just before COMMIT (the orders' search index: new orders enter
 *   it at commit, in one statement, orders/order-search-index.ts).
 */
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

class ShopSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly beforeCommit: readonly SqliteCommitHook[],
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    for (const hook of this.beforeCommit) await hook(connection);
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
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
