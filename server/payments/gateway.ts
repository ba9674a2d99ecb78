/**
 * The one payment gateway interface (design.md §5). Two implementations: Stripe through the
 * `stripe` package, and the built-in test gateway that answers Stripe's test PaymentMethod ids.
 * Amounts are integer cents.
 */
export interface GatewayIntent {
  id: string;
  clientSecret: string | null;
  amountCents: number;
  currency: string;
  /** Stripe's statuses: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled. */
  status: string;
}

export interface GatewayRefund {
  id: string;
  amountCents: number;
  status: string;
}

/** A card decline, with Stripe's error code and decline code (e.g. card_declined / insufficient_funds). */
export class CardDeclinedError extends Error {
  override name = 'CardDeclinedError';
  constructor(
    readonly code: string,
    readonly declineCode: string,
    message = 'Your card was declined.',
  ) {
    super(message);
  }
}

/** The gateway refused a request for a reason that is not a card decline (unknown intent, over-refund, …). */
export class GatewayRequestError extends Error {
  override name = 'GatewayRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The one-transaction checkout found the shop's intent key already taken: nothing commits, and the caller takes the path that handles it. */
export class IntentKeyTakenError extends Error {
  override name = 'IntentKeyTakenError';
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  /** Passed on to the gateway, so a retried request never creates a second intent. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface InTransactionCharge {
  intent: GatewayIntent;
  failure?: CardDeclinedError | GatewayRequestError;
}

export interface PaymentGateway {
  readonly provider: 'stripe' | 'test';
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** Confirms with a PaymentMethod id; a decline throws CardDeclinedError. */
  confirmIntent(id: string, paymentMethodId: string, idempotencyKey?: string): Promise<GatewayIntent>;
  /** Undefined when the gateway does not know the id. */
  retrieveIntent(id: string): Promise<GatewayIntent | undefined>;
  refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<GatewayRefund>;
}
