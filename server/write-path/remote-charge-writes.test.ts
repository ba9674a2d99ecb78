import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_CURRENCY } from '../../shared/payments';
import { priceCart, buildSnapshot, pendingIntentRow } from '../payments/payment.snapshot';
import { checkoutBody, paidChargesOf } from '../payments/payment.test-support';
import { placeRemoteChargeOrder } from '../payments/remote-charge.transaction';
import { createPayments, reconcileIntents } from '../payments/payment.service';
import { startStripeTestShop, type StripeTestShop } from '../payments/stripe.test-support';

let shop: StripeTestShop;
beforeAll(async () => {
  shop = await startStripeTestShop();
});
afterAll(async () => {
  await shop?.close();
});

function snapshotOf(quantities: number[]) {
  const body = checkoutBody('pm_card_visa', quantities);
  return buildSnapshot(body, priceCart(body, shop.t.app.context.config.freeShippingThresholdCents), null);
}

describe('the Stripe checkout writes (records before the charge, orders after it)', () => {
  it('stores each record once per key, and writes one order per paid charge even when the webhook wrote one first', async () => {
    const { app } = shop.t;
    const { db } = app.context;
    const { remoteCharge, writes } = app.writer;
    const records = [1, 2, 3].map((n) => pendingIntentRow('stripe', snapshotOf([n]), `checkout:writes-${n}`, PAYMENT_CURRENCY, Date.now()));
    // Together, so that PostgreSQL stores them in one batch.
    expect(await Promise.all(records.map((row) => remoteCharge.storePending(row)))).toEqual([null, null, null]);
    const again = pendingIntentRow('stripe', snapshotOf([1]), 'checkout:writes-1', PAYMENT_CURRENCY, Date.now());
    expect(await remoteCharge.storePending(again)).toMatchObject({ id: records[0]!.id, snapshot: records[0]!.snapshot });

    const charges = paidChargesOf(records, 'writes');
    // The webhook got to the second charge first: its record took the id and has its order.
    const early = await writes.run((trx) => placeRemoteChargeOrder(trx, { ...charges[1]!, idempotencyKey: null }));

    const answers = await Promise.all(charges.map((charge) => remoteCharge.placeOrder(charge)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers[1]).toEqual(early);
    // With a SQLite file the writes ran on the checkout writer thread, off the event loop that serves HTTP.
    expect(app.writer.runsOnThread()).toBe(app.context.config.database.kind === 'sqlite');
    const orders = await db.selectFrom('orders').select(['payment_intent_id', 'order_number']).where('payment_intent_id', 'like', 'pi_writes_%').orderBy('payment_intent_id').execute();
    expect(orders.map((order) => order.payment_intent_id)).toEqual(['pi_writes_0', 'pi_writes_1', 'pi_writes_2']);
    const stored = await db.selectFrom('payment_intents').selectAll().where('id', 'like', 'pi_writes_%').orderBy('id').execute();
    expect(stored.map((row) => [row.status, row.answer_status, row.request_hash])).toEqual([
      ['succeeded', 201, 'hash-0'],
      ['succeeded', 201, 'hash-1'],
      ['succeeded', 201, 'hash-2'],
    ]);
    expect(stored.map((row) => JSON.parse(row.answer_body!).order.orderNumber)).toEqual(orders.map((order) => order.order_number));
  });

  it('leaves a stored record whose charge never reached Stripe to the retry at start-up, which then charges it once', async () => {
    const { app } = shop.t;
    const record = pendingIntentRow('stripe', snapshotOf([3]), 'checkout:never-sent', PAYMENT_CURRENCY, Date.now());
    expect(await app.writer.remoteCharge.storePending(record)).toBeNull();

    const reconciled = await reconcileIntents(createPayments(app.context, app.writer));
    expect(reconciled.ordersCreated).toBe(0);
    const left = await app.context.db.selectFrom('payment_intents').selectAll().where('idempotency_key', '=', 'checkout:never-sent').executeTakeFirstOrThrow();
    expect(left).toMatchObject({ id: record.id, status: 'requires_payment_method', order_id: null });

    const charges = shop.standIn.charges();
    const retry = await shop.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [3]), headers: { 'Idempotency-Key': 'never-sent' } });
    expect(retry.status).toBe(201);
    expect(shop.standIn.charges()).toBe(charges + 1);
    const settled = await app.context.db.selectFrom('payment_intents').selectAll().where('idempotency_key', '=', 'checkout:never-sent').executeTakeFirstOrThrow();
    expect(shop.standIn.intents.get(settled.id)).toMatchObject({ status: 'succeeded', metadata: { shop_intent: record.id } });
    expect(settled.order_id).not.toBeNull();
  });
});
