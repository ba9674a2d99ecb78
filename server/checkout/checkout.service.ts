import { randomUUID } from 'node:crypto';
import { CARD_MINIMUM_CENTS, PAYMENT_CURRENCY } from '../../shared/payments';
import type { CheckoutPayload } from '../../shared/schemas/order';
import { idempotent, type Found, type KeyedRequest, type StoredResponse } from '../idempotency/idempotency';
import { CardDeclinedError, GatewayRequestError, type GatewayIntent } from '../payments/gateway';
import { errorCodeOf, failureOf, pendingAnswer, statusFailure, type PaymentFailure } from '../payments/payment.errors';
import { writePaidOrder } from '../payments/paid-order';
import { adoptGatewayIntent, insertPaymentIntentOrFindKey, updatePaymentIntent } from '../payments/payment.repository';
import { isPaidInFull, type Payments } from '../payments/payment.service';
import { buildSnapshot, chargeMetadata, isPendingIntent, paidWith, pendingIntentRow, priceCart, type IntentSnapshot } from '../payments/payment.snapshot';
import type { PaymentIntentRow } from '../payments/payment.table';
import { answerColumns, CHECKOUT_SCOPE, checkoutSuccess, failureAnswer, foundOnIntent, intentAnswers } from './checkout.answers';
import { prepareCutDesigns } from '../orders/cut-design-requests';
import { refuseDecalsThatDoNotFit } from '../catalog/decal-fit';
import { claimDiscountUse, releaseDiscountUse, resolveDiscount, type ResolvedDiscount } from '../discounts/discount.service';

export interface CheckoutRequest {
  payload: CheckoutPayload;
  userId: number | null;
  idempotencyKey: string | null;
  /** The body as sent: what makes two requests with one key the same request. */
  body: unknown;
}

/** A checkout under way, with the request's fingerprint from the wrapper ('' without a key: nothing is stored). */
interface Checkout extends Omit<CheckoutRequest, 'body'> {
  requestHash: string;
}

/**
 * POST /api/checkout, the same for every gateway (docs/tour.md):
 *   1. price the cart from the catalogue and its discount code (a client price that differs stops here);
 *   2. store the pending intent with its cart snapshot under the checkout's key, and in the same
 *      transaction check the code and hold a use of a limited one (server/discounts/);
 *   3. `gateway.charge`: one request creates and confirms the payment;
 *   4. write the order, its payment link, its mail and the stored answer in one transaction
 *      (payments/paid-order.ts; the order row itself: orders/order.repository.ts, insertOrder).
 * A crash between 3 and 4 leaves the pending intent, which the webhook or the start-up
 * reconciliation turns into the order (payment.service.ts, settleIntent). Requests with the same
 * Idempotency-Key run one at a time and get the stored answer; the key sent with another body
 * (another card) is refused with 422 before anything is charged.
 */
export function runCheckout(payments: Payments, request: CheckoutRequest): Promise<StoredResponse> {
  const { payload, userId, idempotencyKey } = request;
  return idempotent({
    scope: CHECKOUT_SCOPE,
    key: idempotencyKey,
    request: request.body,
    run: (keyed) => checkoutOnce(payments, { payload, userId, idempotencyKey, requestHash: keyed?.requestHash ?? '' }, keyed),
  });
}

async function checkoutOnce(payments: Payments, request: Checkout, keyed: KeyedRequest | null): Promise<Found<StoredResponse>> {
  const { app, gateway } = payments;
  let snapshot: IntentSnapshot;
  let discount: ResolvedDiscount | null;
  try {
    ({ snapshot, discount } = await priceCheckout(payments, request));
  } catch (error) {
    // A retry is told what its key already answered, even if the catalogue has changed since.
    const found = keyed ? await intentAnswers.find(app.db, keyed) : undefined;
    if (found) return found;
    throw error;
  }
  const intentKey = `${CHECKOUT_SCOPE}:${keyed?.key ?? randomUUID()}`;
  const pending: PaymentIntentRow = {
    ...pendingIntentRow(gateway.provider, snapshot, intentKey, PAYMENT_CURRENCY, app.now()),
    // The fingerprint is stored before the charge, so the key sent with another card is refused.
    request_hash: request.idempotencyKey ? request.requestHash : null,
  };
  // A code is checked and, when limited, a use held in the intent's transaction. Only a new intent
  // claims: a retried checkout already holds its use. A refusal rolls the intent back.
  const known = await app.db.transaction().execute(async (trx) => {
    const found = await insertPaymentIntentOrFindKey(trx, pending);
    if (!found && discount) await claimDiscountUse(trx, discount, { intentKey, email: snapshot.customer.email, now: pending.created_at });
    return found;
  });
  if (!known) return { answer: await charge(payments, request, pending, snapshot) };

  const found = foundOnIntent(known, request.requestHash);
  if (found !== 'open') return found;
  if (known.snapshot !== JSON.stringify(snapshot)) return 'reused';
  // The same request again after a crash or a lost answer: under the same key the gateway answers
  // with the first charge, or makes it.
  if (isPendingIntent(known)) return { answer: await charge(payments, request, known, snapshot) };
  return { answer: await resume(payments, request, known, snapshot) };
}

/** An unknown or expired code, or a client price, subtotal or total that differs, stops here: nothing is charged. */
async function priceCheckout(payments: Payments, request: Checkout): Promise<{ snapshot: IntentSnapshot; discount: ResolvedDiscount | null }> {
  const { payload } = request;
  await refuseDecalsThatDoNotFit(payload.items);
  const discount = await resolveDiscount(payments.app, payload.discountCode);
  const totals = priceCart(payload, payments.app.config.freeShippingThresholdCents, discount?.discount ?? null);
  return { snapshot: buildSnapshot(payload, totals, request.userId, payload.paymentInfo?.paymentMethod ?? 'card'), discount };
}

