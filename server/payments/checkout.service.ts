import { randomUUID } from 'node:crypto';
import type { CheckoutPayload } from '../../shared/schemas/order';
import { singleFlight, type StoredResponse } from '../idempotency/idempotency';
import { CardDeclinedError, GatewayRequestError, IntentKeyTakenError, type GatewayIntent } from './gateway';
import { answerColumns, chargeAndPlaceOrder, CHECKOUT_SCOPE, checkoutSuccess, failureAnswer, storeAnswer, storedAnswer, TEST_CRASH_EXIT_CODE, type ChargeAndPlaceOrder } from './checkout.transaction';
import type { PaymentIntentRow } from './payment.table';
import { errorCodeOf, failureOf, statusFailure, type PaymentFailure } from './payment.errors';
import { findPaymentIntentByKey, updatePaymentIntent } from './payment.repository';
import { buildSnapshot, priceCart } from './payment.snapshot';
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
  if (!request.idempotencyKey) return checkoutOnce(payments, request, `${CHECKOUT_SCOPE}:${randomUUID()}`, undefined);
  const intentKey = `${CHECKOUT_SCOPE}:${request.idempotencyKey}`;
  return singleFlight(intentKey, async () => {
    const intent = await findPaymentIntentByKey(payments.app.db, intentKey);
    return storedAnswer(intent, request.requestHash) ?? checkoutOnce(payments, request, intentKey, intent);
  });
}

/** `existing`: the intent already stored under the key (a retry after a crash or a refusal), if any. */
async function checkoutOnce(payments: Payments, request: CheckoutRequest, intentKey: string, existing: PaymentIntentRow | undefined): Promise<StoredResponse> {
  const { app, gateway, writes } = payments;
  const { payload } = request;
  // A client price, subtotal or total that differs from the catalogue stops here: nothing is charged.
  const totals = priceCart(payload, app.config.freeShippingThresholdCents);
  const snapshot = buildSnapshot(payload, totals, request.userId, payload.paymentInfo?.paymentMethod ?? 'card');
  const chargeIn = payments.gateway.chargeIn;
  if (chargeIn && !existing) {
    const input: ChargeAndPlaceOrder = {
      snapshot,
      intentKey,
      paymentMethodId: payload.paymentMethodId,
      idempotencyKey: request.idempotencyKey,
      requestHash: request.requestHash,
      now: app.now(),
      crashAfterCharge: app.config.testFault === 'crash-after-payment',
    };
    try {
      // On the writer thread when there is one (SQLite file), else in this thread's write queue.
      return await (payments.checkoutWriter?.run(input) ?? writes.run((trx) => chargeAndPlaceOrder(trx, input, chargeIn)));
    } catch (error) {
      // Another request created an intent with this key in the meantime: the general path handles that.
      if (!(error instanceof IntentKeyTakenError)) throw error;
    }
  }
  const intent = await openIntent(payments, snapshot, intentKey);

  let paid: GatewayIntent | undefined;
  if (!intent.order_id) {
    try {
      paid = await gateway.confirmIntent(intent.id, payload.paymentMethodId, `${intentKey}:confirm`);
    } catch (error) {
      // A retry after a crash may find the intent already paid: the gateway's record decides.
      const remote = error instanceof GatewayRequestError && error.status < 500 ? await gateway.retrieveIntent(intent.id) : undefined;
      if (!remote || !isPaidInFull(intent, remote)) return fail(payments, request, intent.id, error);
      paid = remote;
    }
    if (paid.status !== 'succeeded') return answerFailure(payments, request, intent.id, statusFailure(paid.status, { id: intent.id, clientSecret: paid.clientSecret }), paid.status);
    if (app.config.testFault === 'crash-after-payment') {
      // Test-only fault: die between a succeeded payment and the order insert (the crash test).
      process.exit(TEST_CRASH_EXIT_CODE);
    }
  }

  const stored = parseSnapshot(intent);
  return writes.run(async (trx) => {
    const { order } = await createOrderForIntent(trx, app, intent.id, stored, 'checkout');
    return storeAnswer(trx, request, intent.id, { status: 201, body: checkoutSuccess(order) }, app.now());
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
