import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { isPostgres } from '../db/dialect';
import { waitFor } from '../mail/mail.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { cartPayload, checkoutBody, countRows, testGatewayCharges } from './payment.test-support';

/**
 * The payments' upkeep runs beside the shop: stale unpaid intents are cancelled at the gateway, and
 * a charge whose order could not be written becomes its order once the database takes writes again.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const MINUTE = 60_000;

it('cancels an intent still unpaid after UNPAID_INTENT_MINUTES at the gateway, so it can no longer be paid', async () => {
  let clock = Date.now();
  t = await startTestApp({ UNPAID_INTENT_MINUTES: '30' }, { now: () => clock });
  const app = t;
  const { totalCents: _cents, ...cart } = cartPayload();
  const stale = (await app.request('POST', '/api/payments/create-intent', { body: cart })).body.id as string;
  clock += 20 * MINUTE;
  const fresh = (await app.request('POST', '/api/payments/create-intent', { body: cart })).body.id as string;
  clock += 15 * MINUTE;

  const summary = await app.app.paymentUpkeep.reconcileNow();
  expect(summary.cancelled).toBe(1);
  const statusOf = async (table: 'payment_intents' | 'test_gateway_intents', id: string) =>
    (await app.app.context.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  expect([await statusOf('payment_intents', stale), await statusOf('test_gateway_intents', stale)]).toEqual(['canceled', 'canceled']);
  expect([await statusOf('payment_intents', fresh), await statusOf('test_gateway_intents', fresh)]).toEqual(['requires_payment_method', 'requires_payment_method']);

  const charges = await testGatewayCharges(app);
  const late = await app.request('POST', '/api/payments/confirm', { body: { paymentIntentId: stale, paymentMethodId: 'pm_card_visa' } });
  expect(late.status).toBeGreaterThanOrEqual(400);
  expect(await testGatewayCharges(app)).toBe(charges);
  expect((await app.request('POST', '/api/payments/confirm', { body: { paymentIntentId: fresh, paymentMethodId: 'pm_card_visa' } })).status).toBe(200);
});

/** Makes the database refuse new orders as a full disk would (PostgreSQL: disk_full), until lifted. */
async function refuseOrders(app: TestApp): Promise<() => Promise<void>> {
  const db = app.app.context.db;
  if (isPostgres(db)) {
    await sql.raw(`CREATE FUNCTION refuse_orders() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = '53100'; END $$ LANGUAGE plpgsql`).execute(db);
    await sql.raw('CREATE TRIGGER refuse_orders BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse_orders()').execute(db);
    return async () => {
      await sql.raw('DROP TRIGGER refuse_orders ON orders').execute(db);
    };
  }
  await sql.raw("CREATE TRIGGER refuse_orders BEFORE INSERT ON orders BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END").execute(db);
  return async () => {
    await sql.raw('DROP TRIGGER refuse_orders').execute(db);
  };
}

it('writes the order of a charge whose order could not be written, soon after storage returns', async () => {
  t = await startTestApp();
  const app = t;
  const lift = await refuseOrders(app);
  const failed = await app.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2]), headers: { 'Idempotency-Key': 'owed-order' } });
  expect(failed.status).toBeGreaterThanOrEqual(500);
  expect(await testGatewayCharges(app)).toBe(1);
  expect(await countRows(app, 'orders')).toBe(0);

  await lift();
  // Within a minute, with no request and no restart: the upkeep retries the owed order.
  await waitFor('the owed order', async () => (await countRows(app, 'orders')) === 1, MINUTE);
  const retry = await app.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2]), headers: { 'Idempotency-Key': 'owed-order' } });
  expect(retry.status).toBe(201);
  expect(await countRows(app, 'orders')).toBe(1);
  expect(await testGatewayCharges(app)).toBe(1);
});
