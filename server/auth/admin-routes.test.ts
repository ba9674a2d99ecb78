import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, type ApiRouteName, API_ROUTES } from '../../shared/api/routes';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from './auth.test-support';

/** Every call of design.md §3 whose "who" is admin. */
const ADMIN_ROUTES: { name: ApiRouteName; body?: unknown; query?: Record<string, string> }[] = [
  { name: 'listOrders' },
  { name: 'exportOrders' },
  { name: 'analytics', query: { range: '7d' } },
  { name: 'orderStatus', body: { status: 'printed' } },
  { name: 'syncPull', query: { since: '0' } },
  { name: 'syncPush', body: { mutations: [] } },
  { name: 'refund', body: { paymentIntentId: 'pi_x', amount: null } },
  { name: 'printFile' },
];

let t: TestApp;
let orderId: string;
let customerToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  orderId = (await createTestOrder(t.app.context.db)).id;
  customerToken = (await createUserWithToken(t, 'customer')).token;
  adminToken = (await createUserWithToken(t, 'admin')).token;
});
afterAll(() => t.close());

describe('admin calls are enforced on the server (spec.md §6)', () => {
  const call = (name: ApiRouteName, token?: string, body?: unknown, query?: Record<string, string>) =>
    t.request(API_ROUTES[name].method, apiPath(name, { id: orderId }, query), { token, body });

  it.each(ADMIN_ROUTES)('$name: 401 without a token, 403 for a customer, changing nothing', async ({ name, body, query }) => {
    const anonymous = await call(name, undefined, body, query);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
    const customer = await call(name, customerToken, body, query);
    expect(customer.status).toBe(403);
    expect(customer.body).toMatchObject({ code: 'FORBIDDEN', error: 'Access denied. You do not have permission.' });
    const order = await t.app.context.db.selectFrom('orders').select(['status', 'version']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'processing', version: 1 });
  });

  it('an admin token reaches each of them', async () => {
    for (const { name, body, query } of ADMIN_ROUTES.filter((route) => route.name !== 'refund' && route.name !== 'orderStatus')) {
      const response = await call(name, adminToken, body, query);
      expect([name, response.status]).toEqual([name, 200]);
    }
  });

  it('the order detail needs a token, and a customer who does not own the order gets 404', async () => {
    expect((await call('order')).status).toBe(401);
    expect((await call('order', customerToken)).status).toBe(404);
    expect((await call('order', adminToken)).status).toBe(200);
  });
});
