import type { BackupHealth, BackupStatus } from '../../shared/api/answers';
import type { Db } from '../db/database';
import type { BackupConfig } from '../config/backup.config';
import { lastBackupRuns, type LastBackupRuns } from './backup.repository';

const iso = (at: number | undefined) => (at === undefined ? null : new Date(at).toISOString());

/** The backups' state from the last attempts: a missed backup is `stale` once two intervals have passed. */
export function backupHealthOf(config: BackupConfig, runs: LastBackupRuns, now: number): BackupHealth {
  const { lastGood, lastAttempt } = runs;
  let status: BackupStatus;
  if (!config.dir) status = 'off';
  else if (lastAttempt && !lastAttempt.ok) status = 'failed';
  else if (!lastGood) status = 'none';
  else status = now - lastGood.finished_at > 2 * config.intervalMinutes * 60_000 ? 'stale' : 'ok';
  return {
    status,
    lastGoodAt: iso(lastGood?.finished_at),
    lastAttemptAt: iso(lastAttempt?.finished_at),
    lastError: lastAttempt && !lastAttempt.ok ? lastAttempt.error : null,
    intervalMinutes: config.intervalMinutes,
    checkedAt: new Date(now).toISOString(),
  };
}

/** The backups' state as the database records it: any process's backups, and `npm run backup`'s. */
export async function readBackupHealth(app: { config: { backup: BackupConfig }; db: Db; now(): number }): Promise<BackupHealth> {
  return backupHealthOf(app.config.backup, await lastBackupRuns(app.db), app.now());
}
