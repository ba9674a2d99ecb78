import type { OrderStatus } from '../../shared/order-status';
import type { Db } from '../db/database';
import type { DbOrTrx } from '../db/transaction';
import { nextChangeSeq } from '../orders/change-sequence.repository';
import { createTestOrder } from '../orders/order.test-support';
import { DAY_STATUS_AGGREGATES, UTC_DAY } from './analytics.repository';
import type { RollupTables } from './analytics.rollup';
import { recordVisit } from './analytics.visitors';

export const DAY = 86_400_000;
/** Mid-June, so the month window, the 7-day window and the ranges all differ. */
export const NOW = Date.parse('2026-06-15T12:00:00.000Z');
export const TODAY = Date.parse('2026-06-15T00:00:00.000Z');

/**
 * Test-only: the known data set of analytics.test.ts (figures worked out there), written through
 * the repository layer: ten orders around NOW with one refund, one cancellation, one unpaid
 * pending order, orders on both sides of range boundaries, and visits of nine visitors.
 */
export async function seedKnownDataSet(db: Db): Promise<void> {
  const one = (device: string) => [{ device, quantity: 1 }];
  // Single items cost 5.95 + 0.51 tax = 6.46; the first order is 3 units: 17.85 + 1.52 tax = 19.37.
  await createTestOrder(db, { createdAt: TODAY + 10 * 3600_000, status: 'processing', items: [{ device: 'iPhone 14 Pro', quantity: 2 }, { device: 'Standard Bottle', quantity: 1 }] });
  const refunded = await createTestOrder(db, { createdAt: TODAY - 3 * DAY, status: 'delivered', items: one('Large Bottle') });
  // A $1 refund, written the way payments writes one: a new change_seq and version.
  await db.transaction().execute(async (trx) =>
    trx.updateTable('orders').set({ refunded_cents: 100, change_seq: await nextChangeSeq(trx), version: 2 }).where('id', '=', refunded.id).execute(),
  );
  await createTestOrder(db, { createdAt: TODAY - 3 * DAY + 5000, status: 'cancelled', items: [{ device: 'iPhone 14', quantity: 5 }] });
  await createTestOrder(db, { createdAt: TODAY - 6 * DAY, status: 'printed', items: one('Samsung Galaxy S23') });
  await createTestOrder(db, { createdAt: TODAY - 6 * DAY - 1, status: 'printed', items: one('Samsung Galaxy S22') });
  await createTestOrder(db, { createdAt: TODAY - 10 * DAY, status: 'shipped', items: one('iPhone 14 Pro') });
  await createTestOrder(db, { createdAt: TODAY - 20 * DAY, status: 'pending', paymentStatus: 'requires_payment_method', items: one('iPhone 13') });
  await createTestOrder(db, { createdAt: TODAY - 40 * DAY, status: 'delivered', items: one('Standard Glass') });
  await createTestOrder(db, { createdAt: TODAY - 200 * DAY, status: 'delivered', items: one('iPhone 13 Pro') });
  await createTestOrder(db, { createdAt: TODAY - 400 * DAY, status: 'delivered', items: one('iPhone 13 Pro Max') });

  // Six visitors in the last 7 days (v1 twice, on two days), v7 on 1 June, v8 in March, v9 on 8 June.
  const visits = [['v1', '2026-06-15'], ['v1', '2026-06-10'], ['v2', '2026-06-15'], ['v3', '2026-06-09'], ['v4', '2026-06-12'], ['v5', '2026-06-13'], ['v6', '2026-06-14'], ['v7', '2026-06-01'], ['v8', '2026-03-20'], ['v9', '2026-06-08']] as const;
  for (const [visitorId, day] of visits) await recordVisit(db, visitorId, day, Date.parse(day));
}

export interface DayStatusRow {
  /** Days since 1970-01-01 UTC. */
  day: number;
  status: OrderStatus;
  orders: number;
  countedOrders: number;
  revenueCents: number;
}

/**
 * One scan of the orders created in [fromMs, toMs): per UTC day and status, how many orders,
 * how many count as sales and their net revenue, straight from the orders (covering index
 * orders_analytics_idx). The dashboard reads the same figures from the rollup
 * (analytics.rollup.ts); this direct form is the reference the tests compare with.
 */
export async function ordersByDayAndStatus(db: DbOrTrx, fromMs: number, toMs: number): Promise<DayStatusRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select(DAY_STATUS_AGGREGATES)
    .where('created_at', '>=', fromMs)
    .where('created_at', '<', toMs)
    .groupBy([UTC_DAY, 'status'])
    .execute();
  // PostgreSQL returns bigint and numeric aggregates as strings.
  return rows.map((row) => ({
    day: Number(row.day),
    status: row.status,
    orders: Number(row.orders),
    countedOrders: Number(row.counted_orders),
    revenueCents: Number(row.revenue_cents),
  }));
}

/** Per day and status for days in [fromDay, toDay], from the rollup (all columns; for checks). */
export async function rolledUpDayStatus(db: Db, fromDay: number, toDay: number): Promise<DayStatusRow[]> {
  const rows = await db
    .withTables<RollupTables>()
    .selectFrom('analytics_day_status')
    .select(['day', 'status', 'orders', 'counted_orders', 'revenue_cents'])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .execute();
  return rows.map((row) => ({
    day: Number(row.day),
    status: row.status as OrderStatus,
    orders: Number(row.orders),
    countedOrders: Number(row.counted_orders),
    revenueCents: Number(row.revenue_cents),
  }));
}
