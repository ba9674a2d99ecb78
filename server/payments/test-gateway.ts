import { CARD_MINIMUM_CENTS, TEST_PAYMENT_METHODS } from '../../shared/payments';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import type { AppContext } from '../app-context';
import { timeOrderedId } from '../db/time-ordered-id';
import type { Database } from '../db/schema';
import {
  CardDeclinedError,
  GatewayRequestError,
  SHOP_INTENT_METADATA_KEY,
  type ChargeIntentInput,
  type CreateIntentInput,
  type GatewayIntent,
  type GatewayRefund,
  type ListedIntent,
  type PaymentGateway,
} from './gateway';
import type { TestGatewayIntentRow } from './payment.table';
import {
  findLedgerIntent,
  findLedgerIntentByKey,
  findLedgerIntentOfShopRecord,
  findLedgerRefundByKey,
  insertLedgerIntent,
  insertLedgerRefund,
  listSucceededLedgerIntents,
  updateLedgerIntent,
} from './test-gateway.repository';

function toIntent(row: TestGatewayIntentRow): GatewayIntent {
  return { id: row.id, clientSecret: `${row.id}_secret_test`, amountCents: row.amount_cents, currency: row.currency, status: row.status };
}

// Time-ordered, so the ledger's and the shop's intent tables are appended to (server/db/time-ordered-id.ts).
const newId = (prefix: string) => timeOrderedId(`${prefix}_test`, Date.now());

/** What confirming with a PaymentMethod id does, as Stripe's test mode answers it (design.md §5). */
function confirmOutcome(paymentMethodId: string): { status: string; failure?: CardDeclinedError | GatewayRequestError } {
  // Own keys only: an id such as "toString" must not find Object.prototype's method.
  const outcome = Object.hasOwn(TEST_PAYMENT_METHODS, paymentMethodId) ? TEST_PAYMENT_METHODS[paymentMethodId] : undefined;
  if (!outcome) return { status: 'requires_payment_method', failure: new GatewayRequestError(400, 'resource_missing', `No such PaymentMethod: '${paymentMethodId}'`) };
  if (outcome.kind === 'succeeds') return { status: 'succeeded' };
  if (outcome.kind === 'requires_action') return { status: 'requires_action' };
  return { status: 'requires_payment_method', failure: new CardDeclinedError(outcome.code, outcome.declineCode) };
}

/** A new intent in the gateway's ledger, created with the request's idempotency key. */
function ledgerRow(input: CreateIntentInput, status: string, paymentMethod: string | null, now: number): TestGatewayIntentRow {
  return {
    id: newId('pi'),
    amount_cents: input.amountCents,
    currency: input.currency,
    status,
    payment_method: paymentMethod,
    amount_refunded_cents: 0,
    create_key: input.idempotencyKey,
    shop_intent: input.metadata?.[SHOP_INTENT_METADATA_KEY] ?? null,
    metadata: input.metadata ? JSON.stringify(input.metadata) : null,
    created_at: now,
    updated_at: now,
  };
}

const STRIPE_IDEMPOTENCY_ERROR = 'Keys for idempotent requests can only be used with the same parameters they were first used with.';

/**
 * Enters a charge in the ledger. A key already used answers its first charge, as Stripe does, or
 * null when it came with other parameters.
 */
async function enterCharge(trx: Transaction<Database>, row: TestGatewayIntentRow): Promise<TestGatewayIntentRow | null> {
  if (await insertLedgerIntent(trx, row)) return row;
  const first = await findLedgerIntentByKey(trx, row.create_key);
  const same = first.amount_cents === row.amount_cents && first.currency === row.currency && first.payment_method === row.payment_method;
  return same ? first : null;
}

/** As Stripe: no intent for less than the card minimum. */
function refuseUnderMinimum(amountCents: number): void {
  if (amountCents < CARD_MINIMUM_CENTS) throw new GatewayRequestError(400, 'amount_too_small', 'Amount must be at least $0.50 usd');
}

/**
 * The built-in gateway used when Stripe is not configured: an ordinary adapter of the gateway
 * interface that behaves as Stripe's test mode does for Stripe's test PaymentMethod ids
 * (shared/payments.ts), answering each call after TEST_GATEWAY_LATENCY_MS (0 by default; a few
 * hundred feels like Stripe). It keeps its ledger in a store of its own (test-gateway.store.ts), so
 * what it charged survives a restart, and a restore of the shop, as Stripe's records would.
 */
