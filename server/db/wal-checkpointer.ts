import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Db } from './database';

/** How often the thread copies the WAL's committed pages into the database file. */
const CHECKPOINT_INTERVAL_MS = 50;

/**
 * The WAL's bound, in pages, for the shop's own connection while the thread runs: past it, the
 * committing connection checkpoints itself, and the WAL starts over. SQLite's default, 1,000 pages,
 * made every few dozen orders' COMMIT copy pages and sync the database file on the event loop.
 */
export const WAL_BOUND_PAGES = 10_000;

export interface WalCheckpointer {
  /** Stops the thread once its checkpoint under way (if any) is done. */
  stop(): Promise<void>;
}

/**
 * Copies the WAL's pages into the SQLite file on a thread of its own, with its own connection
 * (`PRAGMA wal_checkpoint(PASSIVE)`, which never waits for or blocks the writer or a reader), so the
 * checkout's COMMITs on the event loop only append to the WAL. Durability is SQLite's own: the
 * commit is synced to the WAL as before, and the checkpoint syncs the file. Should the thread end,
 * the connection's own checkpoint at WAL_BOUND_PAGES still copies everything.
 */
export async function startWalCheckpointer(db: Db, file: string): Promise<WalCheckpointer> {
  await sql.raw(`PRAGMA wal_autocheckpoint = ${WAL_BOUND_PAGES}`).execute(db);
  const thread = new Worker(new URL('./wal-checkpoint.worker.mjs', import.meta.url), { workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS } });
  thread.unref();
  thread.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return {
    async stop() {
      // Held until it has ended: a script awaiting the stop with nothing else to do would otherwise
      // end mid-await with the thread's connection still open.
      thread.ref();
      thread.postMessage('stop');
      await exited;
    },
  };
}
