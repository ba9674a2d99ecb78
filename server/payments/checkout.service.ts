import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { PAYMENT_CURRENCY } from '../../shared/payments';
import type { Database } from '../db/schema';
import type { CheckoutPayload } from '../../shared/schemas/order';
import { answerOf, idempotent, type Found, type KeyedRequest, type StoredResponse } from '../idempotency/idempotency';
import { CardDeclinedError, GatewayRequestError, IntentKeyTakenError, type GatewayIntent } from './gateway';
import { answerColumns, CHECKOUT_SCOPE, checkoutSuccess, failureAnswer, foundOnIntent, intentAnswers, type ChargeAndPlaceOrder } from './checkout.transaction';
import { errorCodeOf, failureOf, pendingAnswer, statusFailure, type PaymentFailure } from './payment.errors';
import { adoptGatewayIntent, findPaymentIntentByKey, updatePaymentIntent } from './payment.repository';
import { buildSnapshot, chargeMetadata, isPendingIntent, pendingIntentRow, priceCart, type IntentSnapshot } from './payment.snapshot';
import type { PaymentIntentRow } from './payment.table';
import type { OrderRow } from '../orders/order.table';
import { createOrderForIntent, isPaidInFull, openIntent, parseSnapshot, type Payments } from './payment.service';

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
 * POST /api/checkout as one idempotent operation: price the cart from the catalogue, then either
 * (test gateway) charge and write everything in one transaction, or (Stripe) store the record with
 * its cart snapshot, charge with one request, and write the order, its payment link and the stored
 * answer in one transaction. Requests with the same Idempotency-Key wait for each other here and get the stored
 * answer; across a crash the key finds the stored intent, so the card is charged once.
 */
export function runCheckout(payments: Payments, request: CheckoutRequest): Promise<StoredResponse> {
  const { payload, userId, idempotencyKey } = request;
  // The one wrapper (idempotency.ts) hashes the body and runs requests with one key one at a time
  // (`checkout:<key>`); the look-up and the stored answer are the intent row's (intentAnswers),
  // read and written by the statements the checkout runs anyway.
  return idempotent({
    scope: CHECKOUT_SCOPE,
    key: idempotencyKey,
    request: request.body,
    run(keyed) {
      return checkoutOnce(payments, { payload, userId, idempotencyKey, requestHash: keyed?.requestHash ?? '' }, keyed);
    },
  });
}

async function checkoutOnce(payments: Payments, request: Checkout, keyed: KeyedRequest | null): Promise<Found<StoredResponse>> {
  const { app } = payments;
  const checkout = payments.writer.checkout;
  const intentKey = `${CHECKOUT_SCOPE}:${keyed?.key ?? randomUUID()}`;
  let snapshot: IntentSnapshot;
  try {
    snapshot = priceCheckout(app, request);
  } catch (error) {
    // A retry is told what its key already answered, even if the catalogue has changed since.
    const found = keyed ? await intentAnswers.find(app.db, keyed) : undefined;
    if (found) return found;
    throw error;
  }
  if (!checkout) return checkoutWithRemoteCharge(payments, request, intentKey, snapshot);
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
    if (outcome === 'reused') return 'reused';
    if (outcome !== 'taken') return { answer: outcome };
  } catch (error) {
    // Another process created an intent with this key in the meantime: the general path handles that.
    if (!(error instanceof IntentKeyTakenError)) throw error;
  }
  // The key holds an intent without an answer (left by a crash or the general path): resume it.
  const known = await findPaymentIntentByKey(app.db, intentKey);
  const found = foundOnIntent(known, request.requestHash);
  if (found && found !== 'taken') return found;
  return { answer: await checkoutThroughGateway(payments, request, intentKey, snapshot, known ?? null) };
}

/**
 * A gateway whose charge is a network call (Stripe): the record with its cart snapshot is stored
 * first (its key taken, or the record already under it found, in one write), then one request
 * creates and confirms the intent, then the order, its payment link and the stored answer are
 * written in one transaction. A crash after the charge leaves the record, which the webhook or the
 * start-up reconciliation turns into the order (payment.service.ts, settleIntent).
 */
async function checkoutWithRemoteCharge(payments: Payments, request: Checkout, intentKey: string, snapshot: IntentSnapshot): Promise<Found<StoredResponse>> {
  const { app, gateway, writer } = payments;
  const pending = pendingIntentRow(gateway.provider, snapshot, intentKey, PAYMENT_CURRENCY, app.now());
  // Stores the record and takes the key, or finds the record already under it: the key's look-up.
  const known = await writer.remoteCharge.storePending(pending);
  if (!known) return { answer: await chargeStoredIntent(payments, request, pending, snapshot) };
  const found = foundOnIntent(known, request.requestHash);
  if (found && found !== 'taken') return found;
  if (known.snapshot !== JSON.stringify(snapshot)) return 'reused';
  // A record still waiting for its charge's answer (an earlier try crashed or lost it): the same
  // request again, under the same key, is answered by the gateway with the first charge, or makes it.
  if (isPendingIntent(known)) return { answer: await chargeStoredIntent(payments, request, known, snapshot) };
  return { answer: await checkoutThroughGateway(payments, request, intentKey, snapshot, known) };
}

