import { randomUUID } from 'node:crypto';
import type { CheckoutPayload } from '../../shared/schemas/order';
import { keyReused, singleFlight, type StoredResponse } from '../idempotency/idempotency';
import { CardDeclinedError, GatewayRequestError, IntentKeyTakenError, type GatewayIntent } from './gateway';
import { answerColumns, CHECKOUT_SCOPE, checkoutSuccess, failureAnswer, storedAnswer, type ChargeAndPlaceOrder } from './checkout.transaction';
import { errorCodeOf, failureOf, pendingAnswer, statusFailure, type PaymentFailure } from './payment.errors';
import { findPaymentIntentByKey, updatePaymentIntent } from './payment.repository';
import { buildSnapshot, priceCart, type IntentSnapshot } from './payment.snapshot';
import type { PaymentIntentRow } from './payment.table';
import type { OrderRow } from '../orders/order.table';
import { createOrderForIntent, isPaidInFull, openIntent, parseSnapshot, type Payments } from './payment.service';

export interface CheckoutRequest {
  payload: CheckoutPayload;
  userId: number | null;
  idempotencyKey: string | null;
  requestHash: string;
}

/**
 * POST /api/checkout as one idempotent operation: price the cart from the catalogue, then either
 * (test gateway) charge and write everything in one transaction, or (Stripe) store the intent with
 * its cart snapshot, charge, and write the order, its payment link and the stored answer in one
 * transaction. Requests with the same Idempotency-Key wait for each other here and get the stored
 * answer; across a crash the key finds the stored intent, so the card is charged once.
 */
export function runCheckout(payments: Payments, request: CheckoutRequest): Promise<StoredResponse> {
  if (!request.idempotencyKey) return checkoutOnce(payments, request, `${CHECKOUT_SCOPE}:${randomUUID()}`);
  const intentKey = `${CHECKOUT_SCOPE}:${request.idempotencyKey}`;
  return singleFlight(intentKey, () => checkoutOnce(payments, request, intentKey));
}

async function checkoutOnce(payments: Payments, request: CheckoutRequest, intentKey: string): Promise<StoredResponse> {
  const { app } = payments;
  const checkout = payments.writer.checkout;
  if (!checkout) {
    const known = await findPaymentIntentByKey(app.db, intentKey);
    return storedAnswer(known, request.requestHash) ?? checkoutThroughGateway(payments, request, intentKey, priceCheckout(app, request), known ?? null);
  }
  let snapshot: IntentSnapshot;
  try {
    snapshot = priceCheckout(app, request);
  } catch (error) {
    // A retry is told what its key already answered, even if the catalogue has changed since.
    const stored = request.idempotencyKey ? storedAnswer(await findPaymentIntentByKey(app.db, intentKey), request.requestHash) : undefined;
    if (stored) return stored;
    throw error;
  }
  // The transaction looks up the key itself (checkout.transaction.ts).
  const input: ChargeAndPlaceOrder = {
    snapshot,
    intentKey,
    paymentMethodId: request.payload.paymentMethodId,
    idempotencyKey: request.idempotencyKey,
    requestHash: request.requestHash,
    now: app.now(),
    mail: payments.mailQueueing,
  };
  try {
    // On the write path: the writer thread (SQLite file), a batch (PostgreSQL) or this thread's queue.
    const outcome = await checkout(input);
    if (outcome === 'reused') throw keyReused();
    if (outcome !== 'taken') return outcome;
  } catch (error) {
    // Another process created an intent with this key in the meantime: the general path handles that.
    if (!(error instanceof IntentKeyTakenError)) throw error;
  }
  // The key holds an intent without an answer (left by a crash or the general path): resume it.
  const known = await findPaymentIntentByKey(app.db, intentKey);
  return storedAnswer(known, request.requestHash) ?? checkoutThroughGateway(payments, request, intentKey, snapshot, known ?? null);
}

