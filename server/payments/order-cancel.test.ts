import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody } from './payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { createTestOrder } from '../orders/order.test-support';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await createUserWithToken(t, 'admin')).token;
});
afterAll(() => t?.close());

async function paidOrder(quantities = [2]) {
  const response = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', quantities) });
  expect(response.status).toBe(201);
  return t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', response.body.order.orderNumber).executeTakeFirstOrThrow();
}
const cancel = (id: string, body: unknown, headers: Record<string, string> = {}) => t.request('POST', `/api/orders/${id}/cancel`, { body, token: admin, headers });
const orderRow = (id: string) => t.app.context.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** What the gateway itself refunded on the charge (the test gateway's ledger, as Stripe's charge would show). */
const gatewayRefunded = async (intentId: string) => {
  const charge = await t.app.context.db.selectFrom('test_gateway_intents').select('amount_refunded_cents').where('id', '=', intentId).executeTakeFirstOrThrow();
  const refunds = await t.app.context.db.selectFrom('test_gateway_refunds').select('id').where('payment_intent_id', '=', intentId).execute();
  return { cents: Number(charge.amount_refunded_cents), refunds: refunds.length };
};

describe('POST /api/orders/:id/cancel', () => {
  it('cancels a paid order and refunds it in full in one action', async () => {
    const o = await paidOrder();
    const response = await cancel(o.id, { baseVersion: o.version, refund: { amount: null } });
    expect(response.status).toBe(200);
    expect(response.body.order).toMatchObject({ status: 'cancelled', refundedAmount: 12.91, paymentStatus: 'refunded' });
    expect(response.body.refund).toMatchObject({ amount: 12.91, status: 'succeeded' });
    expect(await gatewayRefunded(o.payment_intent_id!)).toEqual({ cents: 1291, refunds: 1 });
  });

  it('refunds exactly once when the request is retried with its Idempotency-Key, or sent twice at once', async () => {
    const o = await paidOrder();
    const body = { baseVersion: o.version, refund: { amount: null } };
    const headers = { 'Idempotency-Key': `cancel-${o.id}` };
    const [first, second] = await Promise.all([cancel(o.id, body, headers), cancel(o.id, body, headers)]);
    const retried = await cancel(o.id, body, headers);
    const again = await cancel(o.id, body);
    for (const answer of [first, second, retried, again]) {
      expect(answer.status).toBe(200);
      expect(answer.body.order.status).toBe('cancelled');
      expect(answer.body.refund.id).toBe(first.body.refund.id);
    }
    expect(await gatewayRefunded(o.payment_intent_id!)).toEqual({ cents: 1291, refunds: 1 });
    expect((await orderRow(o.id)).refunded_cents).toBe(1291);
    const history = await t.app.context.db.selectFrom('order_history').selectAll().where('order_id', '=', o.id).execute();
    expect(history.filter((entry) => entry.to_status === 'cancelled' && entry.from_status !== 'cancelled')).toHaveLength(1);
  });

  it('refunds part of the payment when asked', async () => {
    const o = await paidOrder();
    const response = await cancel(o.id, { baseVersion: o.version, refund: { amount: 5 } });
    expect(response.body.order).toMatchObject({ status: 'cancelled', refundedAmount: 5, paymentStatus: 'partially_refunded' });
    expect(await gatewayRefunded(o.payment_intent_id!)).toEqual({ cents: 500, refunds: 1 });
  });

  it('cancels without a refund when none is asked for', async () => {
    const o = await paidOrder();
    const response = await cancel(o.id, { baseVersion: o.version, refund: null });
    expect(response.body).toMatchObject({ order: { status: 'cancelled', refundedAmount: 0 }, refund: null });
    expect(await gatewayRefunded(o.payment_intent_id!)).toEqual({ cents: 0, refunds: 0 });
  });

  it('cancels an unpaid order without asking the gateway for a refund', async () => {
    const unpaid = await createTestOrder(t.app.context.db, { status: 'pending', paymentStatus: 'requires_payment_method' });
    const response = await cancel(unpaid.id, { baseVersion: 1, refund: { amount: null } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ order: { status: 'cancelled', refundedAmount: 0 }, refund: null });
  });

  it('leaves the order uncancelled with a clear message when the refund fails', async () => {
    const o = await paidOrder();
    // Refunded outside the shop already: the gateway refuses any further refund.
    await t.app.context.db.updateTable('test_gateway_intents').set({ amount_refunded_cents: 1291 }).where('id', '=', o.payment_intent_id!).execute();
    const response = await cancel(o.id, { baseVersion: o.version, refund: { amount: null } });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatch(/^The order was not cancelled: the refund failed \(The refund was refused by the payment provider: /);
    expect(await orderRow(o.id)).toMatchObject({ status: 'processing', refunded_cents: 0, version: o.version });
  });

  it('refuses an amount above what was paid, cancelling nothing', async () => {
    const o = await paidOrder();
    const response = await cancel(o.id, { baseVersion: o.version, refund: { amount: 50 } });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('REFUND_EXCEEDS_PAYMENT');
    expect((await orderRow(o.id)).status).toBe('processing');
  });

  it('refuses a stale view, a shipped order, a second different cancel, and non-staff', async () => {
    const o = await paidOrder();
    const stale = await cancel(o.id, { baseVersion: o.version + 5, refund: null });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const shipped = await createTestOrder(t.app.context.db, { status: 'shipped' });
    expect((await cancel(shipped.id, { baseVersion: 1, refund: null })).body.code).toBe('ORDER_NOT_CANCELLABLE');
    expect((await cancel(o.id, { baseVersion: o.version, refund: null })).status).toBe(200);
    const other = await cancel(o.id, { baseVersion: o.version + 1, refund: null });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'ALREADY_CANCELLED', error: 'This order is already cancelled.' });
    const customer = await createUserWithToken(t, 'customer');
    expect((await t.request('POST', `/api/orders/${o.id}/cancel`, { body: { baseVersion: 1, refund: null }, token: customer.token })).status).toBe(403);
    expect((await cancel(o.id, { baseVersion: 1, refund: { amount: -2 } })).status).toBe(422);
  });
});
