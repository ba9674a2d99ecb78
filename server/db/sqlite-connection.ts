import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDialectConfig, type SqliteDriver, type Transaction } from 'kysely';
import { ShopSqliteDriver, SYNC_BUSY_TIMEOUT_MS, type SqliteCommitHook } from './sqlite-driver';
import type { Database } from './schema';
import { unwritableDataError } from '../errors/startup-error';

/**
 * One SQLite connection as Kysely sees it: WAL mode with synchronous=FULL, so an acknowledged order
 * survives power loss, and a short busy timeout (the driver waits for the lock asynchronously). Used by the server's main connection and by the
 * checkpoint thread's connection (server/write-path/wal-checkpointer.ts), so both behave alike.
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
 * The WAL's bound, in pages, for every connection: past it, the connection that commits checkpoints
 * itself, between its transactions, and the WAL then starts over. SQLite's default is 1,000 pages.
 * Checkpoints run on a thread of their own (server/write-path/wal-checkpointer.ts, started by server/app.ts),
 * so this is only the bound: at most 10,000 pages (40 MB) of WAL, whose own checkpoint then copies
 * only what that thread has not yet.
 */
export const WAL_BOUND_PAGES = 10_000;

/**
 * Each connection's page cache (KiB; SQLite's default is 2 MiB) and how much of the file it reads
 * through a memory map (bytes; the most better-sqlite3's SQLite allows, 2 GB). The unique indexes on
 * random keys (idempotency keys, order numbers) touch pages all over themselves, so the pages a
 * checkout batch needs grow with the file. With 32 MiB and no map, the checkout lost half its
 * orders/s (p99 20 to 200 ms) once the file held about 180,000 orders (600 MB), re-reading those
 * pages. A larger cache alone is no cure: at every commit SQLite walks its whole page cache
 * (pcache1TruncateUnsafe, 17 % of the process's CPU at 256 MiB), so 256 MiB cost 10-15 % on a small
 * file. 128 MiB with the map kept pace on a small file and gave 1.3-1.6 times the old orders/s past
 * 200,000 orders (bench `sqlite-growth`, docs/benchmarks.md). SQLite takes the cache's memory only
 * as it reads pages, and the map's pages are the kernel's file cache, so a small shop stays small.
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
  // The same bound on every connection, so that a commit on the main thread does not checkpoint on
  // the event loop whenever the WAL has passed SQLite's 1,000 pages.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_BOUND_PAGES}`);
  const statements = statementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ShopSqliteDialect({ database: withStatementCache(sqlite, statements) }, options.beforeCommit ?? []) });
  handles.set(db, statements);
  return db;
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

/** A connection's cached statements, for precompiled queries run straight on it (precompiled.ts). */
export interface HeldConnection {
  prepare(sql: string): SQLite.Statement;
}

const handles = new WeakMap<Kysely<Database>, HeldConnection>();
const held = new WeakMap<Kysely<Database>, HeldConnection>();

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
export function heldConnection(db: Kysely<Database>): HeldConnection | undefined {
  return held.get(db);
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

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running most of
 * ours. Statements are reused per SQL text (bounded), except one still being iterated.
 */
function statementCache(sqlite: SQLite.Database): HeldConnection {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached && cache.size < 2000) cache.set(sql, statement);
      return statement;
    },
  };
}

/** The database as Kysely's driver sees it: its `prepare` goes through the cache. */
function withStatementCache(sqlite: SQLite.Database, statements: HeldConnection): SQLite.Database {
  // Native methods must be called on the real database object, not on the proxy; each is bound
  // once, not at every access (the driver reaches for `prepare` at every query).
  const bound = new Map<PropertyKey, unknown>([['prepare', statements.prepare]]);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (bound.has(property)) return bound.get(property);
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value.bind(target);
      bound.set(property, method);
      return method;
    },
  });
}
