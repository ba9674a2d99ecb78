import { declineMessage, PAYMENT_MESSAGES, paymentStatusMessage } from '../../shared/payments';
import { HttpError } from '../errors/http-error';
import { CardDeclinedError, GatewayRequestError } from './gateway';

/** A failure answer of the payment endpoints: HTTP status and body (spec.md §8 codes and messages). */
export interface PaymentFailure {
  status: number;
  body: { error: string; code: string; declineCode?: string; status?: string; paymentIntentId?: string; clientSecret?: string | null };
}

export const GATEWAY_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again in a few moments.';

export function declineFailure(error: CardDeclinedError): PaymentFailure {
  if (error.declineCode === 'authentication_required') {
    return { status: 402, body: { error: PAYMENT_MESSAGES.authenticationRequired, code: 'AUTH_REQUIRED', declineCode: error.declineCode } };
  }
  return { status: 402, body: { error: declineMessage(error.declineCode), code: 'CARD_DECLINED', declineCode: error.declineCode } };
}

/**
 * A payment the gateway is still processing: 202, not a failure. The shopper sees "Payment
 * processing"; the order is written when the webhook says it succeeded, and a retry with the same
 * Idempotency-Key answers that order (or this again), never a second charge.
 */
export function pendingAnswer(intentId: string): { status: number; body: { success: false; pending: true; status: 'processing'; code: 'PAYMENT_PROCESSING'; error: string; paymentIntentId: string } } {
  return { status: 202, body: { success: false, pending: true, status: 'processing', code: 'PAYMENT_PROCESSING', error: PAYMENT_MESSAGES.processing, paymentIntentId: intentId } };
}

/** A confirm that ended in another status than succeeded (requires_action above all). */
export function statusFailure(status: string, intent?: { id: string; clientSecret: string | null }): PaymentFailure {
  if (status === 'requires_action') {
    // With Stripe the browser can complete 3-D Secure with the client secret, then POST /api/orders.
    const action = intent ? { paymentIntentId: intent.id, clientSecret: intent.clientSecret } : {};
    return { status: 402, body: { error: PAYMENT_MESSAGES.requiresAction, code: 'AUTH_REQUIRED', status, ...action } };
  }
  return { status: 402, body: { error: paymentStatusMessage(status), code: 'PAYMENT_FAILED', status } };
}

export function gatewayRequestFailure(error: GatewayRequestError): PaymentFailure {
  if (error.status >= 500) return { status: 502, body: { error: GATEWAY_UNAVAILABLE_MESSAGE, code: 'PAYMENT_PROVIDER_UNAVAILABLE' } };
  return { status: 402, body: { error: PAYMENT_MESSAGES.paymentFailed, code: 'PAYMENT_FAILED' } };
}

/** The answer to a gateway's refusal: a decline, or a request it would not take. */
export function failureOf(error: CardDeclinedError | GatewayRequestError): PaymentFailure {
  return error instanceof CardDeclinedError ? declineFailure(error) : gatewayRequestFailure(error);
}

/** What is recorded on the intent for a refusal: the decline code, or the gateway's error code. */
export function errorCodeOf(error: CardDeclinedError | GatewayRequestError): string {
  return error instanceof CardDeclinedError ? error.declineCode : error.code;
}

/** Gateway errors as the HttpError the error middleware renders; anything else is passed through. */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof CardDeclinedError || error instanceof GatewayRequestError)) return error;
  const failure = failureOf(error);
  const { error: message, code, ...extra } = failure.body;
  return new HttpError(failure.status, code, message, undefined, extra);
}

/** A gateway call whose failures become the HTTP answers of spec.md §8. */
export async function gatewayCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toHttpError(error);
  }
}
