import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteConnection } from '../db/sqlite-connection';
import { chargeAndPlaceOrder, type ChargeAndPlaceOrder } from './checkout.transaction';
import { createWriteQueue } from './group-commit';
import { chargeTestPayment } from './test-gateway';
import type { WriterReply, WriterRequest } from './checkout-writer';

/**
 * The checkout writer thread: its own SQLite connection and group-commit queue, running the
 * one-transaction checkout (checkout.transaction.ts) for the main thread, so that the database's
 * work and its fsync no longer hold up the event loop that serves HTTP.
 */
const port = parentPort!;
const db = openSqliteConnection((workerData as { file: string }).file);
// No waiting window: jobs arrive as messages while a batch commits, and are there for the next one.
const writes = createWriteQueue(db, { windowMs: 0 });

function reply(message: WriterReply) {
  port.postMessage(message);
}

port.on('message', (message: WriterRequest) => {
  if (message.type === 'close') {
    void db.destroy().then(() => port.close());
    return;
  }
  const input: ChargeAndPlaceOrder = message.input;
  writes.run((trx) => chargeAndPlaceOrder(trx, input, (inner, charge) => chargeTestPayment(inner, charge, input.now))).then(
    (answer) => reply({ type: 'done', id: message.id, answer }),
    (error: unknown) => {
      const { name, message: text } = error instanceof Error ? error : new Error(String(error));
      reply({ type: 'failed', id: message.id, error: { name, message: text } });
    },
  );
});
reply({ type: 'ready' });
