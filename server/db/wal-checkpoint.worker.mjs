// The checkpoint thread (wal-checkpointer.ts), with its own connection to the shop's file. Plain
// JavaScript: nothing here needs the TypeScript loader, and the thread starts without it.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file);
db.pragma('synchronous = FULL');

const timer = setInterval(() => {
  // One that fails (a full disk, the file busy with a backup) is simply tried again at the next tick.
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // the next tick
  }
}, workerData.intervalMs);

parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
