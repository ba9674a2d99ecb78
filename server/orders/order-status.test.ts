import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../shared/api/types';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { findOrderById } from './order.repository';
import { createTestOrder } from './order.test-support';

let t: TestApp;
let admin: { user: User; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await createUserWithToken(t, 'admin', { firstName: 'Ada', lastName: 'Lovelace' });
});
afterAll(() => t.close());

const db = () => t.app.context.db;
const patch = (id: string, body: unknown, headers: Record<string, string> = {}, token: string | null = admin.token) =>
  t.request('PATCH', `/api/orders/${id}/status`, { body, headers, token: token ?? undefined });
const historyOf = (id: string) => db().selectFrom('order_history').selectAll().where('order_id', '=', id).orderBy('version').execute();
const idempotencyRows = () => db().selectFrom('idempotency_keys').selectAll().execute();

it('changes the status: version, change sequence, stamp, tracking number and one history row', async () => {
  const order = await createTestOrder(db());
  const printed = await patch(order.id, { status: 'printed' });
  expect(printed.status).toBe(200);
  expect(printed.body.order).toMatchObject({ id: order.id, status: 'printed', version: 2, trackingNumber: null });
  expect(printed.body.order.fulfillmentData.printedAt).toEqual(expect.any(String));
  expect(printed.headers.get('etag')).toBe('"2"');

  const shipped = await patch(order.id, { status: 'shipped', trackingNumber: 'TRKABC123XYZ' });
  expect(shipped.body.order).toMatchObject({ status: 'shipped', version: 3, trackingNumber: 'TRKABC123XYZ' });
  expect(shipped.body.order.fulfillmentData.shippedAt).toEqual(expect.any(String));

  const row = (await findOrderById(db(), order.id))!;
  expect(row.change_seq).toBeGreaterThan(order.change_seq + 1);
  expect(row.shipped_at).not.toBeNull();
  const history = await historyOf(order.id);
  expect(history.map((h) => [h.version, h.from_status, h.to_status, h.tracking_number, h.source])).toEqual([
    [1, null, 'processing', null, 'system'],
    [2, 'processing', 'printed', null, 'api'],
    [3, 'printed', 'shipped', 'TRKABC123XYZ', 'api'],
  ]);
  expect(history[2]).toMatchObject({ changed_by_user_id: admin.user.id, changed_by_name: 'Ada Lovelace' });
});

it('setting the status the order already has changes nothing and writes no history', async () => {
  const order = await createTestOrder(db(), { status: 'processing' });
  const res = await patch(order.id, { status: 'processing' });
  expect(res.status).toBe(200);
  expect(res.body.order.version).toBe(1);
  expect((await findOrderById(db(), order.id))!.change_seq).toBe(order.change_seq);
  expect(await historyOf(order.id)).toHaveLength(1);

  const tracked = await patch(order.id, { status: 'processing', trackingNumber: 'TRK000000001' });
  expect(tracked.body.order).toMatchObject({ version: 2, trackingNumber: 'TRK000000001' });
  expect(await historyOf(order.id)).toHaveLength(2);
});

it('honours If-Match in its three spellings and answers a stale version with 409 and the current order', async () => {
  const order = await createTestOrder(db());
  expect((await patch(order.id, { status: 'printed' }, { 'If-Match': '1' })).status).toBe(200);
  expect((await patch(order.id, { status: 'shipped' }, { 'If-Match': '"2"' })).status).toBe(200);
  expect((await patch(order.id, { status: 'delivered' }, { 'If-Match': 'W/"3"' })).body.order.version).toBe(4);

  const stale = await patch(order.id, { status: 'cancelled' }, { 'If-Match': '2' });
  expect(stale.status).toBe(409);
  expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', order: { id: order.id, status: 'delivered', version: 4 } });
  expect((await findOrderById(db(), order.id))!.status).toBe('delivered');
  expect(await historyOf(order.id)).toHaveLength(4);
  expect((await patch(order.id, { status: 'cancelled' }, { 'If-Match': 'banana' })).status).toBe(400);
});

it('replays a request with the same Idempotency-Key: same answer, written once', async () => {
  const order = await createTestOrder(db());
  const before = (await idempotencyRows()).length;
  const headers = { 'Idempotency-Key': `status-${order.id}`, 'If-Match': '1' };
  const first = await patch(order.id, { status: 'shipped', trackingNumber: 'TRKREPLAY001' }, headers);
  const again = await patch(order.id, { status: 'shipped', trackingNumber: 'TRKREPLAY001' }, headers);
  const concurrent = await Promise.all([1, 2, 3].map(() => patch(order.id, { status: 'shipped', trackingNumber: 'TRKREPLAY001' }, headers)));
  expect(first.status).toBe(200);
  for (const res of [again, ...concurrent]) {
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first.body);
  }
  expect(await historyOf(order.id)).toHaveLength(2);
  expect((await findOrderById(db(), order.id))!.version).toBe(2);
  expect((await idempotencyRows()).length).toBe(before + 1);

  const reused = await patch(order.id, { status: 'delivered' }, headers);
  expect(reused.status).toBe(422);
  expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
});

it('refuses an unknown status or extra fields with 422 and changes nothing', async () => {
  const order = await createTestOrder(db());
  const res = await patch(order.id, { status: 'teleported' });
  expect(res.status).toBe(422);
  expect(res.body.error).toBe('Unknown status "teleported". Use one of: pending, processing, printed, shipped, delivered, cancelled.');
  expect((await patch(order.id, { status: 'printed', colour: 'red' })).status).toBe(422);
  expect((await patch(order.id, {})).body.error).toBe('status is required.');
  expect((await findOrderById(db(), order.id))!.version).toBe(1);
});

it('answers 404 for an unknown order, 401 without a token and 403 for a customer', async () => {
  const missing = await patch('00000000-0000-0000-0000-000000000000', { status: 'printed' });
  expect(missing.status).toBe(404);
  expect(missing.body.code).toBe('NOT_FOUND');
  const order = await createTestOrder(db());
  expect((await patch(order.id, { status: 'printed' }, {}, null)).status).toBe(401);
  const customer = await createUserWithToken(t, 'customer');
  expect((await patch(order.id, { status: 'printed' }, {}, customer.token)).status).toBe(403);
  expect((await findOrderById(db(), order.id))!.version).toBe(1);
});
