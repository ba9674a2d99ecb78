import { afterEach, describe, expect, it } from 'vitest';
import { insertRestore } from '../backups/backup.repository';
import { startTestApp, type TestApp } from '../test/test-app';
import { checkoutBody, countRows, testGatewayCharges } from './payment.test-support';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

async function checkOut(t: TestApp, key: string, quantities: number[]) {
  const answer = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', quantities), headers: { 'Idempotency-Key': key } });
  expect(answer.status).toBe(201);
  return t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', answer.body.order.orderNumber).executeTakeFirstOrThrow();
}

/** What a restore of a backup taken before this payment leaves: the gateway's record of it, nothing of the shop's. */
async function forgetPayment(t: TestApp, orderId: string, intentId: string) {
  const { db } = t.app.context;
  await db.deleteFrom('mail_outbox').where('order_id', '=', orderId).execute();
  await db.deleteFrom('mail_sent').where('order_id', '=', orderId).execute();
  await db.deleteFrom('order_items').where('order_id', '=', orderId).execute();
  await db.deleteFrom('order_history').where('order_id', '=', orderId).execute();
  await db.deleteFrom('orders').where('id', '=', orderId).execute();
  await db.deleteFrom('payment_intents').where('id', '=', intentId).execute();
}

describe('orders of payments made after a restored backup', () => {
  it('are written again from the test gateway\'s records at the next start, once, and a retried checkout finds them', async () => {
    const t = await startTestApp({ MAIL_ENABLED: '0' });
    apps.push(t);
    const kept = await checkOut(t, 'rebuild-kept', [1]);
    const lost = await checkOut(t, 'rebuild-lost', [2, 3]);
    const lostItems = await t.app.context.db.selectFrom('order_items').selectAll().where('order_id', '=', lost.id).orderBy('line_no').execute();
    await forgetPayment(t, lost.id, lost.payment_intent_id!);
    await insertRestore(t.app.context.db, { restoredAt: Date.now(), source: 'backup.db', rebuildSince: lost.created_at - 60_000 });
    const charges = await testGatewayCharges(t);

    const restarted = await startTestApp({ DATABASE_URL: t.databaseUrl, MAIL_ENABLED: '0' });
    apps.push(restarted);
    // The reconciliation runs after the start, in the background: wait for its first pass.
    await restarted.app.paymentUpkeep.reconcileNow();
    const { db } = restarted.app.context;
    const orders = await db.selectFrom('orders').selectAll().orderBy('created_at').execute();
    expect(orders.map((order) => order.id)).toContain(kept.id);
    const rebuilt = orders.find((order) => order.payment_intent_id === lost.payment_intent_id)!;
    expect(rebuilt).toMatchObject({
      customer_email: lost.customer_email,
      ship_address: lost.ship_address,
      total_cents: lost.total_cents,
      status: lost.status,
    });
    const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', rebuilt.id).orderBy('line_no').execute();
    expect(items.map(({ order_id: _id, ...item }) => item)).toEqual(lostItems.map(({ order_id: _id, ...item }) => item));
    expect(await db.selectFrom('restores').select(['rebuilt_orders']).execute()).toEqual([{ rebuilt_orders: 1 }]);

    const retry = await restarted.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2, 3]), headers: { 'Idempotency-Key': 'rebuild-lost' } });
    expect(retry.status).toBe(201);
    expect(retry.body.order.orderNumber).toBe(rebuilt.order_number);
    expect(await testGatewayCharges(restarted)).toBe(charges);

    // Done once: a later start finds the restore rebuilt and writes nothing.
    const third = await startTestApp({ DATABASE_URL: t.databaseUrl, MAIL_ENABLED: '0' });
    apps.push(third);
    await third.app.paymentUpkeep.reconcileNow();
    expect(await countRows(third, 'orders')).toBe(2);
  });
});
