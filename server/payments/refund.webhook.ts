import type Stripe from 'stripe';
import type { DbOrTrx } from '../db/transaction';
import { findOrderByPaymentIntent } from '../orders/order.repository';
import { applyRefundStatus, findRefund, recordRefund } from './refund.repository';

/**
 * The refund events the shop follows (docs/deploy.md lists them for Stripe's dashboard).
 * `charge.refunded` is not among them: its Charge no longer lists its refunds by default.
 */
export const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

/** The part of Stripe's Refund object the shop reads. */
interface RefundObject {
  id?: unknown;
  status?: unknown;
  amount?: unknown;
  payment_intent?: unknown;
}

/**
 * A refund event from Stripe: a refund the shop made follows its status (a refund that fails or is
 * cancelled gives its amount back to the order); a refund made in Stripe's dashboard is added to
 * its order when first seen. Undefined for other events.
 */
export async function applyRefundEvent(trx: DbOrTrx, event: Stripe.Event, now: number, mail: boolean): Promise<string | undefined> {
  if (!REFUND_EVENTS.has(event.type)) return undefined;
  const refund = event.data.object as RefundObject;
  if (typeof refund.id !== 'string' || typeof refund.status !== 'string') return 'ignored';
  // Stripe sends events in no set order: each carries when it was created, which decides.
  const eventAt = typeof event.created === 'number' ? event.created * 1000 : now;
  if (await findRefund(trx, refund.id)) return applyRefundStatus(trx, refund.id, refund.status, now, eventAt, mail);
  return recordOutsideRefund(trx, { ...refund, id: refund.id, status: refund.status }, now, eventAt, mail);
}

async function recordOutsideRefund(trx: DbOrTrx, refund: RefundObject & { id: string; status: string }, now: number, eventAt: number, mail: boolean): Promise<string> {
  const { amount, payment_intent: paymentIntentId } = refund;
  if (typeof paymentIntentId !== 'string' || typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return 'unknown_refund';
  const order = await findOrderByPaymentIntent(trx, paymentIntentId);
  if (!order) return 'unknown_refund';
  const actor = { id: null, name: 'Stripe' };
  await recordRefund(trx, { id: refund.id, paymentIntentId, orderId: order.id, amountCents: amount, status: refund.status, actor, idempotencyKey: null, requestHash: null, now, statusAt: eventAt, mail }, 'system');
  return 'refund_recorded';
}
