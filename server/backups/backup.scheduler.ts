import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import { isPostgres } from '../db/dialect';
import { lastBackupRuns, type LastBackupRuns } from './backup.repository';
import { takeBackup } from './backup.service';

/** After a failed attempt, the next one comes this soon (or at the interval, if shorter). */
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
/** The first look after start-up: soon, but not in the middle of it. */
const FIRST_LOOK_MS = 1_000;
/** How long stopping the shop waits for a backup under way. */
const STOP_WAIT_MS = 2_000;

export interface BackupSchedule {
  stop(): Promise<void>;
}

/** When the next backup is due, from the last attempts. */
export function nextBackupDue(runs: LastBackupRuns, intervalMs: number): number {
  const { lastGood, lastAttempt } = runs;
  if (lastAttempt && !lastAttempt.ok) return lastAttempt.finished_at + Math.min(intervalMs, RETRY_AFTER_FAILURE_MS);
  return lastGood ? lastGood.started_at + intervalMs : 0;
}

/**
 * The running shop's backups every BACKUP_INTERVAL_MINUTES, on timers off the request path (the
 * copy itself runs on a thread or in pg_dump). With several processes on PostgreSQL, each looks
 * when a backup is due, and only the one holding an advisory lock takes it, after checking inside
 * the lock that no other process just did.
 */
export function startBackupSchedule(app: AppContext): BackupSchedule {
  const { dir, intervalMinutes } = app.config.backup;
  if (!dir) return { stop: async () => undefined };
  const intervalMs = intervalMinutes * 60_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const look = async (): Promise<number> => {
    const due = await exclusively(app, async () => {
      const runs = await lastBackupRuns(app.db);
      if (app.now() < nextBackupDue(runs, intervalMs)) return runs;
      await takeBackup(app, 'schedule').catch(() => undefined);
      return lastBackupRuns(app.db);
    });
    return due ? nextBackupDue(due, intervalMs) : app.now() + Math.min(intervalMs, RETRY_AFTER_FAILURE_MS);
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = look()
        .catch((error: unknown) => {
          app.logger.warn('backup schedule could not look at the last backups', { error: String(error) });
          return app.now() + Math.min(intervalMs, RETRY_AFTER_FAILURE_MS);
        })
        .then((nextAt) => schedule(Math.max(FIRST_LOOK_MS, nextAt - app.now())));
    }, delayMs);
    timer.unref();
  };
  schedule(FIRST_LOOK_MS);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A backup under way is not waited for long: its thread finishes or dies with the process,
      // and a temporary file it leaves is removed by a later rotation.
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}

/** Runs `work` while holding the backup lock (PostgreSQL: one process of many); undefined when another holds it. */
async function exclusively<T>(app: AppContext, work: () => Promise<T>): Promise<T | undefined> {
  if (!isPostgres(app.db)) return work();
  return app.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(1802, 2) as locked`.execute(connection);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(1802, 2)`.execute(connection);
    }
  });
}
