import Stripe from 'stripe';
import { afterEach, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { discountedCheckout } from '../discounts/discount.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { countRows } from './payment.test-support';
import { startStripeTestShop, type StripeTestShop } from './stripe.test-support';

/**
 * Under the card minimum ($0.50, Stripe's `amount_too_small`), a 100 % code places the order
 * without a charge on both gateways: what works in development works in production.
 */
const FREE = { code: 'FREEDECAL', type: 'percentage' as const, value: 100 };
let shop: StripeTestShop | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await shop?.close();
  await t?.close();
  shop = undefined;
  t = undefined;
});

async function placeFreeOrder(app: TestApp) {
  const { token } = await createUserWithToken(app, 'admin');
  expect((await app.request('POST', '/api/admin/discount-codes', { body: FREE, token })).status).toBe(201);
  const placed = await app.request('POST', '/api/checkout', { body: discountedCheckout(FREE) });
  expect(placed.status, placed.text).toBe(201);
  expect(placed.body.order.total).toBe(0);
  const order = await app.app.context.db.selectFrom('orders').select(['total_cents', 'payment_status']).where('order_number', '=', placed.body.order.orderNumber).executeTakeFirstOrThrow();
  expect(order).toEqual({ total_cents: 0, payment_status: 'succeeded' });
  // The two-step path says so before any payment, in words a shopper can act on.
  const { paymentMethodId: _pm, ...cart } = discountedCheckout(FREE);
  const intent = await app.request('POST', '/api/payments/create-intent', { body: cart });
  expect(intent.status).toBe(422);
  expect(intent.body.error).toContain('under $0.50');
}

it('places a 100 % code order on the test gateway without a charge', async () => {
  t = await startTestApp();
  await placeFreeOrder(t);
  expect(await countRows(t, 'test_gateway_intents')).toBe(0);
});

it('places it on Stripe (the `stripe` package against the stand-in) without a charge, as the stand-in refuses under 50 cents', async () => {
  shop = await startStripeTestShop();
  const stripe = new Stripe('sk_test_stand_in', { host: shop.standIn.host, port: shop.standIn.port, protocol: 'http', maxNetworkRetries: 0 });
  await expect(stripe.paymentIntents.create({ amount: 49, currency: 'usd' })).rejects.toMatchObject({ code: 'amount_too_small' });
  const requests = shop.standIn.requests();
  await placeFreeOrder(shop.t);
  expect(shop.standIn.requests()).toBe(requests);
  expect(shop.standIn.charges()).toBe(0);
});
