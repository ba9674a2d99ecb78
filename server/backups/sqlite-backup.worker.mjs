// A SQLite backup on a thread of its own (sqlite-backup.ts). Plain JavaScript: the thread starts
// without the TypeScript loader.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { source, temporary, destination } = workerData;

/** Below the event loop's thread when the cores are busy: a backup may take longer, a checkout may not. */
const THREAD_NICENESS = 10;
/** The check's page cache (KiB): integrity_check looks every row up in each of its table's indexes. */
const CHECK_CACHE_KIB = 64 * 1024;

// Linux only (nice(2) applies to the calling thread); elsewhere the thread keeps normal priority.
try {
  const { nice } = await import('@napi-rs/nice');
  nice(THREAD_NICENESS);
} catch {
  // normal priority
}

function fsyncPath(file, flags) {
  const fd = fs.openSync(file, flags);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function backUp() {
  fs.rmSync(temporary, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // After SQLite's first step (100 pages), every remaining page in one step: one read transaction
    // of WAL mode, which the shop's writers go on beside, so their commits never restart the copy.
    await db.backup(temporary, { progress: () => 0x3fffffff });
  } finally {
    db.close();
  }
  const copy = new SQLite(temporary);
  let summary;
  try {
    // A single self-contained file: no -wal beside it to lose on the way to another disk.
    copy.pragma('journal_mode = DELETE');
    copy.pragma(`cache_size = -${CHECK_CACHE_KIB}`);
    const problems = copy.pragma('integrity_check').map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length) throw new Error(`integrity_check on the copy: ${problems.slice(0, 5).join('; ')}`);
    summary = copy.prepare('SELECT count(*) AS orders, max(created_at) AS lastOrderAt FROM orders').get();
  } finally {
    copy.close();
  }
  fsyncPath(temporary, 'r+');
  fs.renameSync(temporary, destination);
  fsyncPath(path.dirname(destination), 'r');
  return { sizeBytes: fs.statSync(destination).size, orders: summary.orders, lastOrderAt: summary.lastOrderAt };
}

backUp().then(
  (result) => parentPort.postMessage({ ok: true, ...result }),
  (error) => {
    fs.rmSync(temporary, { force: true });
    fs.rmSync(`${temporary}-journal`, { force: true });
    parentPort.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  },
);
