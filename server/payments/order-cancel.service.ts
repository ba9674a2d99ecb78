import type { CancelOrderAnswer } from '../../shared/api/answers';
import type { User } from '../../shared/api/types';
import { toDollars } from '../../shared/money';
import { CANCELLABLE_STATUSES, ORDER_EDIT_MESSAGES, type CancelOrderInput } from '../../shared/schemas/order-edits';
import { inTransaction } from '../db/transaction';
import { HttpError, notFound } from '../errors/http-error';
import { mailQueueingOf } from '../mail/mail-outbox';
import type { Payments } from './payment.service';
import { findRefundByKey } from './refund.repository';
import { refundPayment } from './refund.service';
import { findHistoryOfMutation } from '../orders/order-edit.repository';
import { findOrderById } from '../orders/order.repository';
import { actorOf, adminViewOf, changeOrderStatus } from '../orders/order.service';

/**
 * POST /api/orders/:id/cancel: cancels an order and refunds it (all that is left, part, or nothing)
 * in one action. The refund goes first, through the gateway; only once it is made is the order
 * cancelled, so a refused refund leaves the order as it was, with the provider's reason.
 *
 * One cancel is named by the order and the version the admin saw (`baseVersion`): its refund is
 * made under the key `cancel:<order>:<version>` (the refund service's idempotency, which Stripe
 * keeps too), so a retried request, whether or not it carries the same Idempotency-Key, and the
 * same cancel sent twice refund exactly once, and a retry after a refund whose cancel did not
 * commit finishes the cancel without a second refund.
 */
export async function cancelOrder(payments: Payments, user: User, orderId: string, input: CancelOrderInput): Promise<CancelOrderAnswer> {
  const { app } = payments;
  const cancelKey = `cancel:${orderId}:${input.baseVersion}`;
  const order = await findOrderById(app.db, orderId);
  if (!order) throw notFound('Order not found.');
  const earlierRefund = await findRefundByKey(app.db, `refund:${cancelKey}`);
  const refundView = (refund: { id: string; amount_cents: number; status: string }) => ({ id: refund.id, amount: toDollars(refund.amount_cents), status: refund.status });

  if (order.status === 'cancelled') {
    const cancelledHere = await findHistoryOfMutation(app.db, orderId, cancelKey);
    if (!cancelledHere) throw new HttpError(409, 'ALREADY_CANCELLED', ORDER_EDIT_MESSAGES.alreadyCancelled, undefined, { order: await adminViewOf(app.db, order) });
    return { order: await adminViewOf(app.db, order), refund: earlierRefund ? refundView(earlierRefund) : null };
  }
  if (!CANCELLABLE_STATUSES.includes(order.status)) throw new HttpError(409, 'ORDER_NOT_CANCELLABLE', ORDER_EDIT_MESSAGES.notCancellable);
  if (order.version !== input.baseVersion && !earlierRefund) {
    throw new HttpError(409, 'VERSION_CONFLICT', ORDER_EDIT_MESSAGES.versionConflict, undefined, { order: await adminViewOf(app.db, order) });
  }

  let refund: CancelOrderAnswer['refund'] = null;
  let refundedCents = 0;
  const leftToRefund = order.total_cents - order.refunded_cents;
  const paid = order.payment_status === 'succeeded' || order.payment_status === 'partially_refunded';
  if (input.refund && order.payment_intent_id && ((paid && leftToRefund > 0) || earlierRefund)) {
    try {
      const made = await refundPayment(payments, { paymentIntentId: order.payment_intent_id, amount: input.refund.amount, clientKey: cancelKey, actor: actorOf(user), mailCustomer: false });
      refund = { id: made.id, amount: toDollars(made.amountCents), status: made.status };
      if (made.status !== 'failed' && made.status !== 'canceled') refundedCents = made.amountCents;
    } catch (error) {
      throw refusedCancel(error);
    }
  }

  const cancelled = await inTransaction(app.db)((trx) =>
    changeOrderStatus(trx, {
      orderId,
      status: 'cancelled',
      trackingNumber: null,
      actor: actorOf(user),
      source: 'api',
      mutationId: cancelKey,
      now: app.now(),
      mail: mailQueueingOf(app.config),
      refundedCents,
    }),
  );
  if (cancelled.kind === 'not_found') throw notFound('Order not found.');
  return { order: await adminViewOf(app.db, cancelled.order), refund };
}

/** A refused refund as the reason the order stays as it was. */
function refusedCancel(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const code = error.code === 'IDEMPOTENCY_KEY_REUSED' ? 'CANCEL_IN_PROGRESS' : error.code;
  const reason = error.code === 'IDEMPOTENCY_KEY_REUSED' ? 'this order is being cancelled with another amount from another window' : error.message.replace(/\.$/, '');
  return new HttpError(error.status, code, `The order was not cancelled: the refund failed (${reason}).`, error.errors, error.extra);
}