/** A client price, subtotal or total that differs from the catalogue stops here: nothing is charged. */
function priceCheckout(app: Payments['app'], request: CheckoutRequest): IntentSnapshot {
  const { payload } = request;
  const totals = priceCart(payload, app.config.freeShippingThresholdCents);
  return buildSnapshot(payload, totals, request.userId, payload.paymentInfo?.paymentMethod ?? 'card');
}

/**
 * The general path: the intent and its snapshot are stored first, then confirmed with the gateway,
 * then the order is written; an intent already stored under the key is resumed (openIntent).
 */
async function checkoutThroughGateway(
  payments: Payments,
  request: CheckoutRequest,
  intentKey: string,
  snapshot: IntentSnapshot,
  known: PaymentIntentRow | null,
): Promise<StoredResponse> {
  const { app, gateway, writes } = payments;
  const { payload } = request;
  const intent = await openIntent(payments, snapshot, intentKey, known);

  let paid: GatewayIntent | undefined;
  if (!intent.order_id && intent.status === 'processing') {
    // An earlier try left the payment processing: ask the gateway rather than confirm (and charge) again.
    const remote = await gateway.retrieveIntent(intent.id);
    if (remote?.status === 'processing') return pendingAnswer(intent.id);
    if (remote && isPaidInFull(intent, remote)) paid = remote;
  }
  if (!intent.order_id && !paid) {
    try {
      paid = await gateway.confirmIntent(intent.id, payload.paymentMethodId, `${intentKey}:confirm`);
    } catch (error) {
      // A retry after a crash may find the intent already paid: the gateway's record decides.
      const remote = error instanceof GatewayRequestError && error.status < 500 ? await gateway.retrieveIntent(intent.id) : undefined;
      if (!remote || !isPaidInFull(intent, remote)) return fail(payments, request, intent.id, error);
      paid = remote;
    }
    if (paid.status === 'processing') {
      // No stored answer: a retry with the key must find the order once the webhook has written it.
      await writes.run((trx) => updatePaymentIntent(trx, intent.id, { status: 'processing', updated_at: app.now() }));
      return pendingAnswer(intent.id);
    }
    if (paid.status !== 'succeeded') return answerFailure(payments, request, intent.id, statusFailure(paid.status, { id: intent.id, clientSecret: paid.clientSecret }), paid.status);
    // The crash tests' fault (app-faults.ts): between a succeeded payment and the order insert.
    app.faults.afterCharge();
  }

  const stored = parseSnapshot(intent);
  return writes.run(async (trx) => {
    // The stored answer goes into the same update of the intent that links it to its order.
    const answerFor = (order: OrderRow): StoredResponse => ({ status: 201, body: checkoutSuccess(order) });
    const { order } = await createOrderForIntent(trx, app, intent.id, stored, 'checkout', (made) =>
      request.idempotencyKey ? answerColumns(request, answerFor(made)) : {},
    );
    return answerFor(order);
  });
}

function fail(payments: Payments, request: CheckoutRequest, intentId: string, error: unknown): Promise<StoredResponse> {
  const refused = error instanceof CardDeclinedError || (error instanceof GatewayRequestError && error.status < 500);
  if (!refused) throw error;
  return answerFailure(payments, request, intentId, failureOf(error), 'requires_payment_method', errorCodeOf(error));
}

/** Records a failed payment on the intent and, with a key, the answer, so a retry is told the same. */
async function answerFailure(
  payments: Payments,
  request: CheckoutRequest,
  intentId: string,
  failure: PaymentFailure,
  status: string,
  errorCode: string | null = null,
): Promise<StoredResponse> {
  const { app, writes } = payments;
  return writes.run(async (trx) => {
    const answer = failureAnswer(failure);
    await updatePaymentIntent(trx, intentId, { status, last_error_code: errorCode ?? failure.body.code, ...answerColumns(request, answer), updated_at: app.now() });
    return answer;
  });
}
