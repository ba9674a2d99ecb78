import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import type { ChargeAndPlaceOrder } from '../payments/checkout.transaction';
import { createCheckoutWriter } from './checkout-writer';
import { cartPayload, checkoutBody, countRows, testGatewayCharges } from '../payments/payment.test-support';
import { buildSnapshot, newOrderFromSnapshot, priceCart } from '../payments/payment.snapshot';
import { toOrderRows } from '../orders/order.repository';
import type { CheckoutPayload } from '../../shared/schemas/order';
import { listOrderPage } from '../orders/order-list.repository';

describe('checkout on the writer thread, beside writes of the main thread', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('runs checkouts on its thread with the test gateway on a SQLite file', async () => {
    const writer = t.app.writer;
    expect(writer.runsOnThread()).toBe(false);
    expect((await t.request('POST', '/api/checkout', { body: checkoutBody() })).status).toBe(201);
    expect(writer.runsOnThread()).toBe(true);
  });

  it('commits checkouts and main-thread payment writes side by side: every one answered, none lost', async () => {
    const { totalCents: _cents, ...cart } = cartPayload([2]);
    const checkouts = Array.from({ length: 40 }, (_, index) =>
      t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1, index % 3 + 1]), headers: { 'Idempotency-Key': `writer-${index}` } }),
    );
    // Create-intent writes through the main thread's own connection and write queue.
    const intents = Array.from({ length: 40 }, () => t.request('POST', '/api/payments/create-intent', { body: cart }));
    const [checkoutAnswers, intentAnswers] = await Promise.all([Promise.all(checkouts), Promise.all(intents)]);
    expect(checkoutAnswers.map((answer) => answer.status)).toEqual(Array(40).fill(201));
    expect(intentAnswers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    expect(await countRows(t, 'orders')).toBe(41);
    expect(await testGatewayCharges(t)).toBe(41);
    expect(await countRows(t, 'payment_intents')).toBe(81);
    // An order written by the thread is found at once by the admin search on the main connection.
    const orderNumber = checkoutAnswers[7]!.body.order.orderNumber as string;
    const found = await listOrderPage(t.app.context.db, { search: orderNumber.toLowerCase() }, { offset: 0, limit: 50 }, 'UTC');
    expect(found.rows.map((row) => row.order_number)).toEqual([orderNumber]);
  });

  it('writes what it is handed: the intent keeps the snapshot as JSON.stringify writes it, the order its rows', async () => {
    const payload = { ...(checkoutBody('pm_card_visa', [2, 1]) as unknown as CheckoutPayload), specialInstructions: '  Gift wrap, "please" \u00e9  ' };
    const snapshot = buildSnapshot(payload, priceCart(payload, t.app.context.config.freeShippingThresholdCents), null, 'card');
    const now = Date.now();
    const answer = await t.app.writer.checkout!({ snapshot, intentKey: 'checkout:wire-1', paymentMethodId: 'pm_card_visa', idempotencyKey: 'wire-1', requestHash: 'h', now, mail: true });
    expect(t.app.writer.runsOnThread()).toBe(true);
    const { db } = t.app.context;
    const intent = await db.selectFrom('payment_intents').selectAll().where('idempotency_key', '=', 'checkout:wire-1').executeTakeFirstOrThrow();
    expect(intent.snapshot).toBe(JSON.stringify(snapshot));
    expect(answer).toEqual({ status: 201, body: JSON.parse(intent.answer_body!) });
    const order = await db.selectFrom('orders').selectAll().where('id', '=', intent.order_id!).executeTakeFirstOrThrow();
    const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('line_no').execute();
    const expected = toOrderRows(newOrderFromSnapshot(snapshot, intent.id, 'checkout', now), { id: order.id, orderNumber: order.order_number, changeSeq: order.change_seq });
    expect(order).toEqual({ ...expected.order, search_text: order.search_text });
    expect(items).toEqual(expected.items);
  });

  it('stops its thread only after the checkouts handed to it are committed and answered', async () => {
    const writer = t.app.writer;
    const before = await countRows(t, 'orders');
    const payload = checkoutBody() as unknown as CheckoutPayload;
    const snapshot = buildSnapshot(payload, priceCart(payload, t.app.context.config.freeShippingThresholdCents), null, 'card');
    const runs = Array.from({ length: 10 }, (_, index) =>
      writer.checkout!({ snapshot, intentKey: `checkout:closing-${index}`, paymentMethodId: 'pm_card_visa', idempotencyKey: null, requestHash: 'h', now: Date.now(), mail: false }),
    );
    // Closing right after handing them over: each is still committed and answered, then the thread stops.
    await writer.close();
    expect(writer.runsOnThread()).toBe(false);
    expect((await Promise.all(runs)).map((answer) => (typeof answer === 'string' ? answer : answer.status))).toEqual(Array(10).fill(201));
    expect(await countRows(t, 'orders')).toBe(before + 10);
  });
});

it('falls back to the main thread when the writer thread cannot start, and says so', async () => {
  // A directory is no database file: the thread fails while opening it, before running anything.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-fallback-'));
  const warnings: string[] = [];
  const ran: string[] = [];
  const writer = createCheckoutWriter(dir, {
    logger: { debug() {}, info() {}, error() {}, warn: (message) => warnings.push(message) },
    fallback: async (job) => {
      const input = job as ChargeAndPlaceOrder;
      ran.push(input.intentKey);
      return { status: 201, body: { fallback: input.intentKey } };
    },
    crashAfterCharge: false,
    onThreadExit: () => undefined,
  });
  const input = (intentKey: string): ChargeAndPlaceOrder => ({
    snapshot: {} as ChargeAndPlaceOrder['snapshot'],
    intentKey,
    paymentMethodId: 'pm_card_visa',
    idempotencyKey: null,
    requestHash: 'hash',
    mail: false,
    now: Date.now(),
  });
  expect(await Promise.all([writer.run(input('first')), writer.run(input('second'))])).toEqual([
    { status: 201, body: { fallback: 'first' } },
    { status: 201, body: { fallback: 'second' } },
  ]);
  expect(await writer.run(input('third'))).toEqual({ status: 201, body: { fallback: 'third' } });
  expect(ran).toEqual(['first', 'second', 'third']);
  expect(warnings).toEqual(['checkout writer thread unavailable, checkouts run on the main thread']);
  await writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
