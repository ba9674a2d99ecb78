import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody } from './payment.test-support';
import { startStripeTestShop, stripeEvent, type StripeTestShop } from './stripe.test-support';

/**
 * Refunds through the `stripe` package against the stand-in: an admin retrying after a timeout
 * with the key the client keeps moves money once; refund events arriving in any order end in the
 * state of the newest, and a final state never goes back.
 */
let shop: StripeTestShop;
let adminToken: string;
beforeAll(async () => {
  shop = await startStripeTestShop();
  adminToken = (await createUserWithToken(shop.t, 'admin')).token;
});
afterAll(async () => {
  shop?.standIn.holdAnswers(false);
  await shop?.close();
});

async function paidOrder(key: string) {
  const placed = await shop.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2]), headers: { 'Idempotency-Key': key } });
  expect(placed.status).toBe(201);
  return shop.t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', placed.body.order.orderNumber).executeTakeFirstOrThrow();
}

const orderRow = (id: string) => shop.t.app.context.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function postRefund(paymentIntentId: string, key: string, signal?: AbortSignal) {
  return fetch(`${shop.t.url}/api/payments/refund`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': key },
    body: JSON.stringify({ paymentIntentId, amount: 5 }),
    ...(signal ? { signal } : {}),
  });
}

it('moves money once when the admin retries a refund after the browser gave up waiting', async () => {
  const order = await paidOrder('refund-timeout-1');
  const intentId = order.payment_intent_id!;
  shop.standIn.holdAnswers(true);
  // The browser's timeout: the request reached the shop, which is still waiting on Stripe.
  const timedOut = postRefund(intentId, 'admin-refund-key-1', AbortSignal.timeout(300));
  await expect(timedOut).rejects.toThrow();
  // The admin clicks again; the client sends the key it kept, and Stripe answers meanwhile.
  const retry = postRefund(intentId, 'admin-refund-key-1');
  setTimeout(() => shop.standIn.holdAnswers(false), 300);
  const answer = await retry;
  expect(answer.status).toBe(200);
  const again = await postRefund(intentId, 'admin-refund-key-1');
  expect(((await again.json()) as { refund: { id: string } }).refund.id).toBe(((await answer.json()) as { refund: { id: string } }).refund.id);

  expect(shop.standIn.refunded.get(intentId)).toBe(500);
  expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 500, payment_status: 'partially_refunded' });
  const refunds = await shop.t.app.context.db.selectFrom('payment_refunds').select('amount_cents').where('order_id', '=', order.id).execute();
  expect(refunds).toEqual([{ amount_cents: 500 }]);
});

it('ends a refund whose events arrive out of order in the newest state: failed, its money back on the order', async () => {
  const order = await paidOrder('refund-out-of-order-1');
  const made = await shop.t.request('POST', '/api/payments/refund', { body: { paymentIntentId: order.payment_intent_id, amount: null }, token: adminToken });
  expect(made.status).toBe(200);
  const refundId = made.body.refund.id as string;
  const at = (seconds: number, id: string, type: string, status: string) => ({
    ...stripeEvent(id, type, { id: refundId, object: 'refund', status, amount: order.total_cents, payment_intent: order.payment_intent_id }),
    created: 1_900_000_000 + seconds,
  });
  // Sent pending → succeeded → failed; delivered failed first, the others late.
  await shop.signedWebhook(at(30, 'evt_ooo_failed', 'refund.failed', 'failed'));
  await shop.signedWebhook(at(0, 'evt_ooo_created', 'refund.created', 'pending'));
  await shop.signedWebhook(at(10, 'evt_ooo_updated', 'refund.updated', 'succeeded'));
  const refund = await shop.t.app.context.db.selectFrom('payment_refunds').select('status').where('id', '=', refundId).executeTakeFirstOrThrow();
  expect(refund.status).toBe('failed');
  expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 0, payment_status: 'succeeded' });
});

it('keeps a dashboard refund that succeeded when its older pending event comes last', async () => {
  const order = await paidOrder('refund-out-of-order-2');
  const object = (status: string) => ({ id: 're_dashboard_ooo', object: 'refund', status, amount: 300, payment_intent: order.payment_intent_id });
  await shop.signedWebhook({ ...stripeEvent('evt_dash_updated', 'refund.updated', object('succeeded')), created: 1_900_000_100 });
  await shop.signedWebhook({ ...stripeEvent('evt_dash_created', 'refund.created', object('pending')), created: 1_900_000_000 });
  const refund = await shop.t.app.context.db.selectFrom('payment_refunds').select('status').where('id', '=', 're_dashboard_ooo').executeTakeFirstOrThrow();
  expect(refund.status).toBe('succeeded');
  expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 300, payment_status: 'partially_refunded' });
});
