import type { Kysely } from 'kysely';

/**
 * Covering indexes for GET /api/orders/analytics (docs/benchmarks.md): the range scan
 * of orders, the items of those orders and the distinct visitors read index entries only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_analytics_idx')
    .on('orders')
    .columns(['created_at', 'status', 'payment_status', 'total_cents', 'refunded_cents', 'id'])
    .execute();
  await db.schema
    .createIndex('order_items_analytics_idx')
    .on('order_items')
    .columns(['order_id', 'device', 'quantity', 'unit_price_cents', 'product_type'])
    .execute();
  await db.schema
    .createIndex('analytics_events_visitors_idx')
    .on('analytics_events')
    .columns(['type', 'day', 'visitor_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['analytics_events_visitors_idx', 'order_items_analytics_idx', 'orders_analytics_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
