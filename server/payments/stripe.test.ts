import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, TEST_PAYMENT_METHODS } from '../../shared/payments';
import type { TestApp } from '../test/test-app';
import { mailsOf } from '../mail/mail.test-support';
import { checkoutBody, countRows } from './payment.test-support';
import type { StripeStandIn } from '../test/stripe-stand-in';
import { startStripeTestShop, type StripeTestShop } from './stripe.test-support';

let shop: StripeTestShop;
let standIn: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  shop = await startStripeTestShop();
  ({ t, standIn } = shop);
});
afterAll(async () => {
  await shop?.close();
});

function orderPayload(intentId: string, quantities = [1]) {
  const { paymentMethodId: _pm, ...cart } = checkoutBody('pm_card_visa', quantities);
  return { ...cart, paymentInfo: { paymentIntentId: intentId, paymentMethod: 'card', paymentStatus: 'succeeded' } };
}

const createIntent = (quantities = [1], key?: string) => shop.createIntent(quantities, key);
const signedWebhook = (event: object, timestamp?: number) => shop.signedWebhook(event, timestamp);

function succeededEvent(id: string, intent: { id: string; amount: number }) {
  return {
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: intent.id, object: 'payment_intent', amount: intent.amount, amount_received: intent.amount, currency: 'usd', status: 'succeeded' } },
  };
}

describe('Stripe through the stripe package and a local stand-in', () => {
  it('reports Stripe with its publishable key', async () => {
    expect((await t.request('GET', '/api/payments/config')).body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_stand_in', currency: 'usd', freeShippingThreshold: 2, shopTimeZone: 'UTC', minFeatureMm: 0.5 });
  });

  it('creates an intent for the catalogue total in cents, once per Idempotency-Key', async () => {
    const first = await createIntent([2], 'intent-key-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: expect.stringMatching(/^pi_/), clientSecret: expect.stringContaining('_secret_'), amount: 1291, currency: 'usd', status: 'requires_payment_method' });
    const again = await createIntent([2], 'intent-key-1');
    expect(again.body).toEqual(first.body);
    expect(standIn.intents.get(first.body.id)!.amount).toBe(1291);
  });

  it('opens one intent for create-intents sent at once with one key, and refuses the key with another cart (422)', async () => {
    const before = standIn.intents.size;
    const [first, second] = await Promise.all([createIntent([1], 'intent-key-2'), createIntent([1], 'intent-key-2')]);
    expect(second.body).toEqual(first.body);
    const otherCart = await createIntent([3], 'intent-key-2');
    expect(otherCart.status).toBe(422);
    expect(otherCart.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', error: 'This Idempotency-Key was already used for a different request.' });
    expect(standIn.intents.size).toBe(before + 1);
  });

  it('places an order after create-intent and confirm (spec.md §4 flow), once per intent', async () => {
    const intent = (await createIntent([1])).body;
    const unpaid = await t.request('POST', '/api/orders', { body: orderPayload(intent.id) });
    expect(unpaid.status).toBe(402);

    const declined = await t.request('POST', '/api/payments/confirm', { body: { paymentIntentId: intent.id, paymentMethodId: 'pm_card_chargeDeclinedExpiredCard' } });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ error: 'Your card has expired. Please use a different card.', code: 'CARD_DECLINED', declineCode: 'expired_card' });

    const confirmed = await t.request('POST', '/api/payments/confirm', { body: { paymentIntentId: intent.id, paymentMethodId: 'pm_card_visa' } });
    expect(confirmed.body).toEqual({ id: intent.id, status: 'succeeded' });
    // The first answer was lost and the browser retries: Stripe refuses to confirm a paid intent,
    // and the shopper must still hear that the payment succeeded, not that the card failed.
    const retried = await t.request('POST', '/api/payments/confirm', { body: { paymentIntentId: intent.id, paymentMethodId: 'pm_card_visa' } });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ id: intent.id, status: 'succeeded' });

    const mismatched = await t.request('POST', '/api/orders', { body: orderPayload(intent.id, [2]) });
    expect(mismatched.status).toBe(409);

    // Same total, other text: the order is still what was paid for, the cart stored with the intent.
    const tampered = orderPayload(intent.id);
    tampered.items[0]!.text = 'Not mine';
    const created = await t.request('POST', '/api/orders', { body: tampered });
    expect(created.status, created.text).toBe(201);
    expect(created.body.order).toMatchObject({ status: 'processing', total: 6.46, customerEmail: 'maya@example.com', items: [expect.objectContaining({ text: 'Bombshell 1' })] });
    const again = await t.request('POST', '/api/orders', { body: orderPayload(intent.id) });
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(created.body.order.id);
    // One confirmation, queued with the order, however often the order is posted.
    expect((await mailsOf(t, created.body.order.id)).map((mail) => mail.mailKey)).toEqual(['confirmation']);
  });

  it('refuses an order for an intent this shop never created', async () => {
    const response = await t.request('POST', '/api/orders', { body: orderPayload('pi_someone_elses') });
    expect(response.status).toBe(409);
  });

  it('reports requires_action from confirm as such', async () => {
    const intent = (await createIntent()).body;
    const response = await t.request('POST', '/api/payments/confirm', { body: { paymentIntentId: intent.id, paymentMethodId: 'pm_card_authenticationRequired' } });
    expect(response.body).toEqual({ id: intent.id, status: 'requires_action' });
  });

  it.each(Object.entries(TEST_PAYMENT_METHODS))('checkout with %s', async (paymentMethodId, outcome) => {
    const response = await t.request('POST', '/api/checkout', { body: checkoutBody(paymentMethodId) });
    if (outcome.kind === 'succeeds') expect(response.status).toBe(201);
    if (outcome.kind === 'declines') expect(response.body).toMatchObject({ success: false, code: 'CARD_DECLINED', declineCode: outcome.declineCode });
    if (outcome.kind === 'requires_action') expect(response.body).toMatchObject({ success: false, code: 'AUTH_REQUIRED', error: PAYMENT_MESSAGES.requiresAction });
    if (outcome.kind !== 'succeeds') expect(response.status).toBe(402);
  });

  it('charges once for 50 concurrent checkouts with the same Idempotency-Key', async () => {
    const [charges, orders] = [standIn.charges(), await countRows(t, 'orders')];
    const body = checkoutBody('pm_card_mastercard', [3]);
    const responses = await Promise.all(Array.from({ length: 50 }, () => t.request('POST', '/api/checkout', { body, headers: { 'Idempotency-Key': 'stripe-double-click' } })));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect(new Set(responses.map((r) => r.body.order.orderNumber)).size).toBe(1);
    expect(standIn.charges()).toBe(charges + 1);
    expect(await countRows(t, 'orders')).toBe(orders + 1);
  });

  it('charges with one request to Stripe per checkout, which names the stored record of its cart', async () => {
    const requests = standIn.requests();
    const response = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1, 2]), headers: { 'Idempotency-Key': 'one-request-checkout' } });
    expect(response.status).toBe(201);
    expect(standIn.requests()).toBe(requests + 1);
    const order = await t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', response.body.order.orderNumber).executeTakeFirstOrThrow();
    const intent = standIn.intents.get(order.payment_intent_id!)!;
    expect(intent).toMatchObject({ status: 'succeeded', amount: order.total_cents, payment_method: 'pm_card_visa' });
    const record = await t.app.context.db.selectFrom('payment_intents').selectAll().where('id', '=', intent.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ order_id: order.id, status: 'succeeded', idempotency_key: 'checkout:one-request-checkout' });
    expect(intent.metadata.shop_intent).toMatch(/^shop_pi_/);
  });

  it('does not charge a client that sends a lower total', async () => {
    const charges = standIn.charges();
    const requests = standIn.requests();
    const body = checkoutBody('pm_card_visa', [2]);
    body.total = 0.99;
    const response = await t.request('POST', '/api/checkout', { body });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('TOTAL_MISMATCH');
    expect([standIn.charges(), standIn.requests()]).toEqual([charges, requests]);
  });
});

