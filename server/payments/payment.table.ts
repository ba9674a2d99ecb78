import type { Selectable } from 'kysely';

/**
 * A payment intent as this shop knows it. The cart snapshot is stored before the card is charged,
 * so a paid intent whose order was never written (closed browser, crash) can still become its
 * order (webhook, start-up reconciliation). Money in cents, times in epoch ms.
 */
export interface PaymentIntentTable {
  id: string;
  provider: 'stripe' | 'test';
  amount_cents: number;
  currency: string;
  status: string;
  /** JSON of IntentSnapshot (payment.snapshot.ts). */
  snapshot: string;
  order_id: string | null;
  /** `<scope>:<Idempotency-Key>` of the request that created it; unique. */
  idempotency_key: string | null;
  last_error_code: string | null;
  /** A checkout's idempotent answer (status, JSON body) and the hash of the request it answered. */
  answer_status: number | null;
  answer_body: string | null;
  request_hash: string | null;
  created_at: number;
  updated_at: number;
}

/** Stripe webhook event ids already processed, so a redelivered event is applied once. */
export interface WebhookEventTable {
  id: string;
  type: string;
  received_at: number;
}

/** Refunds made from the admin, one row each. */
export interface PaymentRefundTable {
  id: string;
  payment_intent_id: string;
  order_id: string;
  amount_cents: number;
  status: string;
  created_by_user_id: number | null;
  created_at: number;
  /** `refund:<intent>:<Idempotency-Key>` when the admin's client sent one; unique. */
  idempotency_key: string | null;
  /** Fingerprint of the request the key was first used with. */
  request_hash: string | null;
  /** When a webhook last changed `status` (a refund that failed or was cancelled later). */
  updated_at: number | null;
  /** The `created` time (ms) of the Stripe event that set `status`: older events change nothing. */
  status_at: number | null;
}

/** The test gateway's refunds, by the idempotency key they were made with (as Stripe replays them). */
export interface TestGatewayRefundTable {
  id: string;
  payment_intent_id: string;
  amount_cents: number;
  status: string;
  idempotency_key: string;
  created_at: number;
}

/**
 * The built-in test gateway's own ledger: it plays the card processor, so it keeps what it charged
 * in a store of its own (test-gateway.store.ts), surviving restarts and restores of the shop as
 * Stripe's records do. The shop's connection reaches it by these names.
 */
export interface TestGatewayIntentTable {
  id: string;
  amount_cents: number;
  currency: string;
  status: string;
  payment_method: string | null;
  amount_refunded_cents: number;
  create_key: string | null;
  /** The shop record the charge's metadata names (gateway.ts, SHOP_INTENT_METADATA_KEY). */
  shop_intent: string | null;
  /** JSON of the intent's metadata, as Stripe keeps it (the rebuild after a restore reads it). */
  metadata: string | null;
  created_at: number;
  updated_at: number;
}

declare module '../db/schema' {
  interface Database {
    payment_intents: PaymentIntentTable;
    webhook_events: WebhookEventTable;
    payment_refunds: PaymentRefundTable;
    test_gateway_intents: TestGatewayIntentTable;
    test_gateway_refunds: TestGatewayRefundTable;
  }
}

export type PaymentIntentRow = Selectable<PaymentIntentTable>;
export type TestGatewayIntentRow = Selectable<TestGatewayIntentTable>;
