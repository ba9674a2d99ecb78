import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Config } from '../config/config';
import { migrateToLatest, openDatabase, type DatabaseOptions, type Db } from '../db/database';
import { ensureTestGatewayLedger, testGatewayStoreOf } from '../db/test-gateway.store';
import { copyMissingMailFiles, MAIL_COPIES, parseBackupName } from './backup-files';
import { insertRestore } from './backup.repository';
import { restorePostgresDump, verifyPostgresDump } from './postgres-backup';
import { tryLockExclusively } from './shop-lock';

/** A restore that must not go ahead: the operator is told why, and nothing was changed. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreSummary {
  database: string;
  orders: number;
  lastOrderAt: number | null;
  /** Payments the gateway took from then on are rebuilt into orders when the shop starts. */
  rebuildSince: number;
  /** SQLite: where the database the restore replaced was moved (nothing is deleted). */
  movedAside: string[];
  mailsRestored: number;
}

/** Payments a little before the backup too: the shop's clock and the gateway's may differ. */
const REBUILD_MARGIN_MS = 60 * 60_000;
const RECONCILE_WINDOW_MS = 30 * 24 * 60 * 60_000;

/**
 * `npm run restore -- FILE` (design.md §11): checks the backup, refuses while a shop runs on the
 * database (server/backups/shop-lock.ts), puts the backup in its place with this code's
 * migrations applied, marks it for the payments reconciliation (orders of payments made after the
 * backup are rebuilt from the gateway at the next start), and brings back the mail files.
 */
export async function restoreBackup(config: Readonly<Config>, file: string, now: number): Promise<RestoreSummary> {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new RestoreRefusedError(`No backup file at ${source}.`);
  const { database } = config;
  const isDump = source.endsWith('.dump');
  if (database.kind === 'sqlite' && isDump) throw new RestoreRefusedError(`${source} is a PostgreSQL dump; DATABASE_URL names a SQLite database.`);
  if (database.kind === 'postgres' && !isDump) throw new RestoreRefusedError(`${source} is not a PostgreSQL dump (.dump); DATABASE_URL names a PostgreSQL database.`);
  if (database.kind === 'sqlite' && database.path === ':memory:') throw new RestoreRefusedError('DATABASE_URL names an in-memory database.');
  if (database.kind === 'sqlite') checkSqliteBackup(source);
  else await verifyPostgresDump(source).catch((error: unknown) => {
    throw new RestoreRefusedError(`${source} is not a readable backup: ${(error as Error).message}`);
  });

  const lock = await tryLockExclusively(database);
  if (!lock) {
    throw new RestoreRefusedError(`A shop is running on ${describe(config)}. Stop every process of the shop, then restore again.`);
  }
  try {
    const sideStore = testGatewayStoreOf(config);
    const restored = database.kind === 'sqlite' ? await restoreSqlite(database.path, source, now, sideStore) : await restorePostgres(database.url, source, now, sideStore);
    const mailsRestored = await copyMissingMailFiles(path.join(path.dirname(source), MAIL_COPIES), config.mail.dir);
    return { database: describe(config), ...restored, mailsRestored };
  } finally {
    await lock.release();
  }
}

function describe(config: Readonly<Config>): string {
  const { database } = config;
  if (database.kind === 'sqlite') return database.path;
  const url = new URL(database.url);
  url.password = '';
  return url.toString();
}

/** Read-only: SQLite's own check of every page and index, and the shop's tables present. */
function checkSqliteBackup(file: string): void {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreRefusedError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length) throw new RestoreRefusedError(`${file} is damaged (integrity_check: ${problems.slice(0, 3).join('; ')}).`);
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
    if (!tables.has('orders') || !tables.has('kysely_migration')) throw new RestoreRefusedError(`${file} is not a backup of this shop (no orders table).`);
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw error;
    throw new RestoreRefusedError(`${file} is not a readable backup: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

type Restored = Pick<RestoreSummary, 'orders' | 'lastOrderAt' | 'rebuildSince' | 'movedAside'>;

/**
 * The backup is copied beside the database, migrated and marked there, then renamed over it; the
 * database it replaces (with its -wal, which belongs to it alone) is moved aside, never deleted.
 */
async function restoreSqlite(databasePath: string, source: string, now: number, sideStore: SideStore): Promise<Restored> {
  const incoming = `${databasePath}.restoring-${process.pid}`;
  fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  fs.copyFileSync(source, incoming);
  let marked: Omit<Restored, 'movedAside'>;
  try {
    const db = await openDatabase({ kind: 'sqlite', path: incoming }, { sideStore });
    try {
      marked = await migrateAndMark(db, source, now, sideStore);
    } finally {
      await db.destroy();
    }
    syncFile(incoming);
  } catch (error) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${incoming}${suffix}`, { force: true });
    throw error;
  }
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  for (const suffix of ['', '-wal', '-shm']) {
    const current = `${databasePath}${suffix}`;
    if (!fs.existsSync(current)) continue;
    const aside = `${databasePath}.before-restore-${stamp}${suffix}`;
    fs.renameSync(current, aside);
    movedAside.push(aside);
  }
  fs.renameSync(incoming, databasePath);
  syncFile(path.dirname(databasePath));
  return { ...marked, movedAside };
}

async function restorePostgres(url: string, source: string, now: number, sideStore: SideStore): Promise<Restored> {
  await restorePostgresDump(url, source);
  const db = await openDatabase({ kind: 'postgres', url }, { sideStore });
  try {
    return { ...(await migrateAndMark(db, source, now, sideStore)), movedAside: [] };
  } finally {
    await db.destroy();
  }
}

type SideStore = DatabaseOptions['sideStore'];

/**
 * Brings the restored schema to this code's and writes the restore's mark for the reconciliation.
 * The test gateway's ledger is reachable meanwhile, so a backup from before it had a store of its
 * own gives its charges to it rather than losing them.
 */
async function migrateAndMark(db: Db, source: string, now: number, sideStore: SideStore): Promise<Omit<Restored, 'movedAside'>> {
  if (sideStore) await ensureTestGatewayLedger(db);
  await migrateToLatest(db);
  const orders = await db.selectFrom('orders').select([sql<number>`count(*)`.as('count'), sql<number | null>`max(created_at)`.as('last')]).executeTakeFirstOrThrow();
  const intents = await db.selectFrom('payment_intents').select(sql<number | null>`max(created_at)`.as('last')).executeTakeFirstOrThrow();
  // The backup's own time when its name tells it; else the newest payment it holds.
  const takenAt = parseBackupName(path.basename(source))?.takenAt ?? Math.max(Number(orders.last ?? 0), Number(intents.last ?? 0));
  const rebuildSince = Math.max(takenAt - REBUILD_MARGIN_MS, now - RECONCILE_WINDOW_MS);
  await insertRestore(db, { restoredAt: now, source, rebuildSince });
  return { orders: Number(orders.count), lastOrderAt: orders.last === null ? null : Number(orders.last), rebuildSince };
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
