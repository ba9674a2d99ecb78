import type { AppContext } from '../app-context';
import { createCheckoutWriter } from './checkout-writer';
import type { ChargeAndPlaceOrder, CheckoutOutcome } from '../payments/checkout.transaction';
import { runWriterJob, type WriterJob } from './writer-jobs';
import { createWriteQueue, type WriteQueue } from './group-commit';
import { createPostgresCheckoutWriter } from './postgres-checkout-writer';
import { createRemoteChargeWrites, type RemoteChargeWrites } from './remote-charge-writes';

export type { WriteJob, WriteQueue } from './group-commit';
/** What a domain adds to a PostgreSQL batch's transaction (the orders domain's staged orders). */
export type { BatchHook } from './batch-hooks';

/**
 * The one write path (docs/decisions/scale.md): composed once by createApp per database and gateway,
 * and handed to the payments domain and its routes. Behind it, the machinery of the hot path:
 * group commit (SQLite, group-commit.ts; PostgreSQL, postgres-group-commit.ts with the
 * orders domain's batch hook), precompiled statements, the SQLite writer thread, the PostgreSQL
 * checkout batches. Domain functions only ever get a transaction.
 */
export interface OrderWriter {
  /** Write jobs, group-committed: each resolves once its transaction is durable. */
  writes: WriteQueue;
  /**
   * The one-transaction checkout (charge, order, intent and answer together), for a gateway whose
   * ledger lives in this database (the built-in test gateway); null with Stripe, whose charge is a
   * network call that cannot join a transaction.
   */
  checkout: ((input: ChargeAndPlaceOrder) => Promise<CheckoutOutcome>) | null;
  /**
   * The two writes of a checkout whose charge is a network call (Stripe): on the writer thread with
   * a SQLite file, batched on PostgreSQL.
   */
  remoteCharge: RemoteChargeWrites;
  /** Starts what takes a while to start (the writer thread), once the server listens. */
  warmUp(): void;
  /** Whether checkouts (or the Stripe checkout's writes) currently run on the SQLite writer thread. */
  runsOnThread(): boolean;
  /** Waits for the checkouts under way, then stops the thread. */
  close(): Promise<void>;
}

export function createOrderWriter(app: AppContext, options: { localLedger: boolean }): OrderWriter {
  const writes = createWriteQueue(app.db);
  const idle = { warmUp: () => undefined, runsOnThread: () => false, close: async () => undefined };
  const { database } = app.config;
  const { faults } = app;
  // One job in this thread's write queue: the fallback of the thread, and the general case.
  const aloneJob = (job: WriterJob) => writes.run((trx) => runWriterJob(trx, job, faults.afterCharge));
  const alone = (input: ChargeAndPlaceOrder) => aloneJob(input) as Promise<CheckoutOutcome>;
  if (database.kind === 'sqlite' && database.path !== ':memory:') {
    // The Stripe checkout's two writes go to the thread too: their fsyncs then leave the event loop.
    const thread = createCheckoutWriter(database.path, {
      logger: app.logger,
      fallback: aloneJob,
      crashAfterCharge: faults.crashAfterCharge,
      onThreadExit: faults.writerThreadExited,
    });
    const remoteCharge = createRemoteChargeWrites(app.db, thread.runJob, app.logger);
    return { writes, checkout: options.localLedger ? thread.run : null, remoteCharge, warmUp: thread.warmUp, runsOnThread: thread.runsOnThread, close: thread.close };
  }
  const remoteCharge = createRemoteChargeWrites(app.db, aloneJob, app.logger);
  if (!options.localLedger) return { writes, checkout: null, remoteCharge, ...idle };
  // The crash tests' fault lives in the one-checkout transaction; the batch writer has none.
  if (database.kind === 'postgres' && !faults.crashAfterCharge) {
    const batches = createPostgresCheckoutWriter(app.db, { alone, logger: app.logger });
    return { writes, checkout: batches.run, remoteCharge, ...idle };
  }
  return { writes, checkout: alone, remoteCharge, ...idle };
}
