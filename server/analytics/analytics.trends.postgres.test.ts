import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '../../shared/api/types';
import { RANGE_DAYS, type AnalyticsRange } from '../../shared/order-status';
import { createUserWithToken } from '../auth/auth.test-support';
import type { NewOrder } from '../orders/order.repository';
import { bulkInsertOrders } from '../seed/bulk-insert';
import { generateOrders, type SeedOrder } from '../seed/order-generator';
import { bulkInsertVisits, generateVisits, type VisitRow } from '../seed/visits';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { newTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const TODAY_DAY = Math.floor(NOW / DAY);

/** Two years of seeded history, so every range (1y included) has a full period before it. */
const orders: (SeedOrder | NewOrder)[] = generateOrders(900, { now: NOW, days: 760, seed: 15 });
const visits: VisitRow[] = generateVisits(orders, { seed: 15 });

let cluster: TemporaryPostgres;
const apps: { name: string; t: TestApp; token: string }[] = [];
/** Orders shipped through the API during the test: placed at, shipped at. */
const shipments: { placedAt: number; shippedAt: number }[] = [];

async function analytics(t: TestApp, token: string, range: AnalyticsRange): Promise<Analytics> {
  const res = await t.request<Analytics>('GET', `/api/orders/analytics?range=${range}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** Reference figures computed here, from the seeded rows, the way docs/decisions.md defines them. */
function referenceFigures(fromDay: number, toDay: number) {
  const inPeriod = (ms: number) => Math.floor(ms / DAY) >= fromDay && Math.floor(ms / DAY) <= toDay;
  const sales = orders.filter((o) => inPeriod(o.createdAt) && o.status !== 'cancelled' && (o.status !== 'pending' || o.paymentStatus === 'succeeded'));
  const revenueCents = sales.reduce((sum, o) => sum + o.totals.total, 0);
  const dayKey = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
  const visitors = new Set(visits.filter((v) => v.day >= dayKey(fromDay) && v.day <= dayKey(toDay)).map((v) => v.visitor_id)).size;
  return {
    revenueCents,
    orders: sales.length,
    averageCents: sales.length ? Math.round(revenueCents / sales.length) : 0,
    conversion: visitors ? Math.round((sales.length / visitors) * 10_000) / 10_000 : 0,
  };
}

function referenceTrends(range: AnalyticsRange) {
  const n = RANGE_DAYS[range];
  const now = referenceFigures(TODAY_DAY - n + 1, TODAY_DAY);
  const before = referenceFigures(TODAY_DAY - 2 * n + 1, TODAY_DAY - n);
  const change = (a: number, b: number) => (b > 0 ? Math.round(((a - b) / b) * 1000) / 10 : null);
  return {
    totalRevenue: change(now.revenueCents, before.revenueCents),
    totalOrders: change(now.orders, before.orders),
    averageOrderValue: change(now.averageCents, before.averageCents),
    conversionRate: change(now.conversion, before.conversion),
  };
}

beforeAll(async () => {
  cluster = await startTemporaryPostgres();
  const sqlite = await startTestApp();
  const postgres = await startTestApp({ DATABASE_URL: await cluster.createDatabase() });
  for (const [name, t] of [['SQLite', sqlite], ['PostgreSQL', postgres]] as const) {
    t.app.context.now = () => NOW;
    const token = (await createUserWithToken(t, 'admin')).token;
    await bulkInsertOrders(t.app.context.db, orders);
    await bulkInsertVisits(t.app.context.db, visits);
    apps.push({ name, t, token });
  }
  // Seven orders are shipped through the API, each at a known time (real history): three placed
  // 25 days ago (written here; seeded orders that old are already delivered), four of the seeded
  // orders still in production, shipped today, so fewer than five orders of the last 7 days shipped.
  const db = apps[0]!.t.app.context.db;
  const placedEarlier = [1, 2, 3].map((i) => newTestOrder({ createdAt: NOW - 25 * DAY + i * 3_600_000, status: 'processing' }));
  orders.push(...placedEarlier);
  for (const { t } of apps) await bulkInsertOrders(t.app.context.db, placedEarlier);
  const inProduction = await db
    .selectFrom('orders')
    .select('created_at')
    .where('status', 'in', ['processing', 'printed'])
    .orderBy('created_at')
    .execute();
  const recent = inProduction.filter((o) => Number(o.created_at) >= NOW - 5 * DAY).slice(0, 2);
  const older = inProduction.filter((o) => Number(o.created_at) < NOW - 20 * DAY);
  expect([older.length, recent.length]).toEqual([3, 2]);
  const planned = [
    ...older.map((order, index) => ({ order, shippedAt: Number(order.created_at) + (index + 1) * 1.5 * DAY })),
    ...recent.map((order, index) => ({ order, shippedAt: NOW - 1000 * (index + 1) })),
  ];
  for (const [index, { order, shippedAt }] of planned.entries()) {
    shipments.push({ placedAt: Number(order.created_at), shippedAt });
    for (const { t, token } of apps) {
      // Order numbers are drawn per database; the placing time identifies the same seeded order in both.
      const { id } = await t.app.context.db.selectFrom('orders').select('id').where('created_at', '=', order.created_at).executeTakeFirstOrThrow();
      t.app.context.now = () => shippedAt;
      const res = await t.request('PATCH', `/api/orders/${id}/status`, { token, body: { status: 'shipped', trackingNumber: `TRK00000000${index}` } });
      expect(res.status).toBe(200);
      t.app.context.now = () => NOW;
    }
  }
}, 120_000);
afterAll(async () => {
  for (const { t } of apps) await t.close();
  await cluster?.stop();
});

describe.each(['SQLite', 'PostgreSQL'])('trends and processing time on %s', (name) => {
  const app = () => apps.find((a) => a.name === name)!;

  it.each(['7d', '30d', '90d', '1y'] as const)('compares %s with the period of the same length before it', async (range) => {
    const a = await analytics(app().t, app().token, range);
    expect(a.trends).toEqual(referenceTrends(range));
    const before = referenceFigures(TODAY_DAY - 2 * RANGE_DAYS[range] + 1, TODAY_DAY - RANGE_DAYS[range]);
    expect(a.previousPeriod).toMatchObject({ totalOrders: before.orders, totalRevenue: before.revenueCents / 100 });
    // The seeded history grows, so the trends are real numbers here, not nulls.
    expect(a.trends!.totalOrders).not.toBeNull();
  });

  it('averages placed-to-shipped time over the orders placed in the range that were shipped', async () => {
    const a = await analytics(app().t, app().token, '30d');
    const days = shipments.reduce((sum, s) => sum + (s.shippedAt - s.placedAt), 0) / shipments.length / DAY;
    expect(a.processingTime).toEqual({ averageDays: Math.round(days * 10) / 10, shippedOrders: 5, minimumOrders: 5 });
  });

  it('says there is not enough history when fewer than five orders placed in the range were shipped', async () => {
    const a = await analytics(app().t, app().token, '7d');
    const inWeek = shipments.filter((s) => Math.floor(s.placedAt / DAY) > TODAY_DAY - 7).length;
    expect(inWeek).toBe(2);
    expect(a.processingTime).toEqual({ averageDays: null, shippedOrders: inWeek, minimumOrders: 5 });
  });

  it('follows a shipment made after the roll-ups were built (only its day is recomputed)', async () => {
    const { t, token } = app();
    const before = await analytics(t, token, '30d');
    const order = await t.app.context.db
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('status', 'in', ['processing', 'printed'])
      .where('created_at', '>=', NOW - 10 * DAY)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    t.app.context.now = () => NOW - 500;
    expect((await t.request('PATCH', `/api/orders/${order.id}/status`, { token, body: { status: 'shipped' } })).status).toBe(200);
    t.app.context.now = () => NOW;
    const after = await analytics(t, token, '30d');
    const all = [...shipments, { placedAt: Number(order.created_at), shippedAt: NOW - 500 }];
    const days = all.reduce((sum, s) => sum + (s.shippedAt - s.placedAt), 0) / all.length / DAY;
    expect(after.processingTime).toEqual({ averageDays: Math.round(days * 10) / 10, shippedOrders: before.processingTime!.shippedOrders + 1, minimumOrders: 5 });
  });
});

describe('no trend without a previous period', () => {
  it('gives null trends and no previous period when the shop is younger than the period before the range', async () => {
    const t = await startTestApp();
    try {
      t.app.context.now = () => NOW;
      const { token } = await createUserWithToken(t, 'admin');
      await bulkInsertOrders(t.app.context.db, generateOrders(40, { now: NOW, days: 10, seed: 3 }));
      const a = await analytics(t, token, '7d');
      expect(a.totalOrders).toBeGreaterThan(0);
      expect(a.trends).toEqual({ totalRevenue: null, totalOrders: null, averageOrderValue: null, conversionRate: null });
      expect(a.previousPeriod).toBeNull();
      expect(a.processingTime!.averageDays).toBeNull();
    } finally {
      await t.close();
    }
  });
});
