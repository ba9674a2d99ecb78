import { Worker } from 'node:worker_threads';

export interface BackupCopy {
  sizeBytes: number;
  orders: number;
  lastOrderAt: number | null;
}

/**
 * Copies a live SQLite file to `destination` on a thread of its own, with its own connection
 * (better-sqlite3's backup API: a consistent snapshot while the shop goes on writing), checks the
 * copy with `PRAGMA integrity_check`, fsyncs it and renames it into place, then fsyncs the folder.
 * Nothing is at `destination` unless all of that succeeded.
 */
export function backUpSqliteFile(source: string, temporary: string, destination: string): Promise<BackupCopy> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./sqlite-backup.worker.mjs', import.meta.url), { workerData: { source, temporary, destination } });
    let answered = false;
    thread.once('message', (message: { ok: true } & BackupCopy | { ok: false; error: string }) => {
      answered = true;
      if (message.ok) resolve({ sizeBytes: message.sizeBytes, orders: message.orders, lastOrderAt: message.lastOrderAt });
      else reject(new Error(message.error));
    });
    thread.once('error', (error) => {
      answered = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      if (!answered) reject(new Error(`the backup thread ended (${code}) without an answer`));
    });
  });
}
