/**
 * The order placement flow of spec.md §4 on POST /api/checkout: validate the cart, check the
 * API's health, then one checkout call that creates the intent, confirms it with the payment
 * method and creates the order on the server, under one Idempotency-Key.
 */
import type { RequestOf } from '../../shared/api/routes';
import type { CheckoutSuccess } from '../../shared/api/types';
import { checkoutErrorMessage } from '../../shared/checkout-errors';
import { PAYMENT_MESSAGES } from '../../shared/payments';
import { validateCart } from '../../shared/schemas/cart';
import { API_TIMEOUT_MS, ApiError, call, type ApiErrorDetails } from '../api/client';
import { probeServer } from '../api/probe';

export type PlacedOrder = CheckoutSuccess['order'];

/** What the shopper reads while a checkout's answer is unknown: never "Cannot connect", the payment may have gone through. */
export const CHECKING_PAYMENT_MESSAGE = "We're checking whether your payment went through.";

/** The POST /api/checkout body: the order payload of spec.md §3 plus the payment method. */
export type CheckoutBody = RequestOf<'checkout'>;

export type PlaceOrderOutcome =
  | { kind: 'placed'; order: PlacedOrder }
  /** Stripe needs a 3-D Secure step; the client secret lets Stripe.js run it. */
  | { kind: 'requires_action'; clientSecret: string | null; paymentIntentId: string | null }
  /** `settled` is false when the outcome is unknown (no answer, 5xx): a retry must reuse the key. */
  | { kind: 'failed'; message: string; settled: boolean; atCard?: boolean; code?: string };

export interface PlaceOrderOptions {
  idempotencyKey: string;
  timeoutMs?: number;
}

function transportOf(error: ApiError): 'unreachable' | 'timeout' | undefined {
  if (!error.isNetwork) return undefined;
  return error.code === 'TIMEOUT' ? 'timeout' : 'unreachable';
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function requiresActionOf(body: ApiErrorDetails): PlaceOrderOutcome | null {
  const status = str(body.status) ?? str(body.paymentStatus);
  if (status !== 'requires_action' && body.code !== 'REQUIRES_ACTION') return null;
  return { kind: 'requires_action', clientSecret: str(body.clientSecret), paymentIntentId: str(body.paymentIntentId) };
}

/** A 503 still proves the server answers; only a missing answer is "cannot connect". */
export async function isApiReachable(timeoutMs = API_TIMEOUT_MS): Promise<boolean> {
  // Hedged, so that connections left dead by an outage do not hold the checkout up (probe.ts).
  return (await probeServer({ timeoutMs })) !== 'no-answer';
}

/**
 * spec.md §4's first two steps: validate the cart, check the API's health. A failure outcome, or
 * null when the payment may go ahead. Runs before any card data goes to the payment provider.
 */
export async function checkBeforePayment(
  items: CheckoutBody['items'],
  options: Pick<PlaceOrderOptions, 'timeoutMs'> = {},
): Promise<Extract<PlaceOrderOutcome, { kind: 'failed' }> | null> {
  const cartErrors = validateCart(items);
  if (cartErrors.length) return { kind: 'failed', message: cartErrors.join('. '), settled: true };
  if (!(await isApiReachable(options.timeoutMs))) {
    return { kind: 'failed', message: checkoutErrorMessage({ transport: 'unreachable' }), settled: true };
  }
  return null;
}

const CARD_CODES = new Set(['CARD_DECLINED', 'AUTH_REQUIRED', 'PAYMENT_FAILED', 'card_declined', 'expired_card', 'incorrect_cvc', 'processing_error']);

/** A failure the shopper fixes at the card field (a decline, a bad card), shown there. */
export function isCardProblem(code: string | null | undefined, declineCode: string | null | undefined, status: number | undefined): boolean {
  return !!declineCode || (!!code && CARD_CODES.has(code)) || status === 402;
}

/** The whole order placement flow of spec.md §4 for a payment method already made. */
export async function placeOrder(body: CheckoutBody, options: PlaceOrderOptions): Promise<PlaceOrderOutcome> {
  return (await checkBeforePayment(body.items, options)) ?? submitCheckout(body, options);
}

/** POST /api/checkout (payment intent, confirm and order on the server), mapped to an outcome. */
export async function submitCheckout(body: CheckoutBody, options: PlaceOrderOptions): Promise<PlaceOrderOutcome> {
  try {
    const answer = await call(
      'checkout',
      { body },
      { idempotencyKey: options.idempotencyKey, timeoutMs: options.timeoutMs ?? API_TIMEOUT_MS, ignoreUnauthorized: true },
    );
    if (answer.success) return { kind: 'placed', order: answer.order };
    // 202: the bank has not settled yet, not a failure. Unsettled, so a retry reuses the key and
    // is answered the order once the webhook has written it, never with a second charge.
    return { kind: 'failed', message: PAYMENT_MESSAGES.processing, settled: false };
  } catch (error) {
    if (!(error instanceof ApiError)) {
      return { kind: 'failed', message: checkoutErrorMessage({}), settled: false };
    }
    const action = requiresActionOf(error.body);
    if (action) return action;
    const transport = transportOf(error);
    // The request may have reached the server and charged: only the same key again can tell.
    if (transport) return { kind: 'failed', settled: false, message: CHECKING_PAYMENT_MESSAGE };
    return {
      kind: 'failed',
      settled: error.status < 500,
      atCard: isCardProblem(error.code, str(error.body.declineCode), error.status),
      code: error.code,
      message: checkoutErrorMessage({
        transport,
        status: error.status || undefined,
        code: error.code,
        declineCode: str(error.body.declineCode),
        details: str(error.body.details),
      }),
    };
  }
}

/**
 * After Stripe.js completed a 3-D Secure step, the intent has succeeded: the order is created
 * from it through POST /api/orders (the same intent again returns the same order).
 */
export async function placeOrderForPaidIntent(body: CheckoutBody, paymentIntentId: string): Promise<PlaceOrderOutcome> {
  const { paymentMethodId: _unused, ...payload } = body;
  try {
    const { order } = await call(
      'createOrder',
      { body: { ...payload, paymentInfo: { paymentIntentId, paymentMethod: 'card', paymentStatus: 'succeeded' } } },
      { idempotencyKey: `order-${paymentIntentId}`, ignoreUnauthorized: true },
    );
    return { kind: 'placed', order: { orderNumber: order.orderNumber, total: order.total, customerEmail: order.customerEmail } };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed', message: checkoutErrorMessage({}), settled: false };
    const transport = transportOf(error);
    return {
      kind: 'failed',
      settled: false,
      message: checkoutErrorMessage({ transport, status: error.status || undefined, code: error.code, details: str(error.body.details) }),
    };
  }
}
