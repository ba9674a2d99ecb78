import type { Transaction } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { queueOrderConfirmation } from '../mail/mail-outbox';
import { findOrderByPaymentIntent, insertOrder } from '../orders/order.repository';
import type { OrderHistoryTable, OrderRow } from '../orders/order.table';
import { adoptGatewayIntent, updatePaymentIntent } from '../payments/payment.repository';
import { newOrderFromSnapshot, type IntentSnapshot } from '../payments/payment.snapshot';
import type { PaymentIntentTable } from '../payments/payment.table';

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
  alsoOnIntent: (order: OrderRow) => IntentAnswerColumns = () => ({}),
): Promise<{ order: OrderRow; created: boolean }> {
  const { intentId, now } = paid;
  if (paid.pendingId && paid.pendingId !== intentId) await adoptGatewayIntent(trx, paid.pendingId, intentId);
  // PostgreSQL runs writers side by side: lock the intent so the checkout and the webhook for the
  // same payment cannot both pass the check below (SQLite writes one transaction at a time anyway).
  if (isPostgres(trx)) await trx.selectFrom('payment_intents').select('id').where('id', '=', intentId).forUpdate().execute();
  const existing = await findOrderByPaymentIntent(trx, intentId);
  const order = existing ?? (await insertOrder(trx, newOrderFromSnapshot(paid.snapshot, intentId, paid.source, now)));
  if (!existing) await queueOrderConfirmation(trx, paid.mail, order, now);
  await updatePaymentIntent(trx, intentId, { status: 'succeeded', order_id: order.id, ...alsoOnIntent(order), updated_at: now });
  return { order, created: !existing };
}
