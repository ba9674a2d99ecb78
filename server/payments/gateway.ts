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
  /** What paid it, when the gateway says: card, apple_pay, google_pay or link. */
  paymentMethod?: string;
}

/** An intent as the gateway lists it: with its metadata and its creation time (epoch ms). */
export interface ListedIntent extends GatewayIntent {
  metadata: Record<string, string>;
  createdAt: number;
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

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  /** Passed on to the gateway, so a retried request never creates a second intent. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

/** A create that confirms in the same request (one round trip): the intent is charged or refused at once. */
export interface ChargeIntentInput extends CreateIntentInput {
  paymentMethodId: string;
}

export interface PaymentGateway {
  readonly provider: 'stripe' | 'test';
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** Confirms with a PaymentMethod id; a decline throws CardDeclinedError. */
  confirmIntent(id: string, paymentMethodId: string, idempotencyKey?: string): Promise<GatewayIntent>;
  /**
   * Creates and confirms an intent in one request (the checkout's charge); a decline throws
   * CardDeclinedError. The idempotency key makes a retry answer the first charge, never a second.
   */
  chargeIntent(input: ChargeIntentInput): Promise<GatewayIntent>;
  /** Undefined when the gateway does not know the id. */
  retrieveIntent(id: string): Promise<GatewayIntent | undefined>;
  /**
   * The intent created for the shop's record `shopIntentId` (its metadata names it), for a record
   * whose charge's answer was lost (a crash): undefined when the gateway has none.
   */
  findIntentOfShopRecord(shopIntentId: string): Promise<GatewayIntent | undefined>;
  /**
   * Cancels an unpaid intent (its hold ends; it can no longer be paid). An intent that succeeded or
   * was cancelled already is refused with GatewayRequestError (payment_intent_unexpected_state).
   */
  cancelIntent(id: string): Promise<GatewayIntent>;
  refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<GatewayRefund>;
  /** The succeeded intents created at or after `sinceMs`: what the rebuild after a restore looks through. */
  listSucceededIntents(sinceMs: number): Promise<ListedIntent[]>;
  /** Lets go of the gateway's connections when the app closes (none for the test gateway). */
  close?(): Promise<void>;
}

/** The intent metadata key naming the shop's record of a checkout's charge (payment.snapshot.ts). */
export const SHOP_INTENT_METADATA_KEY = 'shop_intent';