/** One request creates and confirms the stored record's intent; its answer is then written. */
async function chargeStoredIntent(payments: Payments, request: Checkout, record: PaymentIntentRow, snapshot: IntentSnapshot): Promise<StoredResponse> {
  const { app, gateway, writer, writes } = payments;
  let charged: GatewayIntent;
  try {
    charged = await gateway.chargeIntent({
      amountCents: record.amount_cents,
      currency: record.currency,
      idempotencyKey: `${record.idempotency_key}:charge`,
      paymentMethodId: request.payload.paymentMethodId,
      metadata: chargeMetadata(record, snapshot),
    });
  } catch (error) {
    return fail(payments, request, record.id, error);
  }
  if (charged.status === 'processing') {
    await writes.run(async (trx) => {
      await adoptGatewayIntent(trx, record.id, charged.id);
      await updatePaymentIntent(trx, charged.id, { status: 'processing', updated_at: app.now() });
    });
    return pendingAnswer(charged.id);
  }
  if (charged.status !== 'succeeded') {
    const failure = statusFailure(charged.status, { id: charged.id, clientSecret: charged.clientSecret });
    return answerFailure(payments, request, charged.id, failure, charged.status, null, record.id);
  }
  if (!isPaidInFull(record, charged)) throw new Error(`the gateway charged ${charged.amountCents} ${charged.currency} for ${record.amount_cents} ${record.currency}`);
  // The crash tests' fault (app-faults.ts): between a succeeded payment and the order insert.
  app.faults.afterCharge();
  const { idempotencyKey, requestHash } = request;
  return writer.remoteCharge.placeOrder({ pendingId: record.id, gatewayId: charged.id, snapshot, idempotencyKey, requestHash, now: app.now(), mail: payments.mailQueueing });
}

/** The order of a paid intent (or the one already written for it) and, with a key, the stored answer. */
async function placeOrder(trx: Transaction<Database>, app: Payments['app'], request: Checkout, intentId: string, snapshot: IntentSnapshot): Promise<StoredResponse> {
  // The stored answer goes into the same update of the intent that links it to its order.
  const answerFor = (order: OrderRow): StoredResponse => ({ status: 201, body: checkoutSuccess(order) });
  const { order } = await createOrderForIntent(trx, app, intentId, snapshot, 'checkout', (made) => (request.idempotencyKey ? answerColumns(request, answerFor(made)) : {}));
  return answerFor(order);
}

/** A client price, subtotal or total that differs from the catalogue stops here: nothing is charged. */
function priceCheckout(app: Payments['app'], request: Checkout): IntentSnapshot {
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
  request: Checkout,
  intentKey: string,
  snapshot: IntentSnapshot,
  known: PaymentIntentRow | null,
): Promise<StoredResponse> {
  const { app, gateway, writes } = payments;
  const { payload } = request;
  const intent = answerOf(await openIntent(payments, snapshot, intentKey, known))!;

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
  return writes.run((trx) => placeOrder(trx, app, request, intent.id, stored));
}

function fail(payments: Payments, request: Checkout, intentId: string, error: unknown): Promise<StoredResponse> {
  const refused = error instanceof CardDeclinedError || (error instanceof GatewayRequestError && error.status < 500);
  if (!refused) throw error;
  return answerFailure(payments, request, intentId, failureOf(error), 'requires_payment_method', errorCodeOf(error));
}

/** Records a failed payment on the intent and, with a key, the answer, so a retry is told the same. */
async function answerFailure(
  payments: Payments,
  request: Checkout,
  intentId: string,
  failure: PaymentFailure,
  status: string,
  errorCode: string | null = null,
  /** The pending record that takes `intentId` as its id in the same transaction (payment.snapshot.ts). */
  pendingId: string | null = null,
): Promise<StoredResponse> {
  const { app, writes } = payments;
  return writes.run(async (trx) => {
    if (pendingId) await adoptGatewayIntent(trx, pendingId, intentId);
    const answer = failureAnswer(failure);
    await updatePaymentIntent(trx, intentId, { status, last_error_code: errorCode ?? failure.body.code, ...answerColumns(request, answer), updated_at: app.now() });
    return answer;
  });
}
