import { CompiledQuery } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Db } from '../db/database';
import { timeOrderedUuid } from '../db/time-ordered-id';
import type { StoredResponse } from '../idempotency/idempotency';
import { orderConfirmationRow } from '../mail/mail-outbox';
import { assignChangeSeqs, stagedOrderParts, type StagedOrder } from '../orders/order-batch.repository';
import { generateOrderNumber } from '../orders/order-number';
import { toOrderRows } from '../orders/order.repository';
import { planRemoteChargeOrder, type IntentSettlement, type PaidRemoteCharge } from '../payments/checkout.plan';
import type { WriterJob } from './writer-jobs';
import type { PaymentIntentRow, PaymentIntentTable } from '../payments/payment.table';
import { createBatcher, type Request } from './batcher';
import { insertManyAtOnce, type LeadingWrite } from '../db/multi-insert';

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
export function createRemoteChargeWrites(db: Db, run: (job: Extract<WriterJob, { kind: string }>) => Promise<unknown>): RemoteChargeWrites {
  const alone: RemoteChargeWrites = {
    storePending: (row) => run({ kind: 'store-pending', row }) as Promise<PaymentIntentRow | null>,
    placeOrder: (input) => run({ kind: 'remote-order', input }) as Promise<StoredResponse>,
  };
  // The crash tests' fault needs nothing here: it fires before placeOrder is called.
  return isPostgres(db) ? createPostgresRemoteChargeWrites(db, alone) : alone;
}

/** Every record of the batch in one statement; a key already taken is skipped and returned to the caller. */
const INSERT_PENDING = `insert into payment_intents select * from json_populate_recordset(null::payment_intents, $1::json)
on conflict do nothing returning id`;

/**
 * Every record of the batch takes its intent's id, status, order and answer, in the statement that
 * writes the orders. A record another transaction already gave its id (the webhook) does not match:
 * the statement then fails whole and the batch's orders are written one by one, where that is handled.
 */
const settleRecords: LeadingWrite['sql'] = (parameter) => `update payment_intents p set id = r.gateway_id, status = r.status, order_id = r.order_id,
  answer_status = r.answer_status, answer_body = r.answer_body, request_hash = r.request_hash, updated_at = r.updated_at
from json_to_recordset(${parameter}) as r(pending_id text, gateway_id text, status text, order_id text, answer_status int, answer_body text, request_hash text, updated_at bigint)
where p.id = r.pending_id returning p.id`;

function createPostgresRemoteChargeWrites(db: Db, alone: RemoteChargeWrites): RemoteChargeWrites {
  const options = { concurrency: 3, maxBatch: 64 };

  const pending = createBatcher<PaymentIntentTable, PaymentIntentRow | null>(async (batch) => {
    // One statement, committed on its own: nothing else is written with the records.
    const { rows } = await db.executeQuery<{ id: string }>(CompiledQuery.raw(INSERT_PENDING, [JSON.stringify(batch.map((request) => request.input))]));
    const stored = new Set(rows.map((row) => row.id));
    for (const request of batch) {
      if (stored.has(request.input.id)) request.resolve(null);
      else alone.storePending(request.input).then(request.resolve, request.reject);
    }
  }, options);

  const orders = createBatcher<PaidRemoteCharge, StoredResponse>(async (batch) => {
    let answers: StoredResponse[];
    try {
      answers = await placeOrders(batch);
    } catch {
      await Promise.all(batch.map((request) => alone.placeOrder(request.input).then(request.resolve, request.reject)));
      return;
    }
    batch.forEach((request, index) => request.resolve(answers[index]!));
  }, options);

  async function placeOrders(batch: Request<PaidRemoteCharge, StoredResponse>[]): Promise<StoredResponse[]> {
    const staged: StagedOrder[] = [];
    const settlements: (IntentSettlement & { pending_id: string; gateway_id: string })[] = [];
    const mails: object[] = [];
    const answers = batch.map(({ input }) => {
      const plan = planRemoteChargeOrder(input);
      const rows = toOrderRows(plan.order, { id: timeOrderedUuid(input.now), orderNumber: generateOrderNumber(), changeSeq: 0 });
      staged.push(rows);
      if (input.mail) mails.push(orderConfirmationRow(rows.order, input.now));
      const { intent, answer } = plan.settle(rows.order);
      settlements.push({ pending_id: input.pendingId, gateway_id: input.gatewayId, ...intent });
      return answer;
    });
    // One statement that is its own transaction: the records' settle first, then the orders, items,
    // history and mail. It reads payment_intents, so it is planned each time (multi-insert.ts).
    const lead: LeadingWrite = { name: 'settle-records', sql: settleRecords, parameter: JSON.stringify(settlements), expectedRows: batch.length };
    const { seqs } = await insertManyAtOnce(db, [...stagedOrderParts(staged), { table: 'mail_outbox', rows: mails }], { lead, prepared: false });
    assignChangeSeqs(staged, seqs);
    return answers;
  }

  return { storePending: (row) => pending.submit(row), placeOrder: (input) => orders.submit(input) };
}
