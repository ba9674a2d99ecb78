import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { discountedCheckout } from '../discounts/discount.test-support';
import { checkoutBody } from './payment.test-support';
import { startStripeTestShop, type StripeTestShop } from './stripe.test-support';

/**
 * An order records what paid it, as Stripe reports it: a wallet's card (Apple Pay, Google Pay), Link,
 * a card typed in; the admin sees it in the order's detail. What the client claims does not decide.
 */
let shop: StripeTestShop;
let admin: string;
beforeAll(async () => {
  shop = await startStripeTestShop();
  admin = (await createUserWithToken(shop.t, 'admin')).token;
});
afterAll(() => shop?.close());

async function paidWith(paymentMethodId: string, body: Record<string, unknown> = checkoutBody(paymentMethodId)) {
  const placed = await shop.t.request('POST', '/api/checkout', { body });
  expect(placed.status, placed.text).toBe(201);
  const row = await shop.t.app.context.db.selectFrom('orders').select(['id', 'payment_method']).where('order_number', '=', placed.body.order.orderNumber).executeTakeFirstOrThrow();
  const view = await shop.t.request('GET', `/api/orders/${row.id}`, { token: admin });
  return { stored: row.payment_method, shown: view.body.order.paymentMethod as string };
}

it.each([
  ['pm_standin_apple_pay', 'apple_pay'],
  ['pm_standin_google_pay', 'google_pay'],
  ['pm_standin_link', 'link'],
  ['pm_card_visa', 'card'],
])('stores an order paid with %s as %s and shows it to the admin', async (paymentMethodId, expected) => {
  expect(await paidWith(paymentMethodId)).toEqual({ stored: expected, shown: expected });
});

it('takes the gateway\'s word over the client\'s: a card typed in stays a card whatever paymentInfo says', async () => {
  const body = { ...checkoutBody('pm_card_visa'), paymentInfo: { paymentMethod: 'apple_pay' } };
  expect(await paidWith('pm_card_visa', body)).toEqual({ stored: 'card', shown: 'card' });
});

it('records an order placed without a charge (a 100 % code) as paid with nothing', async () => {
  const free = { code: 'ALLFREE', type: 'percentage' as const, value: 100 };
  expect((await shop.t.request('POST', '/api/admin/discount-codes', { body: free, token: admin })).status).toBe(201);
  expect(await paidWith('pm_card_visa', discountedCheckout(free))).toEqual({ stored: 'none', shown: 'none' });
});
