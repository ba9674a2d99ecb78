import { toCents, toDollars } from '../../shared/money';
import { HttpError, notFound } from '../errors/http-error';
import { hashRequest, idempotent, keyReused, type AnswerStore } from '../idempotency/idempotency';
import { mailQueueingOf } from '../mail/mail-outbox';
import { findOrderByPaymentIntent } from '../orders/order.repository';
import { CardDeclinedError, GatewayRequestError, type GatewayRefund } from './gateway';
import { GATEWAY_UNAVAILABLE_MESSAGE } from './payment.errors';
import type { Payments } from './payment.service';
import { inTransaction } from '../db/transaction';
import { claimRefundRow, findRefundByKey, recordRefund, findRefund, type RefundActor } from './refund.repository';

export interface RefundRequest {
  paymentIntentId: string;
  /** Dollars; null refunds what is left. */
  amount: number | null | undefined;
  /** The admin client's Idempotency-Key, if it sent one. */
  clientKey: string | null;
  actor: RefundActor;
  /** Whether the customer gets the refund mail; a cancellation tells of its refund in its own mail. */
  mailCustomer?: boolean;
}

/**
 * Where refund answers are kept: the refund's own row carries the client's key (prefixed, so it
 * cannot meet a gateway key) and the request's fingerprint, written with the refund by
 * `recordRefund`, so there is nothing more to save. A replay answers the refund as it is now.
 */
const refundRows: AnswerStore<GatewayRefund> = {
  async find(db, { key, requestHash }) {
    const earlier = await findRefundByKey(db, storedKeyOf(key));
    if (!earlier) return undefined;
    if (earlier.request_hash !== requestHash) return 'reused';
    return { answer: { id: earlier.id, amountCents: earlier.amount_cents, status: earlier.status } };
  },
  async save() {},
};

const storedKeyOf = (clientKey: string) => `refund:${clientKey}`;

/**
 * Refunds a paid order, once per Idempotency-Key: a replay answers the refund already made (even
 * after the order was refunded in full), the same key with another body is a 422, as with Stripe.
 * Without a client key the gateway key names this exact refund step, so a retry cannot refund twice.
 * Refunds of one payment run one at a time in this process, so each sees what the last one left.
 */
export async function refundPayment(payments: Payments, request: RefundRequest): Promise<GatewayRefund> {
  const { app, gateway } = payments;
  const { paymentIntentId, amount, clientKey, actor, mailCustomer = true } = request;
  const refundRequest = { paymentIntentId, amount: amount ?? null };
  return idempotent({
    scope: 'refund',
    key: clientKey,
    request: refundRequest,
    store: refundRows,
    db: app.db,
    transaction: inTransaction(app.db),
    now: app.now,
    exclusive: `refund:${paymentIntentId}`,
    prepare: async () => {
      const order = await findOrderByPaymentIntent(app.db, paymentIntentId);
      if (!order) throw notFound('No order was paid with this payment.', 'ORDER_NOT_FOUND');
      const remaining = order.total_cents - order.refunded_cents;
      const amountCents = amount == null ? remaining : toCents(amount);
      if (remaining <= 0) throw new HttpError(409, 'ALREADY_REFUNDED', 'This payment has already been refunded in full.');
      if (amountCents > remaining) {
        throw new HttpError(422, 'REFUND_EXCEEDS_PAYMENT', `Refund amount exceeds the ${toDollars(remaining).toFixed(2)} left to refund.`);
      }
      const gatewayKey = `refund:${paymentIntentId}:${clientKey ?? `${order.refunded_cents}:${amountCents}`}`;
      try {
        return { orderId: order.id, made: await gateway.refund({ paymentIntentId, amountCents, idempotencyKey: gatewayKey }) };
      } catch (error) {
        throw refundError(error);
      }
    },
    write: async (trx, { orderId, made }, keyed) => {
      const storedKey = clientKey ? storedKeyOf(clientKey) : null;
      const requestHash = keyed?.requestHash ?? hashRequest(refundRequest);
      if (await findRefund(trx, made.id)) {
        // Its refund.created webhook got here first: the row becomes this request's, with its key and admin.
        await claimRefundRow(trx, made.id, { idempotencyKey: storedKey, requestHash, actor });
        return made;
      }
      await recordRefund(trx, { id: made.id, paymentIntentId, orderId, amountCents: made.amountCents, status: made.status, actor, idempotencyKey: storedKey, requestHash, now: app.now(), mail: mailCustomer && mailQueueingOf(app.config) });
      return made;
    },
  });
}

/** A gateway's refusal of a refund, as the admin should read it: a refund error, never card advice. */
export function refundError(error: unknown): unknown {
  if (!(error instanceof GatewayRequestError || error instanceof CardDeclinedError)) return error;
  if (error instanceof GatewayRequestError && error.code === 'idempotency_error') return keyReused();
  if (error instanceof GatewayRequestError && error.status >= 500) return new HttpError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', GATEWAY_UNAVAILABLE_MESSAGE);
  return new HttpError(422, 'REFUND_FAILED', `The refund was refused by the payment provider: ${error.message}`, undefined, { gatewayCode: error.code });
}
