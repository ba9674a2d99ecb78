/**
 * The built-in gateway's charges as Stripe's test mode answers them, on SQLite and PostgreSQL: a
 * key sent again gets its first charge (also when the copies are sent together), and the
 * key with other parameters is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { GatewayRequestError, type ChargeIntentInput, type PaymentGateway } from './gateway';
import { createTestGateway } from './test-gateway';

let t: TestApp;
let gateway: PaymentGateway;
beforeAll(async () => {
  t = await startTestApp();
  gateway = createTestGateway(t.app.context);
});
afterAll(async () => {
  await t?.close();
});

const charge = (key: string, changes: Partial<ChargeIntentInput> = {}) =>
  gateway.chargeIntent({ amountCents: 1295, currency: 'usd', idempotencyKey: key, paymentMethodId: 'pm_card_visa', ...changes });

async function ledgerRowsWith(key: string) {
  return t.app.context.db.selectFrom('test_gateway_intents').select(['id', 'status']).where('create_key', '=', key).execute();
}

describe('the test gateway charges', () => {
  it('answers copies of one charge sent together with the one intent it made', async () => {
    const answers = await Promise.all([charge('ledger-a'), charge('ledger-a'), charge('ledger-b'), charge('ledger-a')]);
    const [first, ...copies] = answers.filter((_, index) => index !== 2);
    expect(first!.status).toBe('succeeded');
    for (const copy of copies) expect(copy.id).toBe(first!.id);
    expect(answers[2]!.id).not.toBe(first!.id);
    expect(await ledgerRowsWith('ledger-a')).toEqual([{ id: first!.id, status: 'succeeded' }]);
  });

  it('refuses the key again with another amount or card, and charges nothing more', async () => {
    const first = await charge('ledger-c');
    for (const changes of [{ amountCents: 995 }, { paymentMethodId: 'pm_card_mastercard' }]) {
      const refused = await charge('ledger-c', changes).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(GatewayRequestError);
      expect((refused as GatewayRequestError).code).toBe('idempotency_error');
    }
    expect(await ledgerRowsWith('ledger-c')).toEqual([{ id: first.id, status: 'succeeded' }]);
  });

  it('records a declined card as Stripe does and answers the decline again for the key', async () => {
    const declined = 'pm_card_visa_chargeDeclined';
    const errors = await Promise.all([charge('ledger-d', { paymentMethodId: declined }), charge('ledger-d', { paymentMethodId: declined })].map((p) => p.catch((error: unknown) => error)));
    for (const error of errors) expect((error as { declineCode?: string }).declineCode).toBe('generic_decline');
    expect(await ledgerRowsWith('ledger-d')).toEqual([{ id: expect.any(String), status: 'requires_payment_method' }]);
  });
});
