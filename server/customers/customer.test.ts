import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
const day = (d: number) => Date.parse(`2026-10-${String(d).padStart(2, '0')}T12:00:00Z`);
const customer = (email: string, firstName: string) => ({ email, firstName, lastName: 'Jama', phone: '555-123-4567' });

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createUserWithToken(t, 'admin')).token;
  const db = t.app.context.db;
  // Maya: two orders (one e-mail in two cases), one partly refunded; a third only awaiting payment.
  await createTestOrder(db, { customer: customer('maya@example.com', 'May'), createdAt: day(1), items: [{ quantity: 1 }] });
  const second = await createTestOrder(db, { customer: customer('MAYA@example.com', 'Maya'), createdAt: day(5), items: [{ quantity: 2 }] });
  await db.updateTable('orders').set({ refunded_cents: 100 }).where('id', '=', second.id).execute();
  await createTestOrder(db, { customer: customer('maya@example.com', 'Maya'), createdAt: day(9), status: 'pending' });
  await createTestOrder(db, { customer: customer('zed@example.com', 'Zed'), createdAt: day(3) });
});
afterAll(() => t?.close());

const list = (query = '', token = admin) => t.request('GET', `/api/admin/customers${query}`, { token });

it('lists customers by e-mail with order count, total spent (less refunds) and last order, newest first', async () => {
  const response = await list();
  expect(response.status).toBe(200);
  const orders = await t.app.context.db.selectFrom('orders').select(['customer_email', 'total_cents', 'refunded_cents', 'status']).execute();
  const mayaCents = orders.filter((o) => o.customer_email.toLowerCase() === 'maya@example.com' && o.status !== 'pending').reduce((sum, o) => sum + o.total_cents - o.refunded_cents, 0);
  expect(response.body.customers).toEqual([
    { email: 'maya@example.com', name: 'Maya Jama', orderCount: 2, totalSpent: mayaCents / 100, lastOrderAt: new Date(day(5)).toISOString() },
    { email: 'zed@example.com', name: 'Zed Jama', orderCount: 1, totalSpent: expect.any(Number), lastOrderAt: new Date(day(3)).toISOString() },
  ]);
  expect(response.body).toMatchObject({ total: 2, page: 1 });
});

it('searches by e-mail or name and pages', async () => {
  expect((await list('?search=ZED')).body.customers.map((c: { email: string }) => c.email)).toEqual(['zed@example.com']);
  expect((await list('?search=maya%20j')).body.customers.map((c: { email: string }) => c.email)).toEqual(['maya@example.com']);
  expect((await list('?search=%25')).body.customers).toEqual([]);
  const second = await list('?limit=1&page=2');
  expect(second.body).toMatchObject({ total: 2, page: 2, limit: 1 });
  expect(second.body.customers.map((c: { email: string }) => c.email)).toEqual(['zed@example.com']);
});

it('is for staff only', async () => {
  expect((await t.request('GET', '/api/admin/customers')).status).toBe(401);
  expect((await list('', (await createUserWithToken(t, 'customer')).token)).status).toBe(403);
});
