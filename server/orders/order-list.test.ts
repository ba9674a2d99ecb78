import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { createTestOrder } from './order.test-support';
import type { OrderRow } from './order.table';

let t: TestApp;
let admin: string;
let customer: string;
const orders: Record<string, OrderRow> = {};
const day = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createUserWithToken(t, 'admin')).token;
  customer = (await createUserWithToken(t, 'customer')).token;
  const db = t.app.context.db;
  orders.maya = await createTestOrder(db, { createdAt: day('2026-11-01T10:00:00Z'), status: 'processing' });
  orders.tasha = await createTestOrder(db, {
    createdAt: day('2026-11-02T23:59:59.999Z'),
    status: 'shipped',
    customer: { email: 'tasha.g@villa.tv', firstName: 'Tasha', lastName: 'Ghouri', phone: '555-000-1111' },
    items: [{ text: 'Muggy' }, { device: 'Large Bottle', text: '100%_Grafting' }],
  });
  orders.ekin = await createTestOrder(db, {
    createdAt: day('2026-11-03T00:00:00Z'),
    status: 'processing',
    customer: { email: 'ekin@su.com', firstName: 'Ekin-Su', lastName: 'Culculoglu', phone: '555-000-2222' },
    items: [{ text: 'Actress' }],
  });
});
afterAll(() => t.close());

const list = (query = '', token = admin) => t.request('GET', `/api/orders${query}`, { token });
const numbers = (body: { orders: { orderNumber: string }[] }) => body.orders.map((o) => o.orderNumber);

describe('GET /api/orders', () => {
  it('lists admin views newest first with total, page and limit', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, limit: 50 });
    expect(numbers(res.body)).toEqual([orders.ekin.order_number, orders.tasha.order_number, orders.maya.order_number]);
    expect(res.body.orders[1]).toMatchObject({
      customerName: 'Tasha Ghouri',
      device: 'iPhone 14 Pro',
      customText: 'Muggy',
      status: 'shipped',
      shippingAddress: { street: '1 Villa Road', postcode: '90001' },
      version: 1,
    });
    expect(res.body.orders[1].items).toHaveLength(2);
  });

  it('filters by status and skips empty parameters', async () => {
    const res = await list('?status=processing&search=&dateFrom=&dateTo=&page=&limit=');
    expect(res.status).toBe(200);
    expect(numbers(res.body)).toEqual([orders.ekin.order_number, orders.maya.order_number]);
    expect(res.body.total).toBe(2);
  });

  it('searches the order number, customer name, email and the text of any item, ignoring case', async () => {
    const search = async (term: string) => numbers((await list(`?search=${encodeURIComponent(term)}`)).body);
    expect(await search(orders.maya.order_number.toLowerCase())).toEqual([orders.maya.order_number]);
    expect(await search('tasha gh')).toEqual([orders.tasha.order_number]);
    expect(await search('EKIN@SU')).toEqual([orders.ekin.order_number]);
    expect(await search('grafting')).toEqual([orders.tasha.order_number]);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const search = async (term: string) => numbers((await list(`?search=${encodeURIComponent(term)}`)).body);
    expect(await search('100%_g')).toEqual([orders.tasha.order_number]);
    expect(await search('%')).toEqual([orders.tasha.order_number]);
    expect(await search('a_t')).toEqual([]);
  });

  it('combines search with a status filter', async () => {
    const res = await list('?status=processing&search=villa');
    expect(numbers(res.body)).toEqual([]);
    const res2 = await list('?status=shipped&search=villa');
    expect(numbers(res2.body)).toEqual([orders.tasha.order_number]);
  });

  it('pages through the list', async () => {
    const first = await list('?limit=2&page=1');
    const second = await list('?limit=2&page=2');
    expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(numbers(first.body)).toEqual([orders.ekin.order_number, orders.tasha.order_number]);
    expect(numbers(second.body)).toEqual([orders.maya.order_number]);
    expect(numbers((await list('?limit=2&page=3')).body)).toEqual([]);
  });

  it('treats a bare dateTo as the whole of that day (UTC) and accepts ISO timestamps', async () => {
    expect(numbers((await list('?dateFrom=2026-11-02&dateTo=2026-11-02')).body)).toEqual([orders.tasha.order_number]);
    expect(numbers((await list('?dateTo=2026-11-02')).body)).toEqual([orders.tasha.order_number, orders.maya.order_number]);
    expect(numbers((await list('?dateFrom=2026-11-03')).body)).toEqual([orders.ekin.order_number]);
    const iso = await list(`?dateFrom=${encodeURIComponent('2026-11-01T10:00:00Z')}&dateTo=${encodeURIComponent('2026-11-02T12:00:00.000Z')}`);
    expect(numbers(iso.body)).toEqual([orders.maya.order_number]);
  });

  it('refuses an unknown status, bad dates and bad paging with 422 in clear words, changing nothing', async () => {
    const status = await list('?status=lost');
    expect(status.status).toBe(422);
    expect(status.body).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('Unknown status "lost"') });
    expect(status.body.errors[0].path).toBe('status');

    const date = await list('?dateFrom=yesterday');
    expect(date.status).toBe(422);
    expect(date.body.error).toBe('dateFrom must be a date (YYYY-MM-DD) or an ISO timestamp (2026-11-21T09:30:00Z).');
    expect((await list('?dateTo=2026-02-31')).status).toBe(422);
    const reversed = await list('?dateFrom=2026-11-03&dateTo=2026-11-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.error).toBe('dateFrom must be on or before dateTo.');
    expect((await list('?page=0')).body.error).toBe('page must be a whole number of 1 or more.');
    expect((await list('?limit=abc')).status).toBe(422);
  });

  it('needs an admin: 401 without a token, 403 for a customer', async () => {
    expect((await t.request('GET', '/api/orders')).status).toBe(401);
    const res = await list('', customer);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});
