// The SQLite file's checkpoints on a thread of their own (wal-checkpointer.ts). Plain JavaScript:
// nothing here needs the TypeScript loader, and the thread starts without it.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file);
const timer = setInterval(() => {
  // PASSIVE copies what it can without waiting for the writer or any reader, and never blocks them.
  // One that fails (another checkpoint under way, a full disk) is simply tried again at the next tick.
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
