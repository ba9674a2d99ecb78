// A SQLite backup on a thread of its own (sqlite-backup.ts). Plain JavaScript: the thread starts
// without the TypeScript loader. It keeps the process's priority: lowered, it was starved by any
// other busy process on the machine, while at the same priority the event loop's answers were no
// slower (bench `backup`, docs/benchmarks.md).
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { source, temporary, destination } = workerData;

/** The check's page cache (KiB): integrity_check looks every row up in each of its table's indexes. */
const CHECK_CACHE_KIB = 64 * 1024;
/**
 * Both files are read through a memory map (bytes; the most this SQLite allows), so the copy and
 * the check's many lookups read pages in place instead of copying each into the page cache. The
 * map's pages are the kernel's file cache, shared with the shop's own map of the same file.
 */
const MMAP_BYTES = 0x7fff0000;

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
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
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
    copy.pragma(`mmap_size = ${MMAP_BYTES}`);
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
