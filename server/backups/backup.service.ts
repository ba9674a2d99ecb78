import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../app-context';
import { backupFileName, copyMissingMailFiles, MAIL_COPIES, rotateBackups, temporaryNameOf } from './backup-files';
import { recordBackupRun } from './backup.repository';
import type { BackupRunTable } from './backup.table';
import { dumpPostgres } from './postgres-backup';
import { backUpSqliteFile } from './sqlite-backup';

/** What a backup needs of the app; `npm run backup` gives the same without starting a shop. */
export type BackupContext = Pick<AppContext, 'config' | 'db' | 'logger' | 'now'>;

export interface TakenBackup {
  file: string;
  sizeBytes: number;
  /** SQLite only: counted in the verified copy. */
  orders: number | null;
  lastOrderAt: number | null;
  mailsCopied: number;
  removed: string[];
}

/**
 * Takes one verified backup into BACKUP_DIR (design.md §11): the database (SQLite: a page copy
 * checked with integrity_check; PostgreSQL: pg_dump, read back whole), then the mail files it
 * lacks, then the rotation. Every attempt is recorded, a failure with its reason, and a failure
 * is thrown too.
 */
export async function takeBackup(app: BackupContext, trigger: BackupRunTable['trigger']): Promise<TakenBackup> {
  const { config, logger } = app;
  const dir = config.backup.dir;
  if (!dir) throw new Error('BACKUP_DIR is not set.');
  const startedAt = app.now();
  try {
    await fs.mkdir(dir, { recursive: true });
    const name = backupFileName(config.database.kind, startedAt);
    const file = path.join(dir, name);
    const temporary = path.join(dir, temporaryNameOf(name));
    const { database } = config;
    let copy: { sizeBytes: number; orders: number | null; lastOrderAt: number | null };
    if (database.kind === 'sqlite') {
      if (database.path === ':memory:') throw new Error('An in-memory database cannot be backed up.');
      copy = await backUpSqliteFile(database.path, temporary, file);
    } else {
      copy = { ...(await dumpPostgres(database.url, temporary, file)), orders: null, lastOrderAt: null };
    }
    // After the copy: every mail the copy records as sent was written to its file before.
    const mailsCopied = await copyMissingMailFiles(config.mail.dir, path.join(dir, MAIL_COPIES));
    const removed = await rotateBackups(dir, config.backup, app.now());
    await record(app, { started_at: startedAt, finished_at: app.now(), ok: 1, file, size_bytes: copy.sizeBytes, error: null, trigger });
    logger.info('backup taken', { file, bytes: copy.sizeBytes, ms: app.now() - startedAt, mailsCopied, removed: removed.length, trigger });
    return { file, ...copy, mailsCopied, removed };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error('backup failed', { error: message, trigger });
    await record(app, { started_at: startedAt, finished_at: app.now(), ok: 0, file: null, size_bytes: null, error: message.slice(0, 1000), trigger });
    throw error;
  }
}

/** A run that cannot be recorded (the database down, not yet migrated) is logged, never fatal. */
async function record(app: BackupContext, run: Omit<BackupRunTable, 'id'>): Promise<void> {
  try {
    await recordBackupRun(app.db, run);
  } catch (error) {
    app.logger.warn('backup run not recorded', { error: String(error) });
  }
}
