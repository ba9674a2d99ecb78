import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../shared/payments';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody, countRows } from './payment.test-support';
import { PROCESSING_PAYMENT_METHOD } from '../test/stripe-stand-in';
import { startStripeTestShop, stripeEvent, type StripeTestShop } from './stripe.test-support';

let shop: StripeTestShop;
let adminToken: string;
beforeAll(async () => {
  shop = await startStripeTestShop();
  adminToken = (await createUserWithToken(shop.t, 'admin')).token;
});
afterAll(async () => {
  await shop?.close();
});

const checkout = (paymentMethodId: string, key: string, quantities = [1]) =>
  shop.t.request('POST', '/api/checkout', { body: checkoutBody(paymentMethodId, quantities), headers: { 'Idempotency-Key': key } });
const orderOf = (intentId: string) => shop.t.app.context.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', intentId).executeTakeFirst();
const refund = (paymentIntentId: string, amount: number | null) => shop.t.request('POST', '/api/payments/refund', { body: { paymentIntentId, amount }, token: adminToken });

async function paidOrder(key: string) {
  const placed = await checkout('pm_card_visa', key, [2]);
  expect(placed.status).toBe(201);
  return (await shop.t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', placed.body.order.orderNumber).executeTakeFirstOrThrow());
}

describe('Stripe edges', () => {
  it('never sends Stripe a key over 255 characters, however long the client’s Idempotency-Key', async () => {
    const key = 'k'.repeat(255);
    const first = await checkout('pm_card_visa', key);
    expect(first.status).toBe(201);
    const charges = shop.standIn.charges();
    const again = await checkout('pm_card_visa', key);
    expect(again.body.order.orderNumber).toBe(first.body.order.orderNumber);
    expect(shop.standIn.charges()).toBe(charges);
  });

  it('answers a processing payment as pending, writes the order when the webhook comes, and a retry never charges twice', async () => {
    const key = 'processing-checkout-1';
    const charges = shop.standIn.charges();
    const pending = await checkout(PROCESSING_PAYMENT_METHOD, key);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ success: false, pending: true, code: 'PAYMENT_PROCESSING', status: 'processing', error: PAYMENT_MESSAGES.processing });
    const intentId = pending.body.paymentIntentId as string;
    expect(await orderOf(intentId)).toBeUndefined();

    // The shopper retries before the bank settles: still pending, no second confirm.
    const retried = await checkout(PROCESSING_PAYMENT_METHOD, key);
    expect(retried.status).toBe(202);
    expect(shop.standIn.charges()).toBe(charges + 1);

    const intent = shop.standIn.intents.get(intentId)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const hook = await shop.signedWebhook(stripeEvent('evt_processing_done', 'payment_intent.succeeded', { ...intent }));
    expect(hook.body.result).toBe('order_created');

    const settled = await checkout(PROCESSING_PAYMENT_METHOD, key);
    expect(settled.status).toBe(201);
    expect(settled.body.order.orderNumber).toBe((await orderOf(intentId))!.order_number);
    expect(shop.standIn.charges()).toBe(charges + 1);
  });

  it('answers confirm with processing as pending, not as a failure', async () => {
    const intent = (await shop.createIntent([1])).body;
    const confirmed = await shop.t.request('POST', '/api/payments/confirm', { body: { paymentIntentId: intent.id, paymentMethodId: PROCESSING_PAYMENT_METHOD } });
    expect(confirmed.status).toBe(202);
    expect(confirmed.body).toMatchObject({ id: intent.id, status: 'processing', pending: true, error: PAYMENT_MESSAGES.processing });
  });

  it("reports Stripe's refusal of a refund as a refund error, not as card advice", async () => {
    const order = await paidOrder('refund-refused-1');
    // Refunded in Stripe's dashboard meanwhile: Stripe refuses the shop's refund.
    shop.standIn.refunded.set(order.payment_intent_id!, order.total_cents);
    const response = await refund(order.payment_intent_id!, null);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('REFUND_FAILED');
    expect(response.body.error).toMatch(/^The refund was refused by the payment provider/);
    expect(response.body.error).not.toBe(PAYMENT_MESSAGES.paymentFailed);
    expect(await shop.t.app.context.db.selectFrom('payment_refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('refuses the same Idempotency-Key with another card (422) before any charge, while the first payment has no answer yet', async () => {
    const key = 'reused-with-another-card-1';
    const first = await checkout(PROCESSING_PAYMENT_METHOD, key);
    expect(first.status).toBe(202);
    const charges = shop.standIn.charges();
    const other = await checkout('pm_card_visa', key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(shop.standIn.charges()).toBe(charges);
    // The first request, sent again, is still told where its payment stands.
    expect((await checkout(PROCESSING_PAYMENT_METHOD, key)).status).toBe(202);
  });

  it('gives a refund that later fails back to the order (refund.updated), and keeps one that succeeded', async () => {
    const order = await paidOrder('refund-later-fails-1');
    const made = await refund(order.payment_intent_id!, 5);
    expect(made.status).toBe(200);
    const refundId = made.body.refund.id as string;
    const succeeded = { id: refundId, object: 'refund', status: 'succeeded', amount: 500, payment_intent: order.payment_intent_id };
    expect((await shop.signedWebhook(stripeEvent('evt_refund_created_1', 'refund.created', succeeded))).body.result).toBe('unchanged');

    const failed = await shop.signedWebhook(stripeEvent('evt_refund_failed_1', 'refund.updated', { id: refundId, object: 'refund', status: 'failed', amount: 500 }));
    expect(failed.body.result).toBe('refund_updated');
    const after = await shop.t.app.context.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ refunded_cents: 0, payment_status: 'succeeded' });
    expect(after.version).toBeGreaterThan(order.version + 1);
    const row = await shop.t.app.context.db.selectFrom('payment_refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    const history = await shop.t.app.context.db.selectFrom('order_history').select(['refund_id', 'refund_cents']).where('order_id', '=', order.id).where('refund_id', '=', refundId).orderBy('version').execute();
    expect(history.map((entry) => Number(entry.refund_cents))).toEqual([500, -500]);
    // Redelivered: applied once.
    expect((await shop.signedWebhook(stripeEvent('evt_refund_failed_1', 'refund.updated', { id: refundId, status: 'failed' }))).body.result).toBe('duplicate');
  });

  it('adds a refund made in Stripe\'s dashboard to its order (refund.created), gives it back when it fails (refund.failed), and reads nothing from charge.refunded', async () => {
    const order = await paidOrder('dashboard-refund-1');
    const dashboard = { id: 're_dashboard_1', object: 'refund', status: 'succeeded', amount: 300, payment_intent: order.payment_intent_id };
    const charge = { id: 'ch_dashboard_1', object: 'charge', payment_intent: order.payment_intent_id, refunds: { data: [dashboard] } };
    expect((await shop.signedWebhook(stripeEvent('evt_dashboard_charge_refunded', 'charge.refunded', charge))).body.result).toBe('ignored');
    const ordersRow = () => shop.t.app.context.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(await ordersRow()).toMatchObject({ refunded_cents: 0, payment_status: 'succeeded' });

    expect((await shop.signedWebhook(stripeEvent('evt_dashboard_refund_created', 'refund.created', dashboard))).body.result).toBe('refund_recorded');
    expect(await ordersRow()).toMatchObject({ refunded_cents: 300, payment_status: 'partially_refunded' });
    const failed = await shop.signedWebhook(stripeEvent('evt_dashboard_refund_failed', 'refund.failed', { ...dashboard, status: 'failed' }));
    expect(failed.body.result).toBe('refund_updated');
    expect(await ordersRow()).toMatchObject({ refunded_cents: 0, payment_status: 'succeeded' });
    const unknown = { id: 're_elsewhere_1', object: 'refund', status: 'succeeded', amount: 100, payment_intent: 'pi_not_ours' };
    expect((await shop.signedWebhook(stripeEvent('evt_refund_elsewhere', 'refund.created', unknown))).body.result).toBe('unknown_refund');
  });

  it.each([
    ['an empty object', {}],
    ['an array', []],
    ['a string', 'event'],
    ['null', null],
    ['an event without data', { id: 'evt_bad_1', type: 'payment_intent.succeeded' }],
    ['an event whose object has no id', { id: 'evt_bad_2', type: 'payment_intent.succeeded', data: { object: {} } }],
    ['an event with a numeric id', { id: 42, type: 'refund.updated', data: { object: { id: 're_1' } } }],
  ])('answers a signed but malformed webhook (%s) with 400, changing nothing', async (_label, event) => {
    const orders = await countRows(shop.t, 'orders');
    const response = await shop.signedWebhook(event);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_EVENT');
    expect(await countRows(shop.t, 'orders')).toBe(orders);
  });
});
