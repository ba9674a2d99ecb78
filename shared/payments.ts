/**
 * Payment facts shared by the web app and the server (design.md §5, spec.md §8): Stripe's test
 * cards, the PaymentMethod ids they stand for, what the test gateway does with each id, and the
 * messages a shopper sees for each failure.
 */

/** What Stripe's test mode (and the built-in test gateway) does when an intent is confirmed with a PaymentMethod id. */
export type TestCardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declines'; code: string; declineCode: string }
  | { kind: 'requires_action' };

export const TEST_PAYMENT_METHODS: Readonly<Record<string, TestCardOutcome>> = {
  pm_card_visa: { kind: 'succeeds' },
  pm_card_mastercard: { kind: 'succeeds' },
  pm_card_visa_chargeDeclined: { kind: 'declines', code: 'card_declined', declineCode: 'generic_decline' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { kind: 'declines', code: 'card_declined', declineCode: 'insufficient_funds' },
  pm_card_visa_chargeDeclinedLostCard: { kind: 'declines', code: 'card_declined', declineCode: 'lost_card' },
  pm_card_visa_chargeDeclinedStolenCard: { kind: 'declines', code: 'card_declined', declineCode: 'stolen_card' },
  pm_card_chargeDeclinedExpiredCard: { kind: 'declines', code: 'expired_card', declineCode: 'expired_card' },
  pm_card_chargeDeclinedIncorrectCvc: { kind: 'declines', code: 'incorrect_cvc', declineCode: 'incorrect_cvc' },
  pm_card_chargeDeclinedProcessingError: { kind: 'declines', code: 'processing_error', declineCode: 'processing_error' },
  pm_card_authenticationRequired: { kind: 'requires_action' },
};

/**
 * Test card numbers (digits only) the web app's card field accepts with the test gateway, mapped
 * in the browser to their PaymentMethod id: no card number ever reaches the server.
 */
export const TEST_CARD_NUMBERS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_visa_chargeDeclined',
  '4000000000009995': 'pm_card_visa_chargeDeclinedInsufficientFunds',
  '4000000000009987': 'pm_card_visa_chargeDeclinedLostCard',
  '4000000000009979': 'pm_card_visa_chargeDeclinedStolenCard',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000127': 'pm_card_chargeDeclinedIncorrectCvc',
  '4000000000000119': 'pm_card_chargeDeclinedProcessingError',
  '4000002760003184': 'pm_card_authenticationRequired',
};

/** The PaymentMethod id for a typed test card number (spaces and dashes ignored), or undefined. */
export function testPaymentMethodForCard(cardNumber: string): string | undefined {
  return TEST_CARD_NUMBERS[cardNumber.replace(/[\s-]/g, '')];
}

/** spec.md §8 "Checkout": the message for a card decline, by decline code. */
export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  insufficient_funds: 'Insufficient funds. Please try a different card.',
  expired_card: 'Your card has expired. Please use a different card.',
  incorrect_cvc: 'Incorrect security code. Please check your CVC and try again.',
  processing_error: 'Payment processing error. Please try again.',
};
export const GENERIC_DECLINE_MESSAGE = 'Your card was declined. Please try a different payment method.';

export const PAYMENT_MESSAGES = {
  authenticationRequired: 'Additional authentication required. Please complete the verification and try again.',
  requiresAction: 'Payment requires additional authentication. Please try again.',
  paymentFailed: 'Payment failed. Please check your card details and try again.',
  /** A payment the bank has not settled yet (Stripe's `processing`): not a failure, and not to be paid again. */
  processing: 'Payment processing. Your order will appear as soon as your bank confirms it; you will not be charged twice.',
  totalMismatch: 'The order total does not match the catalogue prices. Please refresh your cart and try again.',
} as const;

export function declineMessage(declineCode: string | null | undefined): string {
  if (declineCode === 'authentication_required') return PAYMENT_MESSAGES.authenticationRequired;
  return (declineCode && DECLINE_MESSAGES[declineCode]) || GENERIC_DECLINE_MESSAGE;
}

/** spec.md §8: 'Payment failed with status: {status}' for any other non-success status. */
export function paymentStatusMessage(status: string): string {
  if (status === 'requires_action') return PAYMENT_MESSAGES.requiresAction;
  if (status === 'processing') return PAYMENT_MESSAGES.processing;
  return `Payment failed with status: ${status}`;
}

export const PAYMENT_CURRENCY = 'usd';

/**
 * The smallest amount a card can be charged, in cents (Stripe's minimum for USD; its API refuses
 * less with `amount_too_small`). An order whose total is under it is placed without a charge.
 */
export const CARD_MINIMUM_CENTS = 50;
/** Whether a total is charged to a card at all (under the minimum the order is placed free of charge). */
export const needsCardPayment = (totalCents: number) => totalCents >= CARD_MINIMUM_CENTS;
/** What the checkout sends as its payment method when no card is charged; the server charges nothing under the minimum. */
export const NO_CARD_PAYMENT_METHOD = 'none';
export const NO_CARD_NEEDED_MESSAGE = 'No card needed: your discount covers this order.';
export const BELOW_CARD_MINIMUM_MESSAGE = 'Orders under $0.50 need no card payment. Please place this order from the checkout.';

/**
 * How an order was paid, as stored on it: a card typed in, a card from a wallet (Stripe reports
 * the wallet on the card), Link, or nothing charged (an order under the card minimum).
 */
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
  none: 'No charge',
};

export const paymentMethodLabel = (method: string): string => PAYMENT_METHOD_LABELS[method] ?? method;