describe('Stripe webhook', () => {
  it('writes the missing order of a paid intent from its stored cart snapshot, once per event', async () => {
    const intent = (await createIntent([1, 1])).body;
    // The browser paid with Stripe.js and closed before posting the order.
    standIn.intents.get(intent.id)!.status = 'succeeded';
    const event = succeededEvent('evt_paid_1', intent);
    const first = await signedWebhook(event);
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('order_created');
    const order = await t.app.context.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', intent.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ total_cents: 1291, status: 'processing', customer_email: 'maya@example.com' });

    expect((await signedWebhook(event)).body.result).toBe('duplicate');
    expect((await signedWebhook(succeededEvent('evt_paid_2', intent))).body.result).toBe('order_exists');
    const count = await t.app.context.db.selectFrom('orders').select('id').where('payment_intent_id', '=', intent.id).execute();
    expect(count).toHaveLength(1);
    expect((await mailsOf(t, order.id)).map((mail) => mail.mailKey)).toEqual(['confirmation']);
  });

  it('writes the order of a checkout whose charge answer was lost, from the charge\'s metadata, and the retry is not charged', async () => {
    const key = 'lost-charge-answer';
    const body = checkoutBody('pm_card_visa', [2]);
    const charges = standIn.charges();
    standIn.loseNextChargeAnswer();
    const lost = await t.request('POST', '/api/checkout', { body, headers: { 'Idempotency-Key': key } });
    expect(lost.status).toBe(502);
    expect(standIn.charges()).toBe(charges + 1);
    const charged = [...standIn.intents.values()].at(-1)!;
    expect(await t.app.context.db.selectFrom('orders').select('id').where('payment_intent_id', '=', charged.id).execute()).toHaveLength(0);

    // Stripe's event names the shop's record in the intent's metadata, the only link the shop has.
    const hook = await signedWebhook({ ...succeededEvent('evt_lost_answer', { id: charged.id, amount: charged.amount }), data: { object: { ...charged } } });
    expect(hook.body.result).toBe('order_created');
    const order = await t.app.context.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', charged.id).executeTakeFirstOrThrow();

    const retry = await t.request('POST', '/api/checkout', { body, headers: { 'Idempotency-Key': key } });
    expect(retry.status).toBe(201);
    expect(retry.body.order.orderNumber).toBe(order.order_number);
    expect(standIn.charges()).toBe(charges + 1);
  });

  it('refuses a bad or stale signature with 400', async () => {
    const payload = JSON.stringify(succeededEvent('evt_forged', { id: 'pi_x', amount: 100 }));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const bad = await t.request('POST', '/api/payments/webhook', { rawBody: payload, headers: { 'Stripe-Signature': forged, 'Content-Type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_SIGNATURE');
    const stale = await signedWebhook(succeededEvent('evt_stale', { id: 'pi_x', amount: 100 }), Math.floor(Date.now() / 1000) - 301);
    expect(stale.status).toBe(400);
    const unsigned = await t.request('POST', '/api/payments/webhook', { rawBody: payload, headers: { 'Content-Type': 'application/json' } });
    expect(unsigned.status).toBe(400);
  });
});
