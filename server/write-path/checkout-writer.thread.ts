import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteConnection } from '../db/sqlite-connection';
import { orderWriteHooks } from '../orders/order-write-hooks';
import { createWriteQueue } from './group-commit';
import { startWalCheckpointer } from './wal-checkpointer';
import { runWriterJob } from './writer-jobs';
import { TEST_CRASH_EXIT_CODE } from '../app-faults';
import type { WriterReply, WriterRequest, WriterThreadData } from './checkout-writer';

/**
 * The checkout writer thread: its own SQLite connection and group-commit queue, running the
 * one-transaction checkout (checkout.transaction.ts) for the main thread, so that the database's
 * work and its fsync no longer hold up the event loop that serves HTTP.
 */
const port = parentPort!;
// Below 16 orders a batch costs the writer more per order than the overlap saves (measured: 8, 12, 16, 24).
const MIN_BATCH = 16;
const { file, crashAfterCharge } = workerData as WriterThreadData;
const db = openSqliteConnection(file, { beforeCommit: orderWriteHooks.sqliteBeforeCommit });
const checkpoints = startWalCheckpointer(file);
// The crash tests' fault, given by the composition: the thread ends with the fault's code after a
// charge, before its order; the main thread then ends the process (app-faults.ts).
const afterCharge = crashAfterCharge ? () => process.exit(TEST_CRASH_EXIT_CODE) : () => undefined;
// No waiting window: jobs arrive as messages while a batch commits, and are there for the next one.
// A batch takes at most half of the checkouts in flight: taking them all leaves the main thread
// nothing to do while it commits, and the threads settle into taking turns; with half, the main
// thread answers one half and prepares the next while the other commits (docs/benchmarks/payments.md).
let inFlight = 0;
const writes = createWriteQueue(db, { windowMs: 0, maxBatch: () => Math.max(MIN_BATCH, Math.ceil(inFlight / 2)) });

// Answers of one batch go back as one message. A microtask, not setImmediate: the next batch is
// already scheduled with setImmediate and would run first, holding the answers back.
let replies: WriterReply[] = [];
function reply(message: WriterReply) {
  if (replies.length === 0) queueMicrotask(sendReplies);
  replies.push(message);
}
function sendReplies() {
  port.postMessage(replies);
  replies = [];
}

port.on('message', (message: WriterRequest) => {
  if (message.type === 'close') {
    void checkpoints
      .stop()
      .then(() => db.destroy())
      .then(() => port.close());
    return;
  }
  inFlight = message.inFlight;
  for (const { id, input } of message.jobs) {
    writes.run((trx) => runWriterJob(trx, input, afterCharge)).then(
      (answer) => reply({ type: 'done', id, answer }),
      (error: unknown) => {
        const { name, message: text } = error instanceof Error ? error : new Error(String(error));
        // The code (SQLITE_BUSY, SQLITE_FULL, …) lets the main thread answer 503 rather than 500.
        const code = (error as { code?: unknown }).code;
        reply({ type: 'failed', id, error: { name, message: text, ...(typeof code === 'string' ? { code } : {}) } });
      },
    );
  }
});
port.postMessage([{ type: 'ready' }]);