async function charge(payments: Payments, request: Checkout, record: PaymentIntentRow, snapshot: IntentSnapshot): Promise<StoredResponse> {
  // Under the card minimum (a code that takes the total to $0 included) no gateway takes the
  // payment: the order is placed without a charge, the same on Stripe and the test gateway.
  if (record.amount_cents < CARD_MINIMUM_CENTS) return placeOrder(payments, request, record, record.id, { ...snapshot, paymentMethod: 'none' });
  let charged: GatewayIntent;
  try {
    charged = await payments.gateway.chargeIntent({
      amountCents: record.amount_cents,
      currency: record.currency,
      idempotencyKey: `${record.idempotency_key}:charge`,
      paymentMethodId: request.payload.paymentMethodId,
      metadata: chargeMetadata(record, snapshot),
    });
  } catch (error) {
    return refuse(payments, request, record.id, error);
  }
  return settleCharge(payments, request, record, charged, snapshot);
}

/**
 * An intent whose record has the gateway's id but no answer: a payment that was processing, or
 * one the webhook or the reconciliation has already written the order of.
 */
async function resume(payments: Payments, request: Checkout, record: PaymentIntentRow, snapshot: IntentSnapshot): Promise<StoredResponse> {
  const { gateway } = payments;
  if (record.order_id) return placeOrder(payments, request, record, record.id, snapshot);
  const remote = await gateway.retrieveIntent(record.id);
  if (remote?.status === 'processing') return pendingAnswer(record.id);
  if (remote && isPaidInFull(record, remote)) return placeOrder(payments, request, record, remote.id, paidWith(snapshot, remote));
  let confirmed: GatewayIntent;
  try {
    confirmed = await gateway.confirmIntent(record.id, request.payload.paymentMethodId, `${record.idempotency_key}:confirm`);
  } catch (error) {
    return refuse(payments, request, record.id, error);
  }
  return settleCharge(payments, request, record, confirmed, snapshot);
}

/** What the gateway's answer means for the record: the order, a pending answer, or a refusal. */
async function settleCharge(payments: Payments, request: Checkout, record: PaymentIntentRow, charged: GatewayIntent, snapshot: IntentSnapshot): Promise<StoredResponse> {
  const { app } = payments;
  if (charged.status === 'processing') {
    // No stored answer: a retry with the key must find the order once the webhook has written it.
    await app.db.transaction().execute(async (trx) => {
      await adoptGatewayIntent(trx, record.id, charged.id);
      await updatePaymentIntent(trx, charged.id, { status: 'processing', updated_at: app.now() });
    });
    return pendingAnswer(charged.id);
  }
  if (charged.status !== 'succeeded') {
    const failure = statusFailure(charged.status, { id: charged.id, clientSecret: charged.clientSecret });
    return answerFailure(payments, request, { pendingId: record.id, intentId: charged.id }, failure, charged.status, null);
  }
  if (!isPaidInFull(record, charged)) throw new Error(`the gateway charged ${charged.amountCents} ${charged.currency} for ${record.amount_cents} ${record.currency}`);
  payments.afterCharge();
  return placeOrder(payments, request, record, charged.id, paidWith(snapshot, charged));
}

async function placeOrder(payments: Payments, request: Checkout, record: PaymentIntentRow, intentId: string, snapshot: IntentSnapshot): Promise<StoredResponse> {
  const { app } = payments;
  const answerFor = (order: Parameters<typeof checkoutSuccess>[0]): StoredResponse => ({ status: 201, body: checkoutSuccess(order) });
  const paid = { intentId, pendingId: record.id, snapshot, source: 'checkout' as const, now: app.now(), mail: payments.mailQueueing };
  try {
    const { order } = await app.db.transaction().execute((trx) => writePaidOrder(trx, paid, (made) => answerColumns(request, answerFor(made))));
    prepareCutDesigns(app, [order.id]);
    return answerFor(order);
  } catch (error) {
    // Charged, but the order was not written (storage failing): it is owed, and written once storage returns.
    payments.owedOrders.add(record.id);
    throw error;
  }
}

/** A decline or a request the gateway refused is an answer; anything else (the gateway down) is thrown. */
function refuse(payments: Payments, request: Checkout, intentId: string, error: unknown): Promise<StoredResponse> {
  const refused = error instanceof CardDeclinedError || (error instanceof GatewayRequestError && error.status < 500);
  if (!refused) throw error;
  return answerFailure(payments, request, { intentId }, failureOf(error), 'requires_payment_method', errorCodeOf(error));
}

/** Records a failed payment on the intent and, with a key, the answer, so a retry is told the same. */
async function answerFailure(
  payments: Payments,
  request: Checkout,
  /** `pendingId`: the pending record that takes `intentId` as its id in the same transaction. */
  ids: { intentId: string; pendingId?: string },
  failure: PaymentFailure,
  status: string,
  errorCode: string | null,
): Promise<StoredResponse> {
  const { app } = payments;
  return app.db.transaction().execute(async (trx) => {
    if (ids.pendingId && ids.pendingId !== ids.intentId) await adoptGatewayIntent(trx, ids.pendingId, ids.intentId);
    // A refused charge gives back the code's use; one awaiting the shopper (3-D Secure) keeps it.
    if (request.payload.discountCode && status !== 'requires_action') await releaseDiscountUse(trx, ids.intentId);
    const answer = failureAnswer(failure);
    await updatePaymentIntent(trx, ids.intentId, { status, last_error_code: errorCode ?? failure.body.code, ...answerColumns(request, answer), updated_at: app.now() });
    return answer;
  });
}
