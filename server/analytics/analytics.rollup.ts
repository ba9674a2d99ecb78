import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/dialect';
import { changeHorizon } from '../orders/change-sequence.repository';
import type { Database } from '../db/schema';
import type {
  AnalyticsDayDeviceTable,
  AnalyticsDayProcessingTable,
  AnalyticsDayStatusTable,
  AnalyticsDayVisitorsTable,
  AnalyticsRollupStateTable,
  AnalyticsVisitorTable,
} from './analytics.table';
import { COUNTED_ORDER, DAY_MS, DAY_STATUS_AGGREGATES, toTopProduct, UTC_DAY, type TopProductRow } from './analytics.repository';

// A type alias, not an interface: withTables<T>() needs an index-signature-compatible type.
export type RollupTables = {
  analytics_visitors: AnalyticsVisitorTable;
  analytics_day_visitors: AnalyticsDayVisitorsTable;
  analytics_day_status: AnalyticsDayStatusTable;
  analytics_day_device: AnalyticsDayDeviceTable;
  analytics_day_processing: AnalyticsDayProcessingTable;
  analytics_rollup_state: AnalyticsRollupStateTable;
};
export type RollupDb = Kysely<Database & RollupTables>;

/** More dirty days than this and the rollups are rebuilt whole (one scan beats many small ones). */
const FULL_REBUILD_DAYS = 60;

/**
 * Brings the day rollups up to date with the orders. Every order change takes a new change_seq
 * (design.md §4), so the days of orders whose change_seq is above the one recorded are exactly the
 * days to recompute: usually today only. Returns how many days were recomputed ('all' on a rebuild).
 */
export async function refreshRollups(db: Db): Promise<number | 'all'> {
  const rdb = db.withTables<RollupTables>();
  // Every change numbered up to `current` is settled (committed or gone): the rollups may cover it.
  const current = await changeHorizon(db);
  const state = await rdb.selectFrom('analytics_rollup_state').select('change_seq').where('name', '=', 'orders').executeTakeFirst();
  // Fast path without a write transaction: nothing changed since the last refresh.
  if (state && current <= Number(state.change_seq)) return 0;

  return rdb.transaction().execute(async (trx) => {
    // Serialises concurrent refreshes on PostgreSQL; SQLite runs one transaction at a time anyway.
    let stateQuery = trx.selectFrom('analytics_rollup_state').select('change_seq').where('name', '=', 'orders');
    if (isPostgres(db)) stateQuery = stateQuery.forUpdate();
    const covered = Number((await stateQuery.executeTakeFirst())?.change_seq ?? 0);
    if (current <= covered) return 0;

    const dirty = await trx
      .selectFrom('orders')
      .select(UTC_DAY.as('day'))
      .distinct()
      .where('change_seq', '>', covered)
      .execute();
    const days = dirty.map((row) => Number(row.day));
    let recomputed: number | 'all';
    if (covered === 0 || days.length > FULL_REBUILD_DAYS) {
      await trx.deleteFrom('analytics_day_status').execute();
      await trx.deleteFrom('analytics_day_device').execute();
      await trx.deleteFrom('analytics_day_processing').execute();
      await insertDays(trx, null);
      recomputed = 'all';
    } else {
      for (const day of days) {
        await trx.deleteFrom('analytics_day_status').where('day', '=', day).execute();
        await trx.deleteFrom('analytics_day_device').where('day', '=', day).execute();
        await trx.deleteFrom('analytics_day_processing').where('day', '=', day).execute();
        await insertDays(trx, day);
      }
      recomputed = days.length;
    }
    await trx.updateTable('analytics_rollup_state').set({ change_seq: current }).where('name', '=', 'orders').execute();
    return recomputed;
  });
}

