import type { Transaction } from 'kysely';
import { insertRows } from '../db/multi-row';
import type { Database } from '../db/schema';
import { orderConfirmationRow } from '../mail/mail-outbox';
import { findOrdersByPaymentIntents, insertOrders } from '../orders/order.repository';
import type { OrderHistoryTable, OrderRow } from '../orders/order.table';
import { adoptGatewayIntents, lockPaymentIntents, updatePaymentIntents } from '../payments/payment.repository';
import { newOrderFromSnapshot, type IntentSnapshot } from '../payments/payment.snapshot';
import type { PaymentIntentTable } from '../payments/payment.table';
import type { BatchedWork } from '../write-path/write-queue';

type IntentAnswerColumns = Partial<Pick<PaymentIntentTable, 'answer_status' | 'answer_body' | 'request_hash'>>;

export interface PaidIntent {
  /** The gateway's id of the paid intent. */
  intentId: string;
  /** The shop's record stored before the charge, when it does not carry the gateway's id yet. */
  pendingId?: string;
  snapshot: IntentSnapshot;
  source: OrderHistoryTable['source'];
  now: number;
  /** Whether the order confirmation is queued in the same transaction (false when mail is off). */
  mail: boolean;
}

/** One paid intent to write the order of, and (for the checkout) its stored answer given the order. */
export interface PaidOrderWrite {
  paid: PaidIntent;
  alsoOnIntent?: (order: OrderRow) => IntentAnswerColumns;
}

export interface PaidOrder {
  order: OrderRow;
  /** False when an order already used the intent and is returned instead. */
  created: boolean;
}

/**
 * The one place an order is written: the order of a paid intent, its payment link, its
 * confirmation mail and (for the checkout) its stored answer, in the caller's transaction, once.
 * The checkout, the webhook, the start-up reconciliation and POST /api/orders all come here; if an
 * order already uses the intent it is returned instead (`created: false`).
 */
export async function writePaidOrder(
  trx: Transaction<Database>,
  paid: PaidIntent,
  /** More intent columns for the same update (the checkout's stored answer), given the order. */
  alsoOnIntent?: (order: OrderRow) => IntentAnswerColumns,
): Promise<PaidOrder> {
  return (await writePaidOrders(trx, [{ paid, alsoOnIntent }]))[0]!;
}

/**
 * writePaidOrder for the paid intents of a write batch at once: each step is one statement for
 * all of them on PostgreSQL (the repositories write many rows at once there), row by row on SQLite.
 * Two writes for one intent (the checkout and the webhook in one batch) go one after the other, so
 * the second finds the first's order.
 */
export async function writePaidOrders(trx: Transaction<Database>, writes: PaidOrderWrite[]): Promise<PaidOrder[]> {
  const intentIds = writes.map((write) => write.paid.intentId);
  if (new Set(intentIds).size < intentIds.length) {
    const written: PaidOrder[] = [];
    for (const write of writes) written.push(...(await writePaidOrders(trx, [write])));
    return written;
  }
  await adoptGatewayIntents(trx, writes.flatMap(({ paid }) => (paid.pendingId ? [{ pendingId: paid.pendingId, gatewayId: paid.intentId }] : [])));
  // Locked, so the checkout and the webhook for the same payment cannot both find it without an order.
  await lockPaymentIntents(trx, intentIds);
  const existing = new Map((await findOrdersByPaymentIntents(trx, intentIds)).map((order) => [order.payment_intent_id, order]));
  const toCreate = writes.filter(({ paid }) => !existing.has(paid.intentId));
  const created = await insertOrders(trx, toCreate.map(({ paid }) => newOrderFromSnapshot(paid.snapshot, paid.intentId, paid.source, paid.now)));
  const createdByIntent = new Map(created.map((order) => [order.payment_intent_id, order]));
  const confirmations = toCreate.filter(({ paid }) => paid.mail).map(({ paid }) => orderConfirmationRow(createdByIntent.get(paid.intentId)!, paid.now));
  await insertRows(trx, 'mail_outbox', confirmations);
  const results = writes.map(({ paid }) => {
    const order = existing.get(paid.intentId);
    return order ? { order, created: false } : { order: createdByIntent.get(paid.intentId)!, created: true };
  });
  await updatePaymentIntents(
    trx,
    writes.map(({ paid, alsoOnIntent }, index) => {
      const { order } = results[index]!;
      return { id: paid.intentId, status: 'succeeded', order_id: order.id, ...alsoOnIntent?.(order), updated_at: paid.now };
    }),
  );
  return results;
}

/** The paid orders of a write batch, written together (write-path/write-queue.ts, `runBatched`). */
export const paidOrderWrites: BatchedWork<PaidOrderWrite, PaidOrder> = { runAll: writePaidOrders };
