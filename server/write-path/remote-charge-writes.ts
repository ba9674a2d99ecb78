import { isPostgres } from '../db/dialect';
import type { Db } from '../db/database';
import type { StoredResponse } from '../idempotency/idempotency';
import { orderConfirmationRow } from '../mail/mail-outbox';
import { assignChangeSeqs, stagedOrderParts, type StagedOrder } from '../orders/order-batch.repository';
import { stagedOrderRows } from '../orders/order.repository';
import { planRemoteChargeOrder, type IntentSettlement, type PaidRemoteCharge } from '../payments/checkout.plan';
import type { WriterJob } from './writer-jobs';
import type { PaymentIntentRow, PaymentIntentTable } from '../payments/payment.table';
import { createBatcher, type Request } from './batcher';
import { insertManyAtOnce, type InsertPart, type LeadingWrite } from '../db/multi-insert';
import type { Logger } from '../http/logger';
import { logBatchFallback } from './batch-fallback';

/**
 * The two writes of a checkout whose charge is a network call (Stripe, payments/checkout.service.ts):
 * the record with its cart snapshot before the charge, and the paid charge's order after it. Each
 * goes through the write path's group commit; on PostgreSQL both are batched as the test gateway's
 * checkout is (postgres-checkout-writer.ts): many checkouts per statement, not five round trips each.
 */
export interface RemoteChargeWrites {
  /** Stores the record unless its key is taken: null when stored, else the record already under the key. */
  storePending(row: PaymentIntentTable): Promise<PaymentIntentRow | null>;
  /** Writes the paid charge's order (or finds the one already written) and the record's answer. */
  placeOrder(input: PaidRemoteCharge): Promise<StoredResponse>;
}

/**
 * Each write alone goes through `run`: on a SQLite file the checkout writer thread (writer-jobs.ts),
 * so its statements and fsync leave the event loop; elsewhere this thread's write queue. On
 * PostgreSQL the writes are batched, and what a batch could not write as a whole goes through
 * `run` one by one.
 */
export function createRemoteChargeWrites(db: Db, run: (job: Extract<WriterJob, { kind: string }>) => Promise<unknown>, logger: Logger): RemoteChargeWrites {
  const alone: RemoteChargeWrites = {
    storePending: (row) => run({ kind: 'store-pending', row }) as Promise<PaymentIntentRow | null>,
    placeOrder: (input) => run({ kind: 'remote-order', input }) as Promise<StoredResponse>,
  };
  // The crash tests' fault needs nothing here: it fires before placeOrder is called.
  return isPostgres(db) ? createPostgresRemoteChargeWrites(db, alone, logger) : alone;
}

/** Settles the records through shop_settle_records (migration 2026-11-25T0300), which finds each by its key. */
const settleRecords: LeadingWrite['sql'] = (parameter) => `select settled_id from shop_settle_records(${parameter})`;

type Job = { kind: 'record'; row: PaymentIntentTable } | { kind: 'order'; charge: PaidRemoteCharge };

/**
 * On PostgreSQL both writes share one batcher and one statement that is its own transaction: the
 * records of checkouts about to charge and the orders of charges that have answered commit together,
 * one WAL flush and one round trip for both, where each kind had its own before (the record must be
 * durable before its charge, so the two writes of one checkout never share a statement). A record
 * whose key is taken is skipped and looked up alone; if the statement fails (a record settled
 * meanwhile by the webhook, a colliding order number), each job of the batch runs alone.
 */
function createPostgresRemoteChargeWrites(db: Db, alone: RemoteChargeWrites, logger: Logger): RemoteChargeWrites {
  // As the test gateway's batches (postgres-checkout-writer.ts): a second batch beside a running one
  // only once 8 jobs wait (same-run, quiet: 3,308 against 3,093 orders/s with 1, 3,233 with 4).
  const batcher = createBatcher<Job, unknown>(runBatch, { concurrency: 3, maxBatch: 64, minToOverlap: 8 });

  async function runBatch(batch: Request<Job, unknown>[]): Promise<void> {
    const records = batch.filter((request) => request.input.kind === 'record') as Request<Extract<Job, { kind: 'record' }>, unknown>[];
    const orders = batch.filter((request) => request.input.kind === 'order') as Request<Extract<Job, { kind: 'order' }>, unknown>[];
    let written: { stored: Set<string>; answers: StoredResponse[] };
    try {
      written = await writeBatch(
        records.map((request) => request.input.row),
        orders.map((request) => request.input.charge),
      );
    } catch (error) {
      logBatchFallback(logger, 'Stripe checkout writes', batch.length, 'each write alone', error);
      await Promise.all([
        ...records.map((request) => alone.storePending(request.input.row).then(request.resolve, request.reject)),
        ...orders.map((request) => alone.placeOrder(request.input.charge).then(request.resolve, request.reject)),
      ]);
      return;
    }
    orders.forEach((request, index) => request.resolve(written.answers[index]!));
    for (const request of records) {
      if (written.stored.has(request.input.row.id)) request.resolve(null);
      else alone.storePending(request.input.row).then(request.resolve, request.reject);
    }
  }

  async function writeBatch(records: PaymentIntentTable[], charges: PaidRemoteCharge[]): Promise<{ stored: Set<string>; answers: StoredResponse[] }> {
    const staged: StagedOrder[] = [];
    const settlements: (IntentSettlement & { pending_id: string; gateway_id: string })[] = [];
    const mails: object[] = [];
    const answers = charges.map((input) => {
      const plan = planRemoteChargeOrder(input);
      const rows = stagedOrderRows(plan.order, input.now);
      staged.push(rows);
      if (input.mail) mails.push(orderConfirmationRow(rows.order, input.now));
      const { intent, answer } = plan.settle(rows.order);
      settlements.push({ pending_id: input.pendingId, gateway_id: input.gatewayId, ...intent });
      return answer;
    });
    // The records' settle first, then the orders, items, history, mail and the new records: a
    // prepared statement, since the settle reads payment_intents only inside its function.
    const lead: LeadingWrite | undefined =
      charges.length > 0 ? { name: 'settle-records', sql: settleRecords, parameter: JSON.stringify(settlements), expectedRows: charges.length } : undefined;
    const parts: InsertPart[] = [...stagedOrderParts(staged), { table: 'mail_outbox', rows: mails }, { table: 'payment_intents', rows: records, skipConflicts: true }];
    const { seqs, insertedIds } = await insertManyAtOnce(db, parts, { lead });
    assignChangeSeqs(staged, seqs);
    return { stored: new Set(insertedIds.at(-1)), answers };
  }

  return {
    storePending: (row) => batcher.submit({ kind: 'record', row }) as Promise<PaymentIntentRow | null>,
    placeOrder: (charge) => batcher.submit({ kind: 'order', charge }) as Promise<StoredResponse>,
  };
}
