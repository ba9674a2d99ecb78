import type { OrderView } from '../../shared/api/types';
import { paymentStatusMessage } from '../../shared/payments';
import type { OrderPayload } from '../../shared/schemas/order';
import { HttpError } from '../errors/http-error';
import { singleFlight } from '../idempotency/idempotency';
import { toOrderView } from '../orders/order.mapper';
import { findOrderByPaymentIntent, loadItems } from '../orders/order.repository';
import type { OrderRow } from '../orders/order.table';
import { gatewayCall } from './payment.errors';
import { findPaymentIntent } from './payment.repository';
import { createOrderForIntent, isPaidInFull, type Payments } from './payment.service';
import { paidWith, priceCart } from './payment.snapshot';
import { resolveDiscount } from '../discounts/discount.service';
import { prepareCutDesigns } from '../orders/cut-design-requests';
import { refuseDecalsThatDoNotFit } from '../catalog/decal-fit';
import { storableSnapshotOf } from './storable-snapshot';

const FOREIGN_INTENT = 'This payment does not belong to this order. Please try again.';

export interface PlacedOrder {
  /** 201 when this request wrote the order, 200 when it already existed. */
  status: 200 | 201;
  body: { order: OrderView };
}

/**
 * POST /api/orders (spec.md §4 order placement flow, after create-intent and confirm): the order
 * is written only for a succeeded intent of this shop whose amount is the recomputed total and
 * which no other order uses. The same intent again answers the same order.
 */
export async function placeOrderForIntent(payments: Payments, payload: OrderPayload, userId: number | null): Promise<PlacedOrder> {
  const { app } = payments;
  // The intent is paid: its code prices it whatever the code's state now (it was checked at create-intent).
  await refuseDecalsThatDoNotFit(payload.items);
  const discount = await resolveDiscount(app, payload.discountCode, { paid: true });
  const totals = priceCart(payload, app.config.freeShippingThresholdCents, discount?.discount ?? null);
  const intentId = payload.paymentInfo.paymentIntentId;

  const result = await singleFlight(`order-placement:${intentId}`, async () => {
    const existing = await findOrderByPaymentIntent(app.db, intentId);
    if (existing) {
      if (existing.customer_email.toLowerCase() !== payload.customerInfo.email.toLowerCase()) throw new HttpError(409, 'PAYMENT_MISMATCH', FOREIGN_INTENT);
      return { order: existing, created: false };
    }
    const local = await findPaymentIntent(app.db, intentId);
    if (!local || local.amount_cents !== totals.total) throw new HttpError(409, 'PAYMENT_MISMATCH', FOREIGN_INTENT);
    const remote = await gatewayCall(payments.gateway.retrieveIntent(intentId));
    if (!remote || remote.amountCents !== local.amount_cents) throw new HttpError(409, 'PAYMENT_MISMATCH', FOREIGN_INTENT);
    if (!isPaidInFull(local, remote)) throw new HttpError(402, 'PAYMENT_NOT_COMPLETED', paymentStatusMessage(remote.status), undefined, { status: remote.status });
    // The order is what was paid for: the cart stored with the intent, not this request's copy
    // (the webhook and the reconciliation write the same snapshot, whoever comes first).
    const stored = await storableSnapshotOf(app, local);
    const snapshot = paidWith({ ...stored, userId: stored.userId ?? userId }, remote);
    return app.db.transaction().execute((trx) => createOrderForIntent(trx, app, intentId, snapshot, 'checkout'));
  });
  if (result.created) prepareCutDesigns(app, [result.order.id]);
  return { status: result.created ? 201 : 200, body: { order: await orderViewOf(payments, result.order) } };
}

async function orderViewOf(payments: Payments, order: OrderRow): Promise<OrderView> {
  const items = await loadItems(payments.app.db, [order.id]);
  return toOrderView(order, items.get(order.id) ?? []);
}
