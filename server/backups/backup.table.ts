import type { Generated, Selectable } from 'kysely';

/** One backup attempt (server/backups/backup.service.ts); times in epoch ms. */
export interface BackupRunTable {
  id: Generated<number>;
  started_at: number;
  finished_at: number;
  /** 1: the file was written, verified and renamed into place; 0: the attempt failed (`error`). */
  ok: number;
  /** The backup's path, for a good one. */
  file: string | null;
  size_bytes: number | null;
  error: string | null;
  /** `schedule`: the running shop; `command`: `npm run backup`. */
  trigger: 'schedule' | 'command';
}

/** A restore (`npm run restore`), written into the restored database for the payments reconciliation. */
export interface RestoreTable {
  id: Generated<number>;
  restored_at: number;
  /** The backup file restored. */
  source: string;
  /** Payments the gateway took from this time on may have no record here: they are rebuilt. */
  rebuild_since: number;
  /** Set once the reconciliation has rebuilt them. */
  rebuilt_at: number | null;
  rebuilt_orders: number | null;
}

declare module '../db/schema' {
  interface Database {
    backup_runs: BackupRunTable;
    restores: RestoreTable;
  }
}

export type BackupRunRow = Selectable<BackupRunTable>;
