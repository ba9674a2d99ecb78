import { randomBytes } from 'node:crypto';
import { TEST_PAYMENT_METHODS } from '../../shared/payments';
import type { Transaction } from 'kysely';
import type { AppContext } from '../app-context';
import type { Database } from '../db/schema';
import type { WriteQueue } from './group-commit';
import {
  CardDeclinedError,
  GatewayRequestError,
  type CreateIntentInput,
  type GatewayIntent,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway';
import type { TestGatewayIntentRow } from './payment.table';

function toIntent(row: TestGatewayIntentRow): GatewayIntent {
  return { id: row.id, clientSecret: `${row.id}_secret_test`, amountCents: row.amount_cents, currency: row.currency, status: row.status };
}

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * The built-in gateway used when Stripe is not configured: it behaves as Stripe's test mode does
 * for Stripe's test PaymentMethod ids (shared/payments.ts) and keeps its ledger in its own table,
 * so what it charged survives a restart as Stripe's records would.
 */
export function createTestGateway(app: AppContext, writes: WriteQueue): PaymentGateway {
  const { db } = app;

  async function createIntentIn(trx: Transaction<Database>, input: CreateIntentInput): Promise<GatewayIntent> {
    const now = app.now();
    const created: TestGatewayIntentRow = {
      id: randomId('pi'),
      amount_cents: input.amountCents,
      currency: input.currency,
      status: 'requires_payment_method',
      payment_method: null,
      amount_refunded_cents: 0,
      create_key: input.idempotencyKey,
      created_at: now,
      updated_at: now,
    };
    // Insert first, look up only on a conflict: a retried create with the same key gets the first intent.
    const inserted = await trx.insertInto('test_gateway_intents').values(created).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return toIntent(created);
    return toIntent(await trx.selectFrom('test_gateway_intents').selectAll().where('create_key', '=', input.idempotencyKey).executeTakeFirstOrThrow());
  }

  return {
    provider: 'test',

    async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
      return writes.run((trx) => createIntentIn(trx, input));
    },

    createIntentIn,

    async confirmIntent(id: string, paymentMethodId: string): Promise<GatewayIntent> {
      const outcome = TEST_PAYMENT_METHODS[paymentMethodId];
      if (!outcome) throw new GatewayRequestError(400, 'resource_missing', `No such PaymentMethod: '${paymentMethodId}'`);
      const result = await writes.run(async (trx) => {
        const row = await trx.selectFrom('test_gateway_intents').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw new GatewayRequestError(404, 'resource_missing', `No such payment_intent: '${id}'`);
        // A confirm retried after success answers the same succeeded intent: it never charges twice.
        if (row.status === 'succeeded' || row.status === 'canceled') return { row };
        const status = outcome.kind === 'succeeds' ? 'succeeded' : outcome.kind === 'requires_action' ? 'requires_action' : 'requires_payment_method';
        const updated = { ...row, status, payment_method: paymentMethodId, updated_at: app.now() };
        await trx.updateTable('test_gateway_intents').set({ status, payment_method: paymentMethodId, updated_at: updated.updated_at }).where('id', '=', id).execute();
        return { row: updated, decline: outcome.kind === 'declines' ? outcome : undefined };
      });
      if (result.decline) throw new CardDeclinedError(result.decline.code, result.decline.declineCode);
      return toIntent(result.row);
    },

    async retrieveIntent(id: string): Promise<GatewayIntent | undefined> {
      const row = await db.selectFrom('test_gateway_intents').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toIntent(row);
    },

    async refund(input): Promise<GatewayRefund> {
      return writes.run(async (trx) => {
        const row = await trx.selectFrom('test_gateway_intents').selectAll().where('id', '=', input.paymentIntentId).executeTakeFirst();
        if (!row) throw new GatewayRequestError(404, 'resource_missing', `No such payment_intent: '${input.paymentIntentId}'`);
        if (row.status !== 'succeeded') throw new GatewayRequestError(400, 'charge_not_succeeded', 'This payment has not succeeded.');
        if (input.amountCents <= 0 || row.amount_refunded_cents + input.amountCents > row.amount_cents) {
          throw new GatewayRequestError(400, 'amount_too_large', 'Refund amount is greater than the unrefunded amount.');
        }
        await trx
          .updateTable('test_gateway_intents')
          .set({ amount_refunded_cents: row.amount_refunded_cents + input.amountCents, updated_at: app.now() })
          .where('id', '=', row.id)
          .execute();
        return { id: randomId('re'), amountCents: input.amountCents, status: 'succeeded' };
      });
    },
  };
}
