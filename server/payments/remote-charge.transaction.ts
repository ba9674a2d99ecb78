import type { Transaction } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import type { StoredResponse } from '../idempotency/idempotency';
import { queueOrderConfirmation } from '../mail/mail-outbox';
import { findOrderByPaymentIntent, insertOrder } from '../orders/order.repository';
import type { OrderHistoryTable, OrderRow } from '../orders/order.table';
import type { PaidRemoteCharge } from './checkout.plan';
import { answerColumns, checkoutSuccess } from './checkout.transaction';
import { adoptGatewayIntent, orderPaidBy, settlePaidRecord, updatePaymentIntent } from './payment.repository';
import { newOrderFromSnapshot, type IntentSnapshot } from './payment.snapshot';
import type { PaymentIntentTable } from './payment.table';

type IntentAnswerColumns = Partial<Pick<PaymentIntentTable, 'answer_status' | 'answer_body' | 'request_hash'>>;

/**
 * The database side of a checkout whose charge is a network call (Stripe), with plain data in and
 * out like checkout.transaction.ts, so that on SQLite it runs on the checkout writer thread
 * (server/write-path/writer-jobs.ts; measured quiet in session 8, docs/benchmarks/scale.md).
 */
export interface OrderForIntent {
  intentId: string;
  snapshot: IntentSnapshot;
  source: OrderHistoryTable['source'];
  now: number;
  /** Whether the order confirmation is queued in the same transaction (false when mail is off). */
  mail: boolean;
}

/**
 * Writes the order of a succeeded intent, once: if an order already uses the intent it is
 * returned instead. Runs inside the caller's transaction with the intent's link to the order.
 */
export async function writeOrderForIntent(
  trx: Transaction<Database>,
  input: OrderForIntent,
  /** More intent columns for the same update (the checkout's stored answer), given the order. */
  alsoOnIntent: (order: OrderRow) => IntentAnswerColumns = () => ({}),
): Promise<{ order: OrderRow; created: boolean }> {
  const { intentId, now } = input;
  // PostgreSQL runs writers side by side: lock the intent so the webhook and POST /api/orders for the
  // same payment cannot both pass the check below (SQLite writes one transaction at a time anyway).
  if (isPostgres(trx)) await trx.selectFrom('payment_intents').select('id').where('id', '=', intentId).forUpdate().execute();
  const existing = await findOrderByPaymentIntent(trx, intentId);
  if (existing) {
    await updatePaymentIntent(trx, intentId, { status: 'succeeded', order_id: existing.id, ...alsoOnIntent(existing), updated_at: now });
    return { order: existing, created: false };
  }
  const order = await insertOrder(trx, newOrderFromSnapshot(input.snapshot, intentId, input.source, now));
  await queueOrderConfirmation(trx, input.mail, order, now);
  await updatePaymentIntent(trx, intentId, { status: 'succeeded', order_id: order.id, ...alsoOnIntent(order), updated_at: now });
  return { order, created: true };
}

/**
 * The order of a paid remote charge: the record stored before the charge takes the gateway's id,
 * then the order is written once (or the one already written for the intent is found) with the
 * answer stored on the record. The write path runs it alone (group commit), or many at once
 * on PostgreSQL (server/write-path/remote-charge-writes.ts).
 */
export async function placeRemoteChargeOrder(trx: Transaction<Database>, input: PaidRemoteCharge): Promise<StoredResponse> {
  const answerFor = (order: OrderRow): StoredResponse => ({ status: 201, body: checkoutSuccess(order) });
  if (!isPostgres(trx)) {
    // SQLite writes one transaction at a time: no lock between the look-up and the insert, and
    // precompiled statements (db/precompiled.ts), as the test gateway's checkout has.
    const existing = await orderPaidBy.first(trx, input.gatewayId);
    const order = existing ?? (await insertOrder(trx, newOrderFromSnapshot(input.snapshot, input.gatewayId, 'checkout', input.now)));
    if (!existing) await queueOrderConfirmation(trx, input.mail, order, input.now);
    const answer = answerFor(order);
    const { answer_status, answer_body, request_hash } = answerColumns(input, answer);
    await settlePaidRecord.run(trx, input.pendingId, input.gatewayId, order.id, answer_status, answer_body, request_hash, input.now);
    return answer;
  }
  await adoptGatewayIntent(trx, input.pendingId, input.gatewayId);
  const order = { intentId: input.gatewayId, snapshot: input.snapshot, source: 'checkout' as const, now: input.now, mail: input.mail };
  const { order: placed } = await writeOrderForIntent(trx, order, (made) => answerColumns(input, answerFor(made)));
  return answerFor(placed);
}

