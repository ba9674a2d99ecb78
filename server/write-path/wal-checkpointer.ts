import { Worker } from 'node:worker_threads';

/** How often the checkpoint thread copies the WAL's committed pages into the database file. */
const CHECKPOINT_INTERVAL_MS = 50;

export interface WalCheckpointer {
  /** Stops the thread, once its checkpoint under way (if any) is done. */
  stop(): Promise<void>;
}

/**
 * Copies the WAL's pages into the database file on a thread of its own, with its own connection,
 * every 50 ms (`PRAGMA wal_checkpoint(PASSIVE)`). SQLite would otherwise make the committing
 * connection, the server's one connection on the event loop, do it every 1,000 pages (its default
 * bound, raised in sqlite-connection.ts); a checkpoint took 40-44 % of the commits' time. The
 * thread does not keep its parent alive.
 */
export function startWalCheckpointer(file: string): WalCheckpointer {
  const thread = new Worker(new URL('./wal-checkpointer.worker.mjs', import.meta.url), { workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS } });
  thread.unref();
  // Should the thread end, the connections' own checkpoints at the WAL's bound (sqlite-connection.ts)
  // still copy everything: throughput drops back, nothing is lost.
  thread.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return {
    async stop() {
      // Held until it has ended: a script that awaits the stop and has nothing else left to do
      // would otherwise end mid-await (exit code 13) with the thread's connection still open.
      thread.ref();
      thread.postMessage('stop');
      await exited;
    },
  };
}
