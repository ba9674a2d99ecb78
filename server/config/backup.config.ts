import path from 'node:path';

/** Backups (design.md §11), read once with the rest of the configuration. */
export interface BackupConfig {
  /** BACKUP_DIR: where verified backups go; null: the running shop takes none (npm run backup refuses). */
  dir: string | null;
  /** BACKUP_INTERVAL_MINUTES: how often the running shop takes one. */
  intervalMinutes: number;
  /** BACKUP_KEEP_HOURLY: the newest backups kept, whatever their day. */
  keepHourly: number;
  /** BACKUP_KEEP_DAILY: besides those, the newest backup of each of this many last days. */
  keepDaily: number;
}

type Whole = (value: string | undefined, fallback: number, name: string, min: number, max: number) => number;

export function parseBackupConfig(env: NodeJS.ProcessEnv, root: string, integer: Whole): BackupConfig {
  const dir = env.BACKUP_DIR?.trim();
  return {
    dir: dir ? path.resolve(root, dir) : null,
    intervalMinutes: integer(env.BACKUP_INTERVAL_MINUTES, 60, 'BACKUP_INTERVAL_MINUTES', 1, 7 * 24 * 60),
    keepHourly: integer(env.BACKUP_KEEP_HOURLY, 48, 'BACKUP_KEEP_HOURLY', 1, 10_000),
    keepDaily: integer(env.BACKUP_KEEP_DAILY, 14, 'BACKUP_KEEP_DAILY', 0, 10_000),
  };
}
