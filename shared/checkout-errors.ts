/**
 * spec.md §8 "Checkout": the one message a shopper sees for a failed order placement. Pure, so
 * the web app and any other client map failures the same way (and the table is unit-tested).
 */
import { declineMessage, paymentStatusMessage, PAYMENT_MESSAGES } from './payments';
import { INVALID_DISCOUNT_MESSAGE } from './pricing';

export const CHECKOUT_MESSAGES_FLOW = {
  cannotConnect: 'Cannot connect to server. Please check if the backend is running.',
  timeout: 'Request timed out. Please try again.',
  orderFailed: 'Order processing failed. Please try again.',
  formFallback: 'Payment failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  success: 'Order placed successfully!',
} as const;

/** Checkout HTTP statuses of spec.md §8 (502, 503 and 504 share one message). */
export const CHECKOUT_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Invalid order data. Please check your information.',
  401: 'Authentication required. Please refresh the page and try again.',
  402: 'Payment required. Please check your payment details.',
  403: 'Access denied. Please contact support if this persists.',
  404: 'Service temporarily unavailable. Please try again.',
  409: 'Order conflict detected. Please try again.',
  422: 'Invalid order information. Please check your details.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again or contact support if this persists.',
  502: 'Service temporarily unavailable. Please try again in a few moments.',
  503: 'Service temporarily unavailable. Please try again in a few moments.',
  504: 'Service temporarily unavailable. Please try again in a few moments.',
};

export function unexpectedStatusMessage(status: number): string {
  return `Unexpected error (${status}). Please try again or contact support.`;
}

/** What is known about a failed checkout call. */
export interface CheckoutFailureFacts {
  /** The transport failed: no answer at all, or no answer within the timeout. */
  transport?: 'unreachable' | 'timeout';
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** The server's error code (CARD_DECLINED, AUTH_REQUIRED, PAYMENT_FAILED, …, or Stripe's card_declined). */
  code?: string | null;
  declineCode?: string | null;
  /** A details text from the server, used as is when present (spec.md §8). */
  details?: string | null;
  /** A payment status other than succeeded (requires_action, processing, canceled, …). */
  paymentStatus?: string | null;
}

const DECLINE_CODES = new Set(['CARD_DECLINED', 'card_declined']);
const AUTH_CODES = new Set(['AUTH_REQUIRED', 'authentication_required']);
const FAILED_CODES = new Set(['PAYMENT_FAILED', 'payment_failed']);
/** Stripe reports some declines with the reason as the error code and no decline code. */
const CODE_IS_DECLINE_REASON = new Set(['expired_card', 'incorrect_cvc', 'processing_error', 'insufficient_funds']);

/**
 * The message for a failed checkout, in the order of spec.md §8: transport failures, the
 * server's details text, card declines by decline code, authentication, payment failure, a
 * non-success payment status, then the checkout HTTP status table, then the default.
 */
export function checkoutErrorMessage(facts: CheckoutFailureFacts): string {
  if (facts.transport === 'unreachable') return CHECKOUT_MESSAGES_FLOW.cannotConnect;
  if (facts.transport === 'timeout') return CHECKOUT_MESSAGES_FLOW.timeout;
  if (facts.details && facts.details.trim()) return facts.details;

  const code = facts.code ?? '';
  // A code ended or used up between Apply and Pay: the shopper is told which part to change.
  if (code === 'INVALID_DISCOUNT_CODE') return INVALID_DISCOUNT_MESSAGE;
  if (facts.declineCode === 'authentication_required' || AUTH_CODES.has(code)) return PAYMENT_MESSAGES.authenticationRequired;
  if (DECLINE_CODES.has(code) || facts.declineCode) return declineMessage(facts.declineCode);
  if (CODE_IS_DECLINE_REASON.has(code)) return declineMessage(code);
  if (FAILED_CODES.has(code)) return PAYMENT_MESSAGES.paymentFailed;
  if (code === 'REQUIRES_ACTION') return PAYMENT_MESSAGES.requiresAction;
  if (facts.paymentStatus && facts.paymentStatus !== 'succeeded') return paymentStatusMessage(facts.paymentStatus);

  if (facts.status !== undefined && facts.status >= 400) {
    return CHECKOUT_STATUS_MESSAGES[facts.status] ?? unexpectedStatusMessage(facts.status);
  }
  return CHECKOUT_MESSAGES_FLOW.orderFailed;
}
