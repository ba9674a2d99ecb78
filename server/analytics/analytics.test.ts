import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '../../shared/api/types';
import { createUserWithToken } from '../auth/auth.test-support';
import { nextChangeSeq } from '../orders/change-sequence.repository';
import { createTestOrder } from '../orders/order.test-support';
import { countDistinctVisitors, topProducts } from './analytics.repository';
import { rolledUpTopProducts } from './analytics.rollup';
import { countVisitorsSince } from './analytics.visitors';
import { DAY, NOW, TODAY, ordersByDayAndStatus, rolledUpDayStatus, seedKnownDataSet } from './analytics.test-support';
import { startTestApp, type TestApp } from '../test/test-app';


let t: TestApp;
let adminToken: string;

async function analytics(range?: string): Promise<Analytics> {
  const res = await t.request<Analytics>('GET', `/api/orders/analytics${range ? `?range=${range}` : ''}`, { token: adminToken });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp();
  t.app.context.now = () => NOW;
  adminToken = (await createUserWithToken(t, 'admin')).token;
  await seedKnownDataSet(t.app.context.db);
});
afterAll(() => t.close());

describe('GET /api/orders/analytics on a known data set', () => {
  it('sums revenue net of refunds, counts sales and averages them over the last 7 days', async () => {
    const a = await analytics('7d');
    expect(a.range).toBe('7d');
    expect(a.generatedAt).toBe(new Date(NOW).toISOString());
    // 19.37 + (6.46 - 1.00 refunded) + 6.46; the cancelled order does not count.
    expect(a.totalRevenue).toBe(31.29);
    expect(a.totalOrders).toBe(3);
    expect(a.averageOrderValue).toBe(10.43);
  });

  it('counts every status, zeros included, for the orders in the range', async () => {
    expect((await analytics('7d')).statusCounts).toEqual({ pending: 0, processing: 1, printed: 1, shipped: 0, delivered: 1, cancelled: 1 });
    expect((await analytics('30d')).statusCounts).toEqual({ pending: 1, processing: 1, printed: 2, shipped: 1, delivered: 1, cancelled: 1 });
  });

  it('includes an order at the first millisecond of the range and excludes one just before it', async () => {
    const a = await analytics('7d');
    expect(a.chartData[0]).toEqual({ date: '2026-06-09', revenue: 6.46, orders: 1 });
    expect(a.topProducts.map((p) => p.device)).toContain('Samsung Galaxy S23');
    expect(a.topProducts.map((p) => p.device)).not.toContain('Samsung Galaxy S22');
  });

  it('widens with the range: unpaid pending orders never count as sales', async () => {
    const month = await analytics('30d');
    expect([month.totalOrders, month.totalRevenue]).toEqual([5, 44.21]);
    const quarter = await analytics('90d');
    expect([quarter.totalOrders, quarter.totalRevenue]).toEqual([6, 50.67]);
    const year = await analytics('1y');
    expect([year.totalOrders, year.totalRevenue]).toEqual([7, 57.13]);
  });

  it('defaults to 30 days', async () => {
    const a = await analytics();
    expect(a.range).toBe('30d');
    expect(a.chartData).toHaveLength(30);
  });

  it('has one chart entry per UTC day of the range, gaps filled with zeros, oldest first', async () => {
    const week = await analytics('7d');
    expect(week.chartData).toEqual([
      { date: '2026-06-09', revenue: 6.46, orders: 1 },
      { date: '2026-06-10', revenue: 0, orders: 0 },
      { date: '2026-06-11', revenue: 0, orders: 0 },
      { date: '2026-06-12', revenue: 5.46, orders: 1 },
      { date: '2026-06-13', revenue: 0, orders: 0 },
      { date: '2026-06-14', revenue: 0, orders: 0 },
      { date: '2026-06-15', revenue: 19.37, orders: 1 },
    ]);
    const quarter = await analytics('90d');
    expect(quarter.chartData).toHaveLength(90);
    expect(quarter.chartData.at(-1)!.date).toBe('2026-06-15');
    expect(quarter.chartData[0]!.date).toBe('2026-03-18');
    const year = await analytics('1y');
    expect(year.chartData).toHaveLength(365);
    expect(year.chartData.reduce((sum, d) => sum + d.orders, 0)).toBe(7);
  });

  it('ranks products by units sold with their item revenue, sales only', async () => {
    expect((await analytics('7d')).topProducts).toEqual([
      { device: 'iPhone 14 Pro', productType: 'phone-case', quantity: 2, revenue: 11.9 },
      { device: 'Large Bottle', productType: 'water-bottle', quantity: 1, revenue: 5.95 },
      { device: 'Samsung Galaxy S23', productType: 'phone-case', quantity: 1, revenue: 5.95 },
      { device: 'Standard Bottle', productType: 'water-bottle', quantity: 1, revenue: 5.95 },
    ]);
    const year = await analytics('1y');
    expect(year.topProducts).toHaveLength(5);
    expect(year.topProducts[0]).toEqual({ device: 'iPhone 14 Pro', productType: 'phone-case', quantity: 3, revenue: 17.85 });
  });

  it('divides orders by distinct visitors of the range for the conversion rate', async () => {
    // 3 sales / 6 distinct visitors (v1 visited twice).
    expect((await analytics('7d')).conversionRate).toBe(0.5);
    // 5 sales / 8 visitors (v9 on 8 June and v7 on 1 June join).
    expect((await analytics('30d')).conversionRate).toBe(0.625);
  });

  it('reports today, the last 7 days and the month to date whatever the range', async () => {
    const expected = {
      today: { orders: 1, revenue: 19.37 },
      last7Days: { orders: 3, revenue: 31.29 },
      month: { orders: 5, revenue: 44.21 },
    };
    expect((await analytics('7d')).realtime).toEqual(expected);
    expect((await analytics('1y')).realtime).toEqual(expected);
  });

  it('lists the latest order changes newest first', async () => {
    const a = await analytics('7d');
    expect(a.recentActivity).toHaveLength(10);
    expect(a.recentActivity[0]).toMatchObject({ customerName: 'Maya Jama', status: 'processing', total: 19.37, at: new Date(TODAY + 10 * 3600_000).toISOString() });
    expect(a.recentActivity[0]!.orderNumber).toMatch(/^[A-Z0-9-]+$/);
    const times = a.recentActivity.map((entry) => Date.parse(entry.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });
});

describe('GET /api/orders/analytics access and validation', () => {
  it.each(['1d', '365d', 'all', '7D'])('refuses range=%s with 422', async (range) => {
    const res = await t.request('GET', `/api/orders/analytics?range=${range}`, { token: adminToken });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Range must be one of 7d, 30d, 90d, 1y' });
  });

  it('answers 401 without a token and 403 for a customer', async () => {
    const anonymous = await t.request('GET', '/api/orders/analytics');
    expect(anonymous.status).toBe(401);
    const { token } = await createUserWithToken(t, 'customer');
    const customer = await t.request('GET', '/api/orders/analytics', { token });
    expect(customer.status).toBe(403);
  });

  it('lets a super_admin read it too', async () => {
    const { token } = await createUserWithToken(t, 'super_admin');
    const res = await t.request('GET', '/api/orders/analytics?range=90d', { token });
    expect(res.status).toBe(200);
    expect(res.body.totalOrders).toBe(6);
  });
});

describe('analytics after orders change', () => {
  it('reflects a new order and a cancellation on the next call', async () => {
    const db = t.app.context.db;
    const before = await analytics('30d');
    const newest = await createTestOrder(db, { createdAt: TODAY + 11 * 3600_000, status: 'processing', items: [{ device: 'Standard Glass', quantity: 4 }] });
    // An admin cancels the order placed 10 days ago, the way the orders domain writes a change.
    const shipped = await db.selectFrom('orders').select('id').where('created_at', '=', TODAY - 10 * DAY).executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) =>
      trx.updateTable('orders').set({ status: 'cancelled', change_seq: await nextChangeSeq(trx), version: 2 }).where('id', '=', shipped.id).execute(),
    );
    const after = await analytics('30d');
    expect(after.totalOrders).toBe(before.totalOrders + 1 - 1);
    expect(after.totalRevenue).toBeCloseTo(before.totalRevenue + newest.total_cents / 100 - 6.46, 2);
    expect(after.statusCounts.cancelled).toBe(before.statusCounts.cancelled + 1);
    expect(after.statusCounts.shipped).toBe(before.statusCounts.shipped - 1);
    expect(after.topProducts[0]).toEqual({ device: 'Standard Glass', productType: 'champagne-glass', quantity: 4, revenue: 23.8 });
    expect(after.realtime.today.orders).toBe(2);
  });

  it('keeps the rollup equal to aggregating the orders directly', async () => {
    const db = t.app.context.db;
    const fromDay = Math.floor(TODAY / DAY) - 500;
    const toDay = Math.floor(TODAY / DAY);
    const direct = await ordersByDayAndStatus(db, fromDay * DAY, (toDay + 1) * DAY);
    const rolled = await rolledUpDayStatus(db, fromDay, toDay);
    const key = (row: { day: number; status: string }) => `${row.day}/${row.status}`;
    expect([...rolled].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...direct].sort((a, b) => key(a).localeCompare(key(b))));
    expect(await rolledUpTopProducts(db, fromDay, toDay, 20)).toEqual(await topProducts(db, fromDay * DAY, (toDay + 1) * DAY, 20));
    for (const from of ['2026-03-01', '2026-06-01', '2026-06-09', '2026-06-10', '2026-06-15']) {
      expect(await countVisitorsSince(db, from, '2026-06-15')).toBe(await countDistinctVisitors(db, from, '2026-06-15'));
    }
  });
});
