import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** The checkpoint thread (wal-checkpointer.ts): its own connection to the shop's file. */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new SQLite(file);
db.pragma('synchronous = FULL');

const timer = setInterval(() => {
  // One that fails (a full disk, the file busy with a backup) is simply tried again at the next tick.
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // the next tick
  }
}, intervalMs);

parentPort!.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
