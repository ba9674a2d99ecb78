import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from '../config/database-config';

/**
 * The lock a running shop holds on its database, so that `npm run restore` refuses to replace the
 * database under it. Held by the operating system or by PostgreSQL, never by a file's mere
 * presence, so a shop killed with -9 leaves nothing behind:
 * - SQLite: an exclusive lock on `<database>-lock`, a small SQLite file of its own (SQLite's
 *   locking works between processes and between connections of one process alike);
 * - PostgreSQL: a shared advisory lock held by every process of the shop; the restore asks for it
 *   exclusively, which no shop process then gets until it ends.
 */
export interface DatabaseLock {
  release(): Promise<void>;
  /** True once the lock is gone without a release (PostgreSQL: its connection was lost). */
  readonly lost: boolean;
}

/** The advisory key pair of the running shops, apart from the shop's other advisory locks. */
const PG_LOCK = '1802, 1';

export const sqliteLockPath = (databasePath: string) => `${databasePath}-lock`;

/** The exclusive lock (the restore's): null when a shop (or another restore) holds the database. */
export async function tryLockExclusively(database: DatabaseConfig): Promise<DatabaseLock | null> {
  if (database.kind === 'sqlite') return lockSqliteFile(sqliteLockPath(database.path));
  return lockPostgres(database.url, 'pg_try_advisory_lock');
}

/** A running shop's share of the lock: null while a restore holds it. */
export async function tryLockShared(database: DatabaseConfig): Promise<DatabaseLock | null> {
  if (database.kind === 'sqlite') return database.path === ':memory:' ? { release: async () => undefined, lost: false } : lockSqliteFile(sqliteLockPath(database.path));
  return lockPostgres(database.url, 'pg_try_advisory_lock_shared');
}

function lockSqliteFile(file: string): DatabaseLock | null {
  const db = new SQLite(file);
  try {
    db.pragma('busy_timeout = 0');
    // In exclusive locking mode a connection keeps the lock of its first write until it closes.
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = MEMORY');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since INTEGER NOT NULL)');
    db.transaction(() => {
      db.exec('DELETE FROM holder');
      db.prepare('INSERT INTO holder (pid, since) VALUES (?, ?)').run(process.pid, Date.now());
    })();
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY') || (error as { code?: string }).code === 'SQLITE_LOCKED') return null;
    throw error;
  }
  return {
    release: async () => {
      if (db.open) db.close();
    },
    lost: false,
  };
}

async function lockPostgres(url: string, take: 'pg_try_advisory_lock' | 'pg_try_advisory_lock_shared'): Promise<DatabaseLock | null> {
  const client = new pg.Client({ connectionString: url });
  // A lost connection loses the lock with it; the holder's loop (holdShopLock) takes it again.
  client.on('error', () => undefined);
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>(`SELECT ${take}(${PG_LOCK}) AS locked`);
  if (!rows[0]?.locked) {
    await client.end();
    return null;
  }
  let ended = false;
  client.once('end', () => (ended = true));
  let released = false;
  return {
    release: async () => {
      released = true;
      if (!ended) await client.end().catch(() => undefined);
    },
    get lost() {
      return ended && !released;
    },
  };
}

const RETRY_MS = 5_000;

/**
 * The running shop's hold on its database for as long as it runs: taken at start-up, and taken
 * again every few seconds while another holder (a restore under way; on SQLite, another app in
 * this process) has it, or after PostgreSQL dropped its connection.
 */
export async function holdShopLock(database: DatabaseConfig, onError: (error: unknown) => void): Promise<{ release(): Promise<void> }> {
  let lock: DatabaseLock | null = null;
  let stopped = false;
  let attempt: Promise<void> = Promise.resolve();
  const tryTake = () => {
    attempt = tryLockShared(database).then(
      (taken) => {
        if (stopped) return taken?.release();
        lock = taken;
      },
      (error: unknown) => onError(error),
    );
  };
  tryTake();
  await attempt;
  const timer = setInterval(() => {
    if (!lock || lock.lost) tryTake();
  }, RETRY_MS);
  timer.unref();
  return {
    async release() {
      stopped = true;
      clearInterval(timer);
      await attempt;
      await lock?.release();
    },
  };
}
