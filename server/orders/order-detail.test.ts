import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../shared/api/types';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { createTestOrder } from './order.test-support';
import type { OrderRow } from './order.table';

let t: TestApp;
let admin: string;
let owner: { user: User; token: string };
let other: { user: User; token: string };
let ownOld: OrderRow;
let ownNew: OrderRow;
let foreign: OrderRow;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createUserWithToken(t, 'super_admin')).token;
  owner = await createUserWithToken(t, 'customer');
  other = await createUserWithToken(t, 'customer');
  const db = t.app.context.db;
  ownOld = await createTestOrder(db, { userId: owner.user.id, createdAt: Date.parse('2026-09-01T00:00:00Z') });
  ownNew = await createTestOrder(db, { userId: owner.user.id, createdAt: Date.parse('2026-09-05T00:00:00Z'), items: [{ text: 'Mine' }] });
  foreign = await createTestOrder(db, { userId: other.user.id });
  await createTestOrder(db, { userId: null });
});
afterAll(() => t.close());

it("GET /api/orders/customer lists the signed-in user's own orders only, newest first", async () => {
  const res = await t.request('GET', '/api/orders/customer', { token: owner.token });
  expect(res.status).toBe(200);
  expect(res.body.orders.map((o: { id: string }) => o.id)).toEqual([ownNew.id, ownOld.id]);
  expect(res.body.orders[0]).toMatchObject({ orderNumber: ownNew.order_number, customText: 'Mine', status: 'processing' });
  expect(res.body.orders[0]).not.toHaveProperty('shippingAddress');
  expect((await t.request('GET', '/api/orders/customer')).status).toBe(401);
});

it('GET /api/orders/:id shows the owner the customer view', async () => {
  const res = await t.request('GET', `/api/orders/${ownNew.id}`, { token: owner.token });
  expect(res.status).toBe(200);
  expect(res.body.order).toMatchObject({ id: ownNew.id, orderNumber: ownNew.order_number, version: 1 });
  expect(res.body.order).not.toHaveProperty('history');
  expect(res.body.order).not.toHaveProperty('customerPhone');
});

it("answers another customer's order exactly like a missing one (404)", async () => {
  const foreignRes = await t.request('GET', `/api/orders/${foreign.id}`, { token: owner.token });
  const missingRes = await t.request('GET', '/api/orders/00000000-0000-0000-0000-000000000000', { token: owner.token });
  expect(foreignRes.status).toBe(404);
  expect(foreignRes.body).toEqual(missingRes.body);
});

it('shows an admin the admin view with its history, and needs a token', async () => {
  const res = await t.request('GET', `/api/orders/${foreign.id}`, { token: admin });
  expect(res.status).toBe(200);
  expect(res.body.order).toMatchObject({ id: foreign.id, customerPhone: '555-123-4567', shippingAddress: { city: 'Los Angeles' } });
  expect(res.body.order.history).toEqual([
    { version: 1, fromStatus: null, toStatus: 'processing', trackingNumber: null, changedBy: null, source: 'system', at: expect.any(String) },
  ]);
  expect(res.headers.get('etag')).toBe('"1"');
  expect((await t.request('GET', `/api/orders/${foreign.id}`)).status).toBe(401);
  expect((await t.request('GET', '/api/orders/nope', { token: admin })).status).toBe(404);
});
