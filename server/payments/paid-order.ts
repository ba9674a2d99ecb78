import { queueOrderConfirmation } from '../mail/mail-outbox';
import { findOrderByPaymentIntent, insertOrder } from '../orders/order.repository';
import type { OrderHistoryTable, OrderRow } from '../orders/order.table';
import type { Trx } from '../db/transaction';
import { adoptGatewayIntent, lockPaymentIntent, updatePaymentIntent } from './payment.repository';
import { newOrderFromSnapshot, type IntentSnapshot } from './payment.snapshot';
import type { PaymentIntentTable } from './payment.table';

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

export interface PaidOrder {
  order: OrderRow;
  /** False when an order already used the intent and is returned instead. */
  created: boolean;
}

/**
 * The order of a paid intent, once, in the caller's transaction: the intent takes the gateway's id
 * and is locked, so the checkout and the webhook of one payment cannot both find it without an
 * order; the order is written (orders/order.repository.ts, insertOrder) with its confirmation mail;
 * the intent is marked paid with its order and (for the checkout) its stored answer. The checkout,
 * the webhook, the reconciliation and POST /api/orders all come here; if an order already uses the
 * intent it is returned instead (`created: false`).
 */
export async function writePaidOrder(
  trx: Trx,
  paid: PaidIntent,
  /** More intent columns for the same update (the checkout's stored answer), given the order. */
  alsoOnIntent?: (order: OrderRow) => IntentAnswerColumns,
): Promise<PaidOrder> {
  if (paid.pendingId && paid.pendingId !== paid.intentId) await adoptGatewayIntent(trx, paid.pendingId, paid.intentId);
  await lockPaymentIntent(trx, paid.intentId);
  const existing = await findOrderByPaymentIntent(trx, paid.intentId);
  const order = existing ?? (await insertOrder(trx, newOrderFromSnapshot(paid.snapshot, paid.intentId, paid.source, paid.now)));
  if (!existing) await queueOrderConfirmation(trx, paid.mail, order.id, paid.now);
  await updatePaymentIntent(trx, paid.intentId, { status: 'succeeded', order_id: order.id, ...alsoOnIntent?.(order), updated_at: paid.now });
  return { order, created: !existing };
}
