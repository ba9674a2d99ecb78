import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutPayload } from '../../shared/schemas/order';
import { startTestApp, type TestApp } from '../test/test-app';
import { checkoutBody, countRows, testGatewayCharges } from './payment.test-support';
import { buildSnapshot, paymentIntentRow, priceCart } from './payment.snapshot';

/**
 * A NUL or a lone surrogate in a customer field (which PostgreSQL cannot store), and control and
 * direction-override characters (which would show in the admin and the mails): every
 * free-text customer field refuses them with 422 naming the field, the same on both databases,
 * before any card is charged; a paid intent stored before the rule still gets its order.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const HOSTILE = { NUL: 'Ma\u0000ya', 'lone surrogate': 'Ma\uD800ya', 'bell control': 'Ma\u0007ya', 'right-to-left override': 'Ma\u202Eya', 'isolate': '\u2066Maya' };
const FIELDS: [string, string, (body: Record<string, any>, value: string) => void][] = [
  ['customerInfo.firstName', 'First name', (body, value) => (body.customerInfo.firstName = value)],
  ['customerInfo.lastName', 'Last name', (body, value) => (body.customerInfo.lastName = value)],
  ['customerInfo.email', 'Email', (body, value) => (body.customerInfo.email = `${value}@example.com`)],
  ['shippingAddress.address', 'Address', (body, value) => (body.shippingAddress.address = value)],
  ['shippingAddress.city', 'City', (body, value) => (body.shippingAddress.city = value)],
  ['specialInstructions', 'Special instructions', (body, value) => (body.specialInstructions = value)],
  ['billingAddress.address', 'Billing address', (body, value) => (body.billingAddress = { address: value })],
];

describe.each(Object.entries(HOSTILE))('a %s in a customer field', (_name, value) => {
  it.each(FIELDS)('%s: 422 naming the field, no intent, no charge', async (path, label, plant) => {
    const [intents, charges] = [await countRows(t, 'payment_intents'), await testGatewayCharges(t)];
    for (const endpoint of ['/api/checkout', '/api/payments/create-intent']) {
      const body: Record<string, any> = checkoutBody('pm_card_visa');
      if (endpoint !== '/api/checkout') delete body.paymentMethodId;
      plant(body, value);
      const response = await t.request('POST', endpoint, { body });
      expect(response.status, `${endpoint} ${response.text}`).toBe(422);
      expect(response.body.errors).toContainEqual({ path, message: expect.stringContaining(label) });
    }
    expect(await countRows(t, 'payment_intents')).toBe(intents);
    expect(await testGatewayCharges(t)).toBe(charges);
  });
});

it('keeps line breaks in special instructions and accents and emoji in names', async () => {
  const body = checkoutBody('pm_card_visa');
  body.specialInstructions = 'Leave at the door\r\nThank you' as never;
  const placed = await t.request('POST', '/api/checkout', { body: { ...body, customerInfo: { ...body.customerInfo, firstName: 'Zoë 💖' } } });
  expect(placed.status, placed.text).toBe(201);
});

it('writes the order of a paid intent stored before the rule, without the characters, and tells the admin', async () => {
  const db = t.app.context.db;
  const now = Date.now();
  const payload = checkoutBody('pm_card_visa') as unknown as CheckoutPayload;
  const snapshot = buildSnapshot(payload, priceCart(payload, t.app.context.config.freeShippingThresholdCents, null), null, 'card');
  snapshot.customer.firstName = 'Ma\u0000ya\u202E';
  snapshot.shippingAddress.city = 'Los\uD800 Angeles';
  const id = 'pi_test_before_the_rule';
  const amount = snapshot.totals.total;
  await db.insertInto('test_gateway_intents').values({ id, amount_cents: amount, currency: 'usd', status: 'succeeded', payment_method: 'pm_card_visa', amount_refunded_cents: 0, create_key: null, created_at: now, updated_at: now }).execute();
  await db.insertInto('payment_intents').values(paymentIntentRow({ id, amountCents: amount, currency: 'usd', status: 'succeeded', clientSecret: null }, 'test', snapshot, `key-${id}`, now)).execute();

  // A second process starting on the same database reconciles the paid intent without an order.
  const restarted = await startTestApp({ DATABASE_URL: t.databaseUrl });
  try {
    await restarted.app.paymentUpkeep.reconcileNow();
    const order = await db.selectFrom('orders').select(['customer_first_name', 'ship_city']).where('payment_intent_id', '=', id).executeTakeFirst();
    expect(order).toEqual({ customer_first_name: 'Maya', ship_city: 'Los Angeles' });
    const reports = await db.selectFrom('error_reports').select('message').where('event_id', '=', `storable-snapshot:${id}`).execute();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.message).toContain('customer.firstName, shippingAddress.city');
  } finally {
    await restarted.close();
  }
});
