import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_MESSAGES, GENERIC_DECLINE_MESSAGE, PAYMENT_MESSAGES, TEST_PAYMENT_METHODS } from '../../shared/payments';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import type { CheckoutPayload } from '../../shared/schemas/order';
import { buildSnapshot, paymentIntentRow, priceCart } from '../payments/payment.snapshot';
import { checkoutBody, countRows, testGatewayCharges } from '../payments/payment.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const checkout = (body: unknown, key?: string, token?: string) =>
  t.request('POST', '/api/checkout', { body, token, headers: key ? { 'Idempotency-Key': key } : {} });

describe('POST /api/checkout with the built-in test gateway', () => {
  it('reports the test gateway and card as the only method', async () => {
    expect((await t.request('GET', '/api/payments/config')).body).toEqual({ provider: 'test', currency: 'usd', freeShippingThreshold: 2, shopTimeZone: 'UTC', minFeatureMm: 0.5 });
    expect((await t.request('GET', '/api/payments/methods')).body).toEqual({ methods: ['card'] });
  });

  const expectations: [string, number, string | undefined, string | undefined, string][] = [
    ['pm_card_visa', 201, undefined, undefined, ''],
    ['pm_card_mastercard', 201, undefined, undefined, ''],
    ['pm_card_visa_chargeDeclined', 402, 'CARD_DECLINED', 'generic_decline', GENERIC_DECLINE_MESSAGE],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 402, 'CARD_DECLINED', 'insufficient_funds', DECLINE_MESSAGES.insufficient_funds!],
    ['pm_card_visa_chargeDeclinedLostCard', 402, 'CARD_DECLINED', 'lost_card', GENERIC_DECLINE_MESSAGE],
    ['pm_card_visa_chargeDeclinedStolenCard', 402, 'CARD_DECLINED', 'stolen_card', GENERIC_DECLINE_MESSAGE],
    ['pm_card_chargeDeclinedExpiredCard', 402, 'CARD_DECLINED', 'expired_card', 'Your card has expired. Please use a different card.'],
    ['pm_card_chargeDeclinedIncorrectCvc', 402, 'CARD_DECLINED', 'incorrect_cvc', 'Incorrect security code. Please check your CVC and try again.'],
    ['pm_card_chargeDeclinedProcessingError', 402, 'CARD_DECLINED', 'processing_error', 'Payment processing error. Please try again.'],
    ['pm_card_authenticationRequired', 402, 'AUTH_REQUIRED', undefined, PAYMENT_MESSAGES.requiresAction],
  ];

  it('covers every test PaymentMethod id of design.md §5', () => {
    expect(expectations.map(([id]) => id).sort()).toEqual(Object.keys(TEST_PAYMENT_METHODS).sort());
  });

  it.each(expectations)('%s answers %i %s %s', async (paymentMethodId, status, code, declineCode, message) => {
    const ordersBefore = await countRows(t, 'orders');
    const response = await checkout(checkoutBody(paymentMethodId, [2]));
    expect(response.status).toBe(status);
    if (status === 201) {
      expect(response.body).toEqual({ success: true, order: { orderNumber: expect.stringMatching(/^[A-Z0-9-]+$/), total: 12.91, customerEmail: 'maya@example.com' } });
      expect(await countRows(t, 'orders')).toBe(ordersBefore + 1);
    } else {
      expect(response.body).toMatchObject({ success: false, code, error: message });
      expect(response.body.declineCode).toBe(declineCode);
      if (code === 'AUTH_REQUIRED') {
        // The browser needs these to complete 3-D Secure with Stripe and then create the order.
        expect(response.body).toMatchObject({ status: 'requires_action', paymentIntentId: expect.stringMatching(/^pi_/) });
        expect(response.body).toHaveProperty('clientSecret');
      }
      expect(await countRows(t, 'orders')).toBe(ordersBefore);
    }
  });

  it('writes a paid order in production with its items and payment link', async () => {
    const response = await checkout(checkoutBody('pm_card_visa', [1, 3]));
    const order = await t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', response.body.order.orderNumber).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'processing', payment_status: 'succeeded', subtotal_cents: 2380, total_cents: 2582, user_id: null });
    const intent = await t.app.context.db.selectFrom('payment_intents').selectAll().where('id', '=', order.payment_intent_id!).executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ status: 'succeeded', order_id: order.id, amount_cents: 2582, provider: 'test' });
    const items = await t.app.context.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    expect(items.map((item) => item.quantity)).toEqual([1, 3]);
  });

  it('links the order to a signed-in customer', async () => {
    const { user, token } = await createUserWithToken(t, 'customer');
    const response = await checkout(checkoutBody(), undefined, token);
    expect(response.status).toBe(201);
    const order = await t.app.context.db.selectFrom('orders').select('user_id').where('order_number', '=', response.body.order.orderNumber).executeTakeFirstOrThrow();
    expect(order.user_id).toBe(user.id);
  });

  it('charges once and writes one order for 50 concurrent calls with the same Idempotency-Key', async () => {
    const [ordersBefore, chargesBefore] = [await countRows(t, 'orders'), await testGatewayCharges(t)];
    const body = checkoutBody('pm_card_visa', [1]);
    const responses = await Promise.all(Array.from({ length: 50 }, () => checkout(body, 'double-click-key-1')));
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(responses.map((r) => r.body.order.orderNumber)).size).toBe(1);
    expect(await countRows(t, 'orders')).toBe(ordersBefore + 1);
    expect(await testGatewayCharges(t)).toBe(chargesBefore + 1);
  });

  it('answers a retried decline the same way without charging again', async () => {
    const body = checkoutBody('pm_card_visa_chargeDeclinedInsufficientFunds');
    const first = await checkout(body, 'declined-key-1');
    const [chargesBefore, intentsBefore] = [await testGatewayCharges(t), await countRows(t, 'test_gateway_intents')];
    const again = await checkout(body, 'declined-key-1');
    expect(again.status).toBe(402);
    expect(again.body).toEqual(first.body);
    expect(await testGatewayCharges(t)).toBe(chargesBefore);
    expect(await countRows(t, 'test_gateway_intents')).toBe(intentsBefore);
  });

  it('refuses the same Idempotency-Key for a different cart', async () => {
    await checkout(checkoutBody('pm_card_visa', [1]), 'reused-key-1');
    const response = await checkout(checkoutBody('pm_card_visa', [2]), 'reused-key-1');
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  describe('a client price that is not the catalogue price is refused and nothing is charged', () => {
    const tampered: [string, (body: ReturnType<typeof checkoutBody>) => void][] = [
      ['a lower unit price', (body) => (body.items[0]!.price = 0.5)],
      ['a lower subtotal', (body) => (body.subtotal = 1)],
      ['a lower total', (body) => (body.total = 1)],
      ['a lower tax', (body) => (body.tax = 0)],
      ['a higher shipping', (body) => (body.shipping = 4.99)],
    ];
    it.each(tampered)('%s', async (_name, tamper) => {
      const [orders, intents, gatewayIntents] = [await countRows(t, 'orders'), await countRows(t, 'payment_intents'), await countRows(t, 'test_gateway_intents')];
      const body = checkoutBody('pm_card_visa', [2]);
      tamper(body);
      const response = await checkout(body, `tampered-${Math.random()}`);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ success: false, code: 'TOTAL_MISMATCH', error: PAYMENT_MESSAGES.totalMismatch });
      expect(response.body.expected).toMatchObject({ unitPrice: 5.95, subtotal: 11.9, total: 12.91 });
      expect([await countRows(t, 'orders'), await countRows(t, 'payment_intents'), await countRows(t, 'test_gateway_intents')]).toEqual([orders, intents, gatewayIntents]);
    });

    it('create-intent refuses a lower total too', async () => {
      const { paymentMethodId: _pm, ...cart } = checkoutBody();
      const response = await t.request('POST', '/api/payments/create-intent', { body: { ...cart, total: 0.99 } });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('TOTAL_MISMATCH');
    });
  });

  it('answers invalid checkout data with 422 and the spec message', async () => {
    const body = checkoutBody();
    body.customerInfo.email = 'not-an-email';
    const response = await checkout(body);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: 'Invalid email format' });
    const { paymentMethodId: _pm, ...withoutMethod } = checkoutBody();
    const missing = await checkout(withoutMethod);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ success: false, error: 'Payment method is required' });
  });

  it('answers an unknown PaymentMethod id with 402 PAYMENT_FAILED', async () => {
    const response = await checkout(checkoutBody('pm_card_unknown'));
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ success: false, code: 'PAYMENT_FAILED', error: PAYMENT_MESSAGES.paymentFailed });
  });

  it('charges once when an earlier request left an unpaid ledger intent under the same key without the shop’s record', async () => {
    // An intent created by the gateway but never recorded by the shop (a crash inside the two-step
    // path): it was never paid, so the one-transaction checkout charges anew, once, and leaves it be.
    const db = t.app.context.db;
    const now = Date.now();
    await db
      .insertInto('test_gateway_intents')
      .values({ id: 'pi_test_left_over', amount_cents: 1291, currency: 'usd', status: 'requires_payment_method', payment_method: null, amount_refunded_cents: 0, create_key: 'checkout:left-over', created_at: now, updated_at: now })
      .execute();
    const charges = await testGatewayCharges(t);
    const first = await checkout(checkoutBody('pm_card_visa', [2]), 'left-over');
    expect(first.status).toBe(201);
    const again = await checkout(checkoutBody('pm_card_visa', [2]), 'left-over');
    expect(again.body).toEqual(first.body);
    expect(await testGatewayCharges(t)).toBe(charges + 1);
    const order = await db.selectFrom('orders').select('payment_intent_id').where('order_number', '=', first.body.order.orderNumber).executeTakeFirstOrThrow();
    const paid = await db.selectFrom('test_gateway_intents').select(['id', 'status']).where('status', '=', 'succeeded').where('id', '=', order.payment_intent_id!).executeTakeFirstOrThrow();
    expect(paid.id).not.toBe('pi_test_left_over');
    const leftOver = await db.selectFrom('test_gateway_intents').select('status').where('id', '=', 'pi_test_left_over').executeTakeFirstOrThrow();
    expect(leftOver.status).toBe('requires_payment_method');
  });

  it('resumes an intent stored under the key without an answer instead of charging anew', async () => {
    // What the two-step path leaves when the server stops between storing the intent and confirming it.
    const db = t.app.context.db;
    const now = Date.now();
    const payload = checkoutBody('pm_card_visa', [1]) as unknown as CheckoutPayload;
    const snapshot = buildSnapshot(payload, priceCart(payload, t.app.context.config.freeShippingThresholdCents, null), null, 'card');
    const ledgerIntent = { id: 'pi_test_resumed', amount_cents: snapshot.totals.total, currency: 'usd', status: 'requires_payment_method', payment_method: null, amount_refunded_cents: 0, create_key: 'checkout:resumed-key', created_at: now, updated_at: now };
    await db.insertInto('test_gateway_intents').values(ledgerIntent).execute();
    await db.insertInto('payment_intents').values(paymentIntentRow({ id: ledgerIntent.id, amountCents: ledgerIntent.amount_cents, currency: 'usd', status: 'requires_payment_method', clientSecret: null }, 'test', snapshot, 'checkout:resumed-key', now)).execute();
    const [charges, ledgerIntents] = [await testGatewayCharges(t), await countRows(t, 'test_gateway_intents')];

    const first = await checkout(checkoutBody('pm_card_visa', [1]), 'resumed-key');
    expect(first.status).toBe(201);
    const again = await checkout(checkoutBody('pm_card_visa', [1]), 'resumed-key');
    expect(again.body).toEqual(first.body);
    const order = await db.selectFrom('orders').select('payment_intent_id').where('order_number', '=', first.body.order.orderNumber).executeTakeFirstOrThrow();
    expect(order.payment_intent_id).toBe('pi_test_resumed');
    expect(await testGatewayCharges(t)).toBe(charges + 1);
    expect(await countRows(t, 'test_gateway_intents')).toBe(ledgerIntents);
  });
});

it('tells a retry what its key answered even when the catalogue now prices the cart otherwise', async () => {
  const body = checkoutBody('pm_card_visa', [1]);
  const first = await checkout(body, 'priced-before');
  expect(first.status).toBe(201);
  // The same database served with another free-shipping threshold: the cart's shipping is now wrong.
  const repriced = await startTestApp({ DATABASE_URL: t.databaseUrl, FREE_SHIPPING_THRESHOLD: '100' });
  try {
    const post = (key: string) => repriced.request('POST', '/api/checkout', { body, headers: { 'Idempotency-Key': key } });
    const retry = await post('priced-before');
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const fresh = await post('priced-after');
    expect(fresh.status).toBe(422);
    expect(fresh.body).toMatchObject({ code: 'TOTAL_MISMATCH' });
  } finally {
    await repriced.close();
  }
});
