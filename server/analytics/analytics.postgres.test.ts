import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '../../shared/api/types';
import { createUserWithToken } from '../auth/auth.test-support';
import { bulkInsertOrders } from '../seed/bulk-insert';
import { generateOrders } from '../seed/order-generator';
import { bulkInsertVisits, generateVisits } from '../seed/visits';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { startTestApp, type TestApp } from '../test/test-app';
import { NOW, seedKnownDataSet } from './analytics.test-support';

let cluster: TemporaryPostgres;
let sqliteApp: TestApp;
let pgApp: TestApp;
const tokens = new Map<TestApp, string>();

beforeAll(async () => {
  cluster = await startTemporaryPostgres();
  sqliteApp = await startTestApp();
  pgApp = await startTestApp({ DATABASE_URL: await cluster.createDatabase() });
  for (const t of [sqliteApp, pgApp]) {
    t.app.context.now = () => NOW;
    tokens.set(t, (await createUserWithToken(t, 'admin')).token);
    await seedKnownDataSet(t.app.context.db);
  }
}, 60_000);
afterAll(async () => {
  await sqliteApp?.close();
  await pgApp?.close();
  await cluster?.stop();
});

/** The analytics of an app without the ids and order numbers, which differ between databases. */
async function comparable(t: TestApp, range: string) {
  const res = await t.request<Analytics>('GET', `/api/orders/analytics?range=${range}`, { token: tokens.get(t) });
  expect(res.status).toBe(200);
  return { ...res.body, recentActivity: res.body.recentActivity.map(({ orderId: _id, orderNumber: _n, ...rest }) => rest) };
}

describe('analytics on PostgreSQL', () => {
  it('gives the same figures as SQLite for every range on the known data set', async () => {
    for (const range of ['7d', '30d', '90d', '1y']) {
      const pg = await comparable(pgApp, range);
      expect(pg).toEqual(await comparable(sqliteApp, range));
    }
    const week = await comparable(pgApp, '7d');
    expect([week.totalRevenue, week.totalOrders, week.averageOrderValue, week.conversionRate]).toEqual([31.29, 3, 10.43, 0.5]);
  });

  it('counts visits once per visitor per day through the API', async () => {
    for (const visitorId of ['pg-a', 'pg-a', 'pg-b']) {
      const res = await pgApp.request('POST', '/api/analytics/events', { body: { type: 'visit', visitorId } });
      expect(res.status).toBe(202);
    }
    const visits = await pgApp.app.context.db.selectFrom('analytics_events').select('visitor_id').where('visitor_id', 'like', 'pg-%').execute();
    expect(visits).toHaveLength(2);
    // 3 sales over 8 distinct visitors now (pg-a and pg-b join the six).
    expect((await comparable(pgApp, '7d')).conversionRate).toBe(0.375);
  });

  it('bulk-inserts seeded orders and visits and keeps the rollups exact after them', async () => {
    const db = pgApp.app.context.db;
    const orders = generateOrders(700, { now: NOW, seed: 5 });
    const before = await comparable(pgApp, '1y');
    const result = await bulkInsertOrders(db, orders);
    expect(result.lastChangeSeq! - result.firstChangeSeq! + 1).toBe(700);
    await bulkInsertVisits(db, generateVisits(orders, { seed: 5 }));
    const after = await comparable(pgApp, '1y');
    const sales = orders.filter((o) => o.status !== 'cancelled' && o.createdAt >= Date.parse('2025-06-16')).length;
    expect(after.totalOrders).toBe(before.totalOrders + sales);
    const history = await db.selectFrom('order_history').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(history.n)).toBe(710);
  });
});
