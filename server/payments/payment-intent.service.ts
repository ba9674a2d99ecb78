import { randomUUID } from 'node:crypto';
import type { ConfirmPaymentAnswer, CreateIntentAnswer } from '../../shared/api/answers';
import type { PaymentsConfig } from '../../shared/api/types';
import { toDollars } from '../../shared/money';
import { BELOW_CARD_MINIMUM_MESSAGE, CARD_MINIMUM_CENTS, PAYMENT_CURRENCY } from '../../shared/payments';
import { HttpError, notFound } from '../errors/http-error';
import { idempotent } from '../idempotency/idempotency';
import { CardDeclinedError, GatewayRequestError } from './gateway';
import { gatewayCall, pendingAnswer, toHttpError } from './payment.errors';
import { findPaymentIntent, updatePaymentIntent } from './payment.repository';
import { isPaidInFull, openIntent, parseSnapshot, settleIntent, type Payments } from './payment.service';
import { buildSnapshot, priceCart, type PricedCartInput } from './payment.snapshot';
import { refuseDecalsThatDoNotFit } from '../catalog/decal-fit';
import { claimDiscountUse, ensureDiscountUsable, releaseDiscountClaim, resolveDiscount } from '../discounts/discount.service';

/**
 * A paid intent whose client never posts its order (closed tab) gets the order from its snapshot
 * this long after the confirm; the webhook and start-up reconciliation cover a crash.
 */
const SETTLE_AFTER_CONFIRM_MS = 2 * 60 * 1000;

function scheduleSettle(payments: Payments, intentId: string): void {
  const timer = setTimeout(() => {
    settleIntent(payments, intentId, 'system').catch((error: unknown) => {
      payments.owedOrders.add(intentId);
      payments.app.logger.debug('deferred settle failed', { intentId, error: String(error) });
    });
  }, SETTLE_AFTER_CONFIRM_MS);
  timer.unref();
}

/** GET /api/payments/config: which gateway the browser talks to, and the free-shipping threshold. */
export function paymentsConfigOf(payments: Payments): PaymentsConfig {
  const { gateway, app } = payments;
  const body: PaymentsConfig = {
    provider: gateway.provider,
    currency: PAYMENT_CURRENCY,
    freeShippingThreshold: toDollars(app.config.freeShippingThresholdCents),
    shopTimeZone: app.config.shopTimeZone,
    minFeatureMm: app.config.minFeatureMm,
  };
  if (gateway.publishableKey) body.publishableKey = gateway.publishableKey;
  return body;
}

/**
 * POST /api/payments/create-intent: the cart priced from the catalogue and stored with its intent.
 * The same Idempotency-Key finds the same intent (here, at the gateway and across a crash).
 */
export async function createIntentFor(payments: Payments, payload: PricedCartInput, userId: number | null, key: string | null): Promise<CreateIntentAnswer> {
  await refuseDecalsThatDoNotFit(payload.items);
  const discount = await resolveDiscount(payments.app, payload.discountCode);
  const totals = priceCart(payload, payments.app.config.freeShippingThresholdCents, discount?.discount ?? null);
  const snapshot = buildSnapshot(payload, totals, userId);
  // No card can be charged under the minimum: such an order is placed by POST /api/checkout, without a charge.
  if (totals.total < CARD_MINIMUM_CENTS) throw new HttpError(422, 'BELOW_CARD_MINIMUM', BELOW_CARD_MINIMUM_MESSAGE);
  // Only checked here: the use is claimed when the intent is paid (confirmPayment), so unpaid intents cannot lock a limited code.
  if (discount) await ensureDiscountUsable(payments.app.db, discount, snapshot.customer.email, payments.app.now());
  // The one wrapper (idempotency.ts): requests with one key run one at a time (`create-intent:<key>`);
  // the intent stored under the key is its answer, and a key opened for another cart is refused.
  // The priced cart, not the body, is the request: it is what the stored intent is compared with.
  const intent = await idempotent({
    scope: 'create-intent',
    key,
    request: snapshot,
    run: (keyed) => gatewayCall(openIntent(payments, snapshot, `create-intent:${keyed?.key ?? randomUUID()}`)),
  });
  const clientSecret = intent.clientSecret !== undefined ? intent.clientSecret : (await gatewayCall(payments.gateway.retrieveIntent(intent.id)))?.clientSecret;
  return { id: intent.id, clientSecret: clientSecret ?? null, amount: intent.amount_cents, currency: intent.currency, status: intent.status };
}

export interface ConfirmAnswer {
  status: 200 | 202;
  body: ConfirmPaymentAnswer;
}

/**
 * POST /api/payments/confirm: confirms a stored intent with the gateway. A paid intent gets its
 * order soon after even if the browser never posts it; a processing one is not a failure.
 */
export async function confirmPayment(payments: Payments, paymentIntentId: string, paymentMethodId: string): Promise<ConfirmAnswer> {
  const { app, gateway } = payments;
  const local = await findPaymentIntent(app.db, paymentIntentId);
  if (!local) throw notFound('Payment not found.', 'PAYMENT_NOT_FOUND');
  const discountCode = local.order_id ? null : parseSnapshot(local).totals.discountCode;
  const claimKey = local.idempotency_key ?? local.id;
  if (discountCode) {
    // The money moves now: the code must still be valid, and a limited one's use is held before the charge.
    const discount = await resolveDiscount(app, discountCode);
    if (discount) await app.db.transaction().execute((trx) => claimDiscountUse(trx, discount, { intentKey: claimKey, email: parseSnapshot(local).customer.email, now: app.now() }));
  }
  try {
    const intent = await gateway.confirmIntent(paymentIntentId, paymentMethodId);
    if (!local.order_id) await updatePaymentIntent(app.db, local.id, { status: intent.status, updated_at: app.now() });
    if (intent.status === 'succeeded' && !local.order_id) scheduleSettle(payments, local.id);
    if (intent.status === 'processing') {
      // Not a failure: the webhook writes the order when the bank settles (payment.errors.ts).
      const { body } = pendingAnswer(intent.id);
      return { status: 202, body: { id: intent.id, status: body.status, pending: true, code: body.code, error: body.error } };
    }
    return { status: 200, body: { id: intent.id, status: intent.status } };
  } catch (error) {
    // A retried confirm of an intent that already succeeded is refused by Stripe: the gateway's
    // record decides, so a shopper whose first answer was lost is not told the card failed.
    if (error instanceof GatewayRequestError && error.status < 500) {
      const remote = await gateway.retrieveIntent(paymentIntentId).catch(() => undefined);
      if (isPaidInFull(local, remote)) {
        if (!local.order_id) scheduleSettle(payments, local.id);
        return { status: 200, body: { id: paymentIntentId, status: 'succeeded' } };
      }
    }
    const failure = toHttpError(error);
    // Only a decline is known to have failed; a gateway outage leaves the outcome open.
    if (error instanceof CardDeclinedError && failure instanceof HttpError && !local.order_id) {
      await app.db.transaction().execute(async (trx) => {
        if (discountCode) await releaseDiscountClaim(trx, claimKey);
        await updatePaymentIntent(trx, local.id, { status: 'requires_payment_method', last_error_code: failure.code, updated_at: app.now() });
      });
    }
    throw failure;
  }
}
