import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { OrderStatus } from '../../shared/order-status';
import type { DbOrTrx } from '../db/transaction';

export const DAY_MS = 86_400_000;

/**
 * The orders that count as sales (docs/decisions.md): not cancelled, and not pending
 * unless its payment succeeded. Their revenue is the total net of refunds, in cents.
 */
export const COUNTED_ORDER = sql<boolean>`(status <> 'cancelled' and (status <> 'pending' or payment_status = 'succeeded'))`;
/** UTC day number of an epoch-ms column: integer division on SQLite and PostgreSQL alike. */
export const UTC_DAY = sql<number>`(created_at / ${sql.lit(DAY_MS)})`;

/** One row per UTC day and status: orders, those counted as sales, and their net revenue (the day-status rollup's columns). */
export const DAY_STATUS_AGGREGATES = [
  UTC_DAY.as('day'),
  'status',
  sql<number>`count(*)`.as('orders'),
  sql<number>`sum(case when ${COUNTED_ORDER} then 1 else 0 end)`.as('counted_orders'),
  sql<number>`sum(case when ${COUNTED_ORDER} then total_cents - refunded_cents else 0 end)`.as('revenue_cents'),
] as const;

export interface TopProductRow {
  device: string;
  productType: string | null;
  quantity: number;
  revenueCents: number;
}

/** Devices of counted orders in [fromMs, toMs) by units sold; revenue is price times quantity (direct form). */
export async function topProducts(db: DbOrTrx, fromMs: number, toMs: number, limit: number): Promise<TopProductRow[]> {
  const quantity = sql<number>`sum(order_items.quantity)`;
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select([
      'order_items.device',
      sql<string | null>`max(order_items.product_type)`.as('product_type'),
      quantity.as('quantity'),
      sql<number>`sum(order_items.quantity * order_items.unit_price_cents)`.as('revenue_cents'),
    ])
    .where('orders.created_at', '>=', fromMs)
    .where('orders.created_at', '<', toMs)
    .where(COUNTED_ORDER)
    .groupBy('order_items.device')
    .orderBy(quantity, 'desc')
    .orderBy('order_items.device')
    .limit(limit)
    .execute();
  return rows.map(toTopProduct);
}

export interface ActivityRow {
  orderId: string;
  orderNumber: string;
  firstName: string;
  lastName: string;
  status: OrderStatus;
  totalCents: number;
  changedAt: number;
}

/** The latest order changes (creation included), newest first. */
export async function recentOrderChanges(db: DbOrTrx, limit: number): Promise<ActivityRow[]> {
  const rows = await db
    .selectFrom('order_history')
    .innerJoin('orders', 'orders.id', 'order_history.order_id')
    .select([
      'orders.id',
      'orders.order_number',
      'orders.customer_first_name',
      'orders.customer_last_name',
      'order_history.to_status',
      'orders.total_cents',
      'order_history.changed_at',
    ])
    .orderBy('order_history.changed_at', 'desc')
    .orderBy('order_history.version', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    orderId: row.id,
    orderNumber: row.order_number,
    firstName: row.customer_first_name,
    lastName: row.customer_last_name,
    status: row.to_status,
    totalCents: Number(row.total_cents),
    changedAt: Number(row.changed_at),
  }));
}

/**
 * Distinct visitors with a visit on a UTC day in [fromDay, toDay] ('YYYY-MM-DD', inclusive), counted
 * from the events (direct form; the dashboard reads analytics.visitors.ts countVisitorsSince).
 */
export async function countDistinctVisitors(db: DbOrTrx, fromDay: string, toDay: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_events')
    .select(sql<number>`count(distinct visitor_id)`.as('visitors'))
    .where('type', '=', 'visit')
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .executeTakeFirst();
  return Number(row?.visitors ?? 0);
}

/**
 * Writes a visit event; a second visit of the same visitor on the same UTC day is ignored by the
 * partial unique index. Returns whether it was written. Use analytics.visitors.ts recordVisit,
 * which also keeps the visitor tables.
 */
export async function insertVisit(db: DbOrTrx, visitorId: string, day: string, at: number): Promise<boolean> {
  const result = await db
    .insertInto('analytics_events')
    .values({ id: randomUUID(), type: 'visit', visitor_id: visitorId, day, order_number: null, value_cents: null, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertPurchaseEvent(
  db: DbOrTrx,
  event: { visitorId: string; day: string; orderNumber: string | null; valueCents: number | null; at: number },
): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({
      id: randomUUID(),
      type: 'purchase',
      visitor_id: event.visitorId,
      day: event.day,
      order_number: event.orderNumber,
      value_cents: event.valueCents,
      created_at: event.at,
    })
    .execute();
}

export interface NewErrorReport {
  message: string;
  stack: string | null;
  componentStack: string | null;
  eventId: string | null;
  timestamp: string | null;
  userAgent: string | null;
  url: string | null;
}

export async function insertErrorReport(db: DbOrTrx, report: NewErrorReport, at: number): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('error_reports')
    .values({
      id,
      message: report.message,
      stack: report.stack,
      component_stack: report.componentStack,
      event_id: report.eventId,
      reported_at: report.timestamp,
      user_agent: report.userAgent,
      url: report.url,
      created_at: at,
    })
    .execute();
  return id;
}

/** A top-products row as the database answers it (counts may come back as strings on PostgreSQL). */
export function toTopProduct(row: { device: string; product_type: string | null; quantity: number | string; revenue_cents: number | string }): TopProductRow {
  return { device: row.device, productType: row.product_type, quantity: Number(row.quantity), revenueCents: Number(row.revenue_cents) };
}
