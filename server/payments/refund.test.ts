import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { checkoutBody } from './payment.test-support';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
});
afterAll(async () => {
  await t?.close();
});

async function paidOrder(quantities = [2]) {
  const response = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', quantities) });
  return t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', response.body.order.orderNumber).executeTakeFirstOrThrow();
}

const refund = (body: unknown, token = adminToken) => t.request('POST', '/api/payments/refund', { body, token });

describe('POST /api/payments/refund', () => {
  it('is for admins only', async () => {
    const order = await paidOrder();
    expect((await t.request('POST', '/api/payments/refund', { body: { paymentIntentId: order.payment_intent_id, amount: null } })).status).toBe(401);
    const customer = await createUserWithToken(t, 'customer');
    expect((await refund({ paymentIntentId: order.payment_intent_id, amount: null }, customer.token)).status).toBe(403);
  });

  it('refuses an amount that is not whole cents, refunding nothing', async () => {
    const order = await paidOrder();
    const response = await refund({ paymentIntentId: order.payment_intent_id, amount: 0.004 });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Invalid amount' });
    const after = await t.app.context.db.selectFrom('orders').select('refunded_cents').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(after.refunded_cents).toBe(0);
  });

  it('refunds part, then the rest, recording each on the order as a change the admin sync sees', async () => {
    const order = await paidOrder([2]);
    const partial = await refund({ paymentIntentId: order.payment_intent_id, amount: 5 });
    expect(partial.status).toBe(200);
    expect(partial.body.refund).toMatchObject({ id: expect.any(String), amount: 5, status: 'succeeded' });
    const afterPartial = await t.app.context.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(afterPartial).toMatchObject({ refunded_cents: 500, payment_status: 'partially_refunded', version: order.version + 1 });
    expect(afterPartial.change_seq).toBeGreaterThan(order.change_seq);

    const overRefund = await refund({ paymentIntentId: order.payment_intent_id, amount: 8 });
    expect(overRefund.status).toBe(422);
    expect(overRefund.body.code).toBe('REFUND_EXCEEDS_PAYMENT');

    const rest = await refund({ paymentIntentId: order.payment_intent_id, amount: null });
    expect(rest.body.refund.amount).toBe(7.91);
    const afterFull = await t.app.context.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(afterFull).toMatchObject({ refunded_cents: 1291, payment_status: 'refunded', version: order.version + 2 });

    const again = await refund({ paymentIntentId: order.payment_intent_id, amount: null });
    expect(again.status).toBe(409);
  });

  it('refunds once when the same refund is sent twice at the same time', async () => {
    const order = await paidOrder([2]);
    const [a, b] = await Promise.all([
      refund({ paymentIntentId: order.payment_intent_id, amount: 10 }),
      refund({ paymentIntentId: order.payment_intent_id, amount: 10 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const row = await t.app.context.db.selectFrom('orders').select('refunded_cents').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.refunded_cents).toBe(1000);
  });

  it('answers 404 for a payment without an order and 422 for a bad amount', async () => {
    expect((await refund({ paymentIntentId: 'pi_unknown', amount: null })).status).toBe(404);
    const order = await paidOrder();
    const negative = await refund({ paymentIntentId: order.payment_intent_id, amount: -1 });
    expect(negative.status).toBe(422);
    expect(negative.body.error).toBe('Invalid amount');
  });

  it('honours an Idempotency-Key: a replay answers the same refund, once, even after a full refund', async () => {
    const order = await paidOrder([2]);
    const headers = { 'Idempotency-Key': `refund-${order.id}` };
    const first = await t.request('POST', '/api/payments/refund', { body: { paymentIntentId: order.payment_intent_id, amount: null }, token: adminToken, headers });
    expect(first.status).toBe(200);
    const replays = await Promise.all(
      Array.from({ length: 3 }, () => t.request('POST', '/api/payments/refund', { body: { amount: null, paymentIntentId: order.payment_intent_id }, token: adminToken, headers })),
    );
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(replay.body.refund).toEqual(first.body.refund);
    }
    const refunds = await t.app.context.db.selectFrom('payment_refunds').selectAll().where('order_id', '=', order.id).execute();
    expect(refunds).toHaveLength(1);
    const ledger = await t.app.context.db.selectFrom('test_gateway_intents').select('amount_refunded_cents').where('id', '=', order.payment_intent_id).executeTakeFirstOrThrow();
    expect(ledger.amount_refunded_cents).toBe(1291);
  });

  it('refuses the same Idempotency-Key with another amount with 422, refunding nothing more', async () => {
    const order = await paidOrder([2]);
    const headers = { 'Idempotency-Key': `partial-${order.id}` };
    expect((await t.request('POST', '/api/payments/refund', { body: { paymentIntentId: order.payment_intent_id, amount: 2 }, token: adminToken, headers })).status).toBe(200);
    const other = await t.request('POST', '/api/payments/refund', { body: { paymentIntentId: order.payment_intent_id, amount: 3 }, token: adminToken, headers });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const row = await t.app.context.db.selectFrom('orders').select('refunded_cents').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.refunded_cents).toBe(200);
  });

  it('adds a history entry per refund, naming the refund, its amount and who made it', async () => {
    const order = await paidOrder([2]);
    const first = await refund({ paymentIntentId: order.payment_intent_id, amount: 1.5 });
    const second = await refund({ paymentIntentId: order.payment_intent_id, amount: null });
    const history = await t.app.context.db.selectFrom('order_history').selectAll().where('order_id', '=', order.id).orderBy('version').execute();
    const refunds = history.filter((entry) => entry.refund_id);
    expect(refunds.map((entry) => [entry.refund_id, Number(entry.refund_cents), entry.from_status, entry.to_status])).toEqual([
      [first.body.refund.id, 150, order.status, order.status],
      [second.body.refund.id, 1141, order.status, order.status],
    ]);
    expect(refunds[0]!.changed_by_name).toBe('Ada Admin');
    const after = await t.app.context.db.selectFrom('orders').select('version').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(refunds.at(-1)!.version).toBe(after.version);
  });
});