export function createTestGateway(app: AppContext): PaymentGateway {
  const { db } = app;
  const latencyMs = app.config.testGatewayLatencyMs;
  const answerLater = () => (latencyMs > 0 ? sleep(latencyMs) : Promise.resolve());

  async function createLedgerIntent(trx: Transaction<Database>, input: CreateIntentInput): Promise<GatewayIntent> {
    const created = ledgerRow(input, 'requires_payment_method', null, app.now());
    // Insert first, look up only on a conflict: a retried create with the same key gets the first intent.
    if (await insertLedgerIntent(trx, created)) return toIntent(created);
    return toIntent(await findLedgerIntentByKey(trx, input.idempotencyKey));
  }

  const gateway: PaymentGateway = {
    provider: 'test',

    async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
      await answerLater();
      refuseUnderMinimum(input.amountCents);
      return db.transaction().execute((trx) => createLedgerIntent(trx, input));
    },

    async confirmIntent(id: string, paymentMethodId: string): Promise<GatewayIntent> {
      await answerLater();
      const { status, failure } = confirmOutcome(paymentMethodId);
      if (failure instanceof GatewayRequestError) throw failure;
      const row = await db.transaction().execute(async (trx) => {
        const found = await findLedgerIntent(trx, id);
        if (!found) throw new GatewayRequestError(404, 'resource_missing', `No such payment_intent: '${id}'`);
        // As Stripe: a cancelled intent cannot be paid any more.
        if (found.status === 'canceled') throw new GatewayRequestError(400, 'payment_intent_unexpected_state', "This PaymentIntent's status is canceled.");
        // A confirm retried after success answers the same succeeded intent: it never charges twice.
        if (found.status === 'succeeded') return found;
        const updated = { ...found, status, payment_method: paymentMethodId, updated_at: app.now() };
        await updateLedgerIntent(trx, id, { status, payment_method: paymentMethodId, updated_at: updated.updated_at });
        return updated;
      });
      if (failure && row.status !== 'succeeded') throw failure;
      return toIntent(row);
    },

    async chargeIntent(input: ChargeIntentInput): Promise<GatewayIntent> {
      await answerLater();
      refuseUnderMinimum(input.amountCents);
      const { status, failure } = confirmOutcome(input.paymentMethodId);
      const created = ledgerRow(input, status, failure instanceof GatewayRequestError ? null : input.paymentMethodId, app.now());
      const row = await db.transaction().execute((trx) => enterCharge(trx, created));
      if (!row) throw new GatewayRequestError(400, 'idempotency_error', STRIPE_IDEMPOTENCY_ERROR);
      if (failure && row.status !== 'succeeded') throw failure;
      return toIntent(row);
    },

    async findIntentOfShopRecord(shopIntentId: string): Promise<GatewayIntent | undefined> {
      const row = await findLedgerIntentOfShopRecord(db, shopIntentId);
      return row && toIntent(row);
    },

    async listSucceededIntents(sinceMs: number): Promise<ListedIntent[]> {
      const rows = await listSucceededLedgerIntents(db, sinceMs);
      return rows.map((row) => ({ ...toIntent(row), metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, string>) : {}, createdAt: row.created_at }));
    },

    async retrieveIntent(id: string): Promise<GatewayIntent | undefined> {
      const row = await findLedgerIntent(db, id);
      return row && toIntent(row);
    },

    async cancelIntent(id: string): Promise<GatewayIntent> {
      await answerLater();
      const row = await db.transaction().execute(async (trx) => {
        const found = await findLedgerIntent(trx, id);
        if (!found) throw new GatewayRequestError(404, 'resource_missing', `No such payment_intent: '${id}'`);
        if (found.status === 'succeeded' || found.status === 'canceled') {
          throw new GatewayRequestError(400, 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${found.status}.`);
        }
        await updateLedgerIntent(trx, id, { status: 'canceled', updated_at: app.now() });
        return { ...found, status: 'canceled' };
      });
      return toIntent(row);
    },

    async refund(input): Promise<GatewayRefund> {
      await answerLater();
      return db.transaction().execute(async (trx) => {
        // As Stripe does: a key already used answers its refund again, or refuses other parameters.
        const earlier = await findLedgerRefundByKey(trx, input.idempotencyKey);
        if (earlier) {
          if (earlier.payment_intent_id !== input.paymentIntentId || earlier.amount_cents !== input.amountCents) {
            throw new GatewayRequestError(400, 'idempotency_error', STRIPE_IDEMPOTENCY_ERROR);
          }
          return { id: earlier.id, amountCents: earlier.amount_cents, status: earlier.status };
        }
        const row = await findLedgerIntent(trx, input.paymentIntentId);
        if (!row) throw new GatewayRequestError(404, 'resource_missing', `No such payment_intent: '${input.paymentIntentId}'`);
        if (row.status !== 'succeeded') throw new GatewayRequestError(400, 'charge_not_succeeded', 'This payment has not succeeded.');
        if (input.amountCents <= 0 || row.amount_refunded_cents + input.amountCents > row.amount_cents) {
          throw new GatewayRequestError(400, 'amount_too_large', 'Refund amount is greater than the unrefunded amount.');
        }
        await updateLedgerIntent(trx, row.id, { amount_refunded_cents: row.amount_refunded_cents + input.amountCents, updated_at: app.now() });
        const refund = { id: newId('re'), payment_intent_id: row.id, amount_cents: input.amountCents, status: 'succeeded', idempotency_key: input.idempotencyKey, created_at: app.now() };
        await insertLedgerRefund(trx, refund);
        return { id: refund.id, amountCents: refund.amount_cents, status: refund.status };
      });
    },
  };
  return gateway;
}