/** Aggregates one UTC day of orders (or all of them for null) into the day tables. */
async function insertDays(trx: RollupDb, day: number | null) {
  let statusRows = trx
    .selectFrom('orders')
    .select(DAY_STATUS_AGGREGATES)
    .groupBy([UTC_DAY, 'status']);
  let deviceRows = trx
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select([
      UTC_DAY.as('day'),
      'order_items.device',
      sql<string | null>`max(order_items.product_type)`.as('product_type'),
      sql<number>`sum(order_items.quantity)`.as('quantity'),
      sql<number>`sum(order_items.quantity * order_items.unit_price_cents)`.as('revenue_cents'),
    ])
    .where(COUNTED_ORDER)
    .groupBy([UTC_DAY, 'order_items.device']);
  if (day !== null) {
    statusRows = statusRows.where('created_at', '>=', day * DAY_MS).where('created_at', '<', (day + 1) * DAY_MS);
    deviceRows = deviceRows.where('orders.created_at', '>=', day * DAY_MS).where('orders.created_at', '<', (day + 1) * DAY_MS);
  }
  await trx
    .insertInto('analytics_day_status')
    .columns(['day', 'status', 'orders', 'counted_orders', 'revenue_cents'])
    .expression(statusRows)
    .execute();
  await trx
    .insertInto('analytics_day_device')
    .columns(['day', 'device', 'product_type', 'quantity', 'revenue_cents'])
    .expression(deviceRows)
    .execute();
  await insertProcessingDays(trx, day);
}

/**
 * Shipped orders and their placed-to-first-shipped time per day of placement. The first change to
 * "shipped" of each order is looked up by the history's primary key (order id first); the entry
 * written when an order is created has no from-status and is not a change.
 */
async function insertProcessingDays(trx: RollupDb, day: number | null) {
  const inDay = day === null ? sql`` : sql`where o.created_at >= ${day * DAY_MS} and o.created_at < ${(day + 1) * DAY_MS}`;
  await sql`insert into analytics_day_processing (day, shipped_orders, processing_ms)
    select day, count(*), sum(first_shipped - created_at)
    from (
      select o.created_at / ${sql.lit(DAY_MS)} as day, o.created_at,
        (select min(h.changed_at) from order_history h
          where h.order_id = o.id and h.to_status = 'shipped' and h.from_status is not null) as first_shipped
      from orders o ${inDay}
    ) placed
    where first_shipped is not null
    group by day`.execute(trx);
}

/** Shipped orders and the sum of their processing times (ms) among those placed on days in [fromDay, toDay]. */
export async function rolledUpProcessing(db: Db, fromDay: number, toDay: number): Promise<{ shippedOrders: number; processingMs: number }> {
  const row = await db
    .withTables<RollupTables>()
    .selectFrom('analytics_day_processing')
    .select([sql<number>`coalesce(sum(shipped_orders), 0)`.as('shipped'), sql<number>`coalesce(sum(processing_ms), 0)`.as('ms')])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .executeTakeFirst();
  return { shippedOrders: Number(row?.shipped ?? 0), processingMs: Number(row?.ms ?? 0) };
}

export interface DayTotalRow {
  day: number;
  countedOrders: number;
  revenueCents: number;
}

/** Sales and net revenue per day in [fromDay, toDay]: at most one row a day. */
export async function rolledUpDayTotals(db: Db, fromDay: number, toDay: number): Promise<DayTotalRow[]> {
  const rows = await db
    .withTables<RollupTables>()
    .selectFrom('analytics_day_status')
    .select(['day', sql<number>`sum(counted_orders)`.as('counted_orders'), sql<number>`sum(revenue_cents)`.as('revenue_cents')])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .groupBy('day')
    .execute();
  return rows.map((row) => ({ day: Number(row.day), countedOrders: Number(row.counted_orders), revenueCents: Number(row.revenue_cents) }));
}

/** Orders per status (every order, sales or not) placed on days in [fromDay, toDay]. */
export async function rolledUpStatusCounts(db: Db, fromDay: number, toDay: number): Promise<{ status: string; orders: number }[]> {
  const rows = await db
    .withTables<RollupTables>()
    .selectFrom('analytics_day_status')
    .select(['status', sql<number>`sum(orders)`.as('orders')])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, orders: Number(row.orders) }));
}

/** Top devices by units sold over days in [fromDay, toDay], from the rollup. */
export async function rolledUpTopProducts(db: Db, fromDay: number, toDay: number, limit: number): Promise<TopProductRow[]> {
  const quantity = sql<number>`sum(quantity)`;
  const rows = await db
    .withTables<RollupTables>()
    .selectFrom('analytics_day_device')
    .select([
      'device',
      sql<string | null>`max(product_type)`.as('product_type'),
      quantity.as('quantity'),
      sql<number>`sum(revenue_cents)`.as('revenue_cents'),
    ])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .groupBy('device')
    .orderBy(quantity, 'desc')
    .orderBy('device')
    .limit(limit)
    .execute();
  return rows.map(toTopProduct);
}
