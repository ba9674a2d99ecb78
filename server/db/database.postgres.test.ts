import { describe, expect, it } from 'vitest';
import { useTestAppOnOwnPostgres } from '../test/test-app-on-postgres';
import { createTestOrder } from '../orders/order.test-support';
import { findOrderById, loadItems } from '../orders/order.repository';
import { toAdminView } from '../orders/order.mapper';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody } from '../payments/payment.test-support';
import { readZip } from '../print-files/zip.test-support';

const own = useTestAppOnOwnPostgres();

describe('the same app on PostgreSQL (DATABASE_URL=postgres://…)', () => {
  it('migrates, answers health and serves the catalogue', async () => {
    const health = await own.t.request('GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'ok', db: 'ok' });
    const devices = await own.t.request('GET', '/api/products/devices');
    expect(devices.body.productTypes).toHaveLength(3);
  });

  it('writes orders whole with a gap-free change sequence and reads them back as numbers', async () => {
    const db = own.t.app.context.db;
    const first = await createTestOrder(db, { items: [{ text: 'Mugged Off' }, { device: 'Large Bottle', quantity: 2 }] });
    const second = await createTestOrder(db);
    expect(second.change_seq).toBe(first.change_seq + 1);
    const stored = await findOrderById(db, first.id);
    expect(typeof stored!.created_at).toBe('number');
    const view = toAdminView(stored!, (await loadItems(db, [first.id])).get(first.id)!);
    expect(view).toMatchObject({ customText: 'Mugged Off', quantity: 3, total: 19.37 });
  });

  it('lists, searches, changes status and applies a sync push with replay, as on SQLite', async () => {
    const db = own.t.app.context.db;
    const { token } = await createUserWithToken(own.t, 'admin');
    const order = await createTestOrder(db, { items: [{ text: 'Grafting Hard' }] });
    const found = await own.t.request('GET', '/api/orders?search=GRAFTING&status=processing', { token });
    expect(found.status).toBe(200);
    expect(found.body.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);

    const patched = await own.t.request('PATCH', `/api/orders/${order.id}/status`, { token, body: { status: 'printed' }, headers: { 'If-Match': '1' } });
    expect(patched.body.order).toMatchObject({ status: 'printed', version: 2 });

    const push = { mutations: [
      { id: 'pg-m1', orderId: order.id, type: 'setStatus', status: 'shipped', trackingNumber: 'TRKABCDEF123', baseVersion: 2, at: new Date().toISOString() },
      { id: 'pg-m2', orderId: order.id, type: 'setStatus', status: 'cancelled', baseVersion: 1, at: new Date().toISOString() },
    ] };
    const first = await own.t.request('POST', '/api/sync/push', { token, body: push });
    expect(first.body.results.map((r: { result: string }) => r.result)).toEqual(['applied', 'conflict']);
    const replay = await own.t.request('POST', '/api/sync/push', { token, body: { mutations: [push.mutations[0]] } });
    expect(replay.body.results[0]).toMatchObject({ result: 'duplicate', order: { status: 'shipped', version: 3 } });
    const history = await db.selectFrom('order_history').select('to_status').where('order_id', '=', order.id).orderBy('version').execute();
    expect(history.map((h) => h.to_status)).toEqual(['processing', 'printed', 'shipped']);

    const pull = await own.t.request('GET', '/api/sync/orders?since=0&limit=500', { token });
    expect(pull.body.orders.at(-1)).toMatchObject({ id: order.id, trackingNumber: 'TRKABCDEF123' });
  });

  it('checks out with the test gateway in one transaction: a retry is answered the same, a decline is recorded', async () => {
    const db = own.t.app.context.db;
    const paid = await own.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2]), headers: { 'Idempotency-Key': 'pg-checkout' } });
    expect(paid.status).toBe(201);
    const retried = await own.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2]), headers: { 'Idempotency-Key': 'pg-checkout' } });
    expect(retried.body).toEqual(paid.body);
    const orders = await db.selectFrom('orders').select(['id', 'payment_intent_id']).where('order_number', '=', paid.body.order.orderNumber).execute();
    expect(orders).toHaveLength(1);
    const intent = await db.selectFrom('payment_intents').select(['order_id', 'status']).where('id', '=', orders[0]!.payment_intent_id!).executeTakeFirst();
    expect(intent).toEqual({ order_id: orders[0]!.id, status: 'succeeded' });

    const declined = await own.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa_chargeDeclinedInsufficientFunds', [1]), headers: { 'Idempotency-Key': 'pg-decline' } });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ success: false, code: 'CARD_DECLINED', declineCode: 'insufficient_funds' });
    const failed = await db.selectFrom('payment_intents').select(['status', 'last_error_code', 'order_id']).where('idempotency_key', '=', 'checkout:pg-decline').executeTakeFirst();
    expect(failed).toEqual({ status: 'requires_payment_method', last_error_code: 'insufficient_funds', order_id: null });
  });

  it('streams the production queue as a ZIP of print files, oldest order first', async () => {
    const db = own.t.app.context.db;
    await db.updateTable('orders').set({ status: 'delivered' }).execute();
    const base = Date.now() - 60_000;
    const older = await createTestOrder(db, { createdAt: base, items: [{ text: 'First', quantity: 2 }] });
    const twins = [await createTestOrder(db, { createdAt: base + 1 }), await createTestOrder(db, { createdAt: base + 1, items: [{ text: 'A' }, { device: 'Standard Glass', text: 'B' }] })];
    const token = (await createUserWithToken(own.t, 'admin')).token;
    const response = await fetch(`${own.t.url}/api/fulfillment/print-files.zip`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const names = readZip(Buffer.from(await response.arrayBuffer())).map((entry) => entry.name);
    const [first, second] = [...twins].sort((a, b) => (a.id < b.id ? -1 : 1));
    const linesOf = (order: typeof older) => (order === twins[1] ? [`${order.order_number}-1-x1.svg`, `${order.order_number}-2-x1.svg`] : [`${order.order_number}-1-x1.svg`]);
    expect(names).toEqual([`${older.order_number}-1-x2.svg`, ...linesOf(first!), ...linesOf(second!)]);
  });
});
