import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { toDollars } from '../../shared/money';
import type { CheckoutPayload } from '../../shared/schemas/order';
import type { CheckoutSuccess } from '../../shared/api/types';
import { findStoredResponse, singleFlight, storeResponse, type StoredResponse } from '../idempotency/idempotency';
import { insertOrder } from '../orders/order.repository';
import type { Database } from '../db/schema';
import type { OrderRow } from '../orders/order.table';
import { PAYMENT_CURRENCY } from '../../shared/payments';
import { CardDeclinedError, GatewayRequestError, IntentKeyTakenError, type GatewayIntent } from './gateway';
import { errorCodeOf, failureOf, statusFailure, type PaymentFailure } from './payment.errors';
import { findPaymentIntentByKey, insertPaymentIntent, updatePaymentIntent } from './payment.repository';
import { buildSnapshot, priceCart, type IntentSnapshot } from './payment.snapshot';
import { createOrderForIntent, isPaidInFull, newOrderFromSnapshot, openIntent, parseSnapshot, paymentIntentRow, type Payments } from './payment.service';

const SCOPE = 'checkout';

export interface CheckoutRequest {
  payload: CheckoutPayload;
  userId: number | null;
  idempotencyKey: string | null;
  requestHash: string;
}

export function checkoutSuccess(order: OrderRow): CheckoutSuccess {
  return { success: true, order: { orderNumber: order.order_number, total: toDollars(order.total_cents), customerEmail: order.customer_email } };
}

/**
 * POST /api/checkout as one idempotent operation: price the cart from the catalogue, then either
 * (test gateway) charge and write everything in one transaction, or (Stripe) store the intent with
 * its cart snapshot, charge, and write the order, its payment link and the stored answer in one
 * transaction. Requests with the same Idempotency-Key wait for each other here and get the stored
 * answer; across a crash the key finds the stored intent, so the card is charged once.
 */
export function runCheckout(payments: Payments, request: CheckoutRequest): Promise<StoredResponse> {
  if (!request.idempotencyKey) return checkoutOnce(payments, request, `${SCOPE}:${randomUUID()}`);
  const key = request.idempotencyKey;
  return singleFlight(`${SCOPE}:${key}`, async () => {
    const stored = await findStoredResponse(payments.app.db, SCOPE, key, request.requestHash);
    return stored ?? checkoutOnce(payments, request, `${SCOPE}:${key}`);
  });
}

async function checkoutOnce(payments: Payments, request: CheckoutRequest, intentKey: string): Promise<StoredResponse> {
  const { app, gateway, writes } = payments;
  const { payload } = request;
  // A client price, subtotal or total that differs from the catalogue stops here: nothing is charged.
  const totals = priceCart(payload, app.config.freeShippingThresholdCents);
  const snapshot = buildSnapshot(payload, totals, request.userId, payload.paymentInfo?.paymentMethod ?? 'card');
  if (payments.gateway.chargeIn && !(await findPaymentIntentByKey(app.db, intentKey))) {
    try {
      return await checkoutInOneTransaction(payments, request, intentKey, snapshot);
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
      process.exit(86);
    }
  }

  const stored = parseSnapshot(intent);
  return writes.run(async (trx) => {
    const { order } = await createOrderForIntent(trx, app, intent.id, stored, 'checkout');
    return storeAnswer(trx, request, { status: 201, body: checkoutSuccess(order) }, app.now());
  });
}

/**
 * For a gateway whose ledger is in this database (the test gateway): the charge, the shop's intent
 * with its snapshot, the order and the stored answer commit in one transaction, so a crash leaves
 * all of them or none, and nothing is ever charged without its order. One transaction instead of
 * three is also what keeps checkout within its budget (docs/benchmarks/payments.md).
 */
function checkoutInOneTransaction(payments: Payments, request: CheckoutRequest, intentKey: string, snapshot: IntentSnapshot): Promise<StoredResponse> {
  const { app, gateway, writes } = payments;
  return writes.run(async (trx) => {
    const now = app.now();
    const { intent, failure } = await gateway.chargeIn!(trx, {
      amountCents: snapshot.totals.total,
      currency: PAYMENT_CURRENCY,
      idempotencyKey: intentKey,
      paymentMethodId: request.payload.paymentMethodId,
    });
    const record = paymentIntentRow(intent, gateway.provider, snapshot, intentKey, now);
    let answer: StoredResponse;
    if (intent.status === 'succeeded') {
      // Test-only fault: die after the charge, before the order (the crash test); nothing commits.
      if (app.config.testFault === 'crash-after-payment') process.exit(86);
      const order = await insertOrder(trx, newOrderFromSnapshot(snapshot, intent.id, 'checkout', now));
      record.order_id = order.id;
      answer = { status: 201, body: checkoutSuccess(order) };
    } else {
      const paymentFailure = failure ? failureOf(failure) : statusFailure(intent.status, { id: intent.id, clientSecret: intent.clientSecret });
      record.last_error_code = failure ? errorCodeOf(failure) : paymentFailure.body.code;
      answer = failureAnswer(paymentFailure);
    }
    // The shop's intent must commit with the charge and the order; if its key is somehow taken, none of them do.
    if (!(await insertPaymentIntent(trx, record))) throw new IntentKeyTakenError(intentKey);
    return storeAnswer(trx, request, answer, now);
  });
}

/** With an Idempotency-Key, the answer is stored in the transaction of what it reports, so a retry is told the same. */
async function storeAnswer(trx: Transaction<Database>, request: CheckoutRequest, answer: StoredResponse, now: number): Promise<StoredResponse> {
  if (request.idempotencyKey) await storeResponse(trx, { scope: SCOPE, key: request.idempotencyKey, requestHash: request.requestHash, ...answer, now });
  return answer;
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
    await updatePaymentIntent(trx, intentId, { status, last_error_code: errorCode ?? failure.body.code, updated_at: app.now() });
    return storeAnswer(trx, request, failureAnswer(failure), app.now());
  });
}

/** Every checkout failure carries `success: false` next to `{error, code}` (design.md §3). */
function failureAnswer(failure: PaymentFailure): StoredResponse {
  return { status: failure.status, body: { success: false, ...failure.body } };
}
