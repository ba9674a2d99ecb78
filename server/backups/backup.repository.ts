import type { DbOrTrx } from '../db/transaction';
import type { BackupRunRow, BackupRunTable } from './backup.table';

/** Attempts kept in `backup_runs`: weeks of hourly backups, a few kilobytes. */
const RUNS_KEPT = 1_000;

export async function recordBackupRun(db: DbOrTrx, run: Omit<BackupRunTable, 'id'>): Promise<void> {
  const { id } = await db.insertInto('backup_runs').values(run).returning('id').executeTakeFirstOrThrow();
  await db.deleteFrom('backup_runs').where('id', '<=', Number(id) - RUNS_KEPT).execute();
}

export interface LastBackupRuns {
  lastGood: BackupRunRow | undefined;
  lastAttempt: BackupRunRow | undefined;
}

export async function lastBackupRuns(db: DbOrTrx): Promise<LastBackupRuns> {
  const [lastAttempt, lastGood] = await Promise.all([
    db.selectFrom('backup_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('backup_runs').selectAll().where('ok', '=', 1).orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { lastGood, lastAttempt };
}

export async function insertRestore(db: DbOrTrx, restore: { restoredAt: number; source: string; rebuildSince: number }): Promise<void> {
  await db.insertInto('restores').values({ restored_at: restore.restoredAt, source: restore.source, rebuild_since: restore.rebuildSince, rebuilt_at: null, rebuilt_orders: null }).execute();
}

/** Restores whose payments since the backup are not rebuilt yet (oldest first). */
export async function restoresToRebuild(db: DbOrTrx): Promise<{ id: number; rebuild_since: number }[]> {
  return db.selectFrom('restores').select(['id', 'rebuild_since']).where('rebuilt_at', 'is', null).orderBy('id').execute();
}

export async function markRestoreRebuilt(db: DbOrTrx, id: number, orders: number, now: number): Promise<void> {
  await db.updateTable('restores').set({ rebuilt_at: now, rebuilt_orders: orders }).where('id', '=', id).execute();
}
