import { sql, type Kysely } from 'kysely';

/**
 * Day-level rollups behind GET /api/orders/analytics (server/analytics/analytics.rollup.ts):
 * a year of 100,000 orders is read from a few thousand rollup rows instead of every order.
 * The order rollups start empty with change_seq 0, so the first analytics call builds them from
 * all orders. The visitor tables are kept by every counted visit; they are filled here from the
 * visits already recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_day_status')
    .addColumn('day', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('orders', 'integer', (col) => col.notNull())
    .addColumn('counted_orders', 'integer', (col) => col.notNull())
    .addColumn('revenue_cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_day_status_pk', ['day', 'status'])
    .execute();
  await db.schema
    .createTable('analytics_day_device')
    .addColumn('day', 'integer', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('product_type', 'text')
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('revenue_cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_day_device_pk', ['day', 'device'])
    .execute();
  await db.schema
    .createTable('analytics_rollup_state')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('change_seq', 'bigint', (col) => col.notNull())
    .execute();
  await db.insertInto('analytics_rollup_state').values({ name: 'orders', change_seq: 0 }).execute();

  await db.schema
    .createTable('analytics_visitors')
    .addColumn('visitor_id', 'text', (col) => col.primaryKey())
    .addColumn('last_day', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('analytics_day_visitors')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .execute();
  await sql`insert into analytics_visitors (visitor_id, last_day)
    select visitor_id, max(day) from analytics_events where type = 'visit' group by visitor_id`.execute(db);
  await sql`insert into analytics_day_visitors (day, visitors)
    select last_day, count(*) from analytics_visitors group by last_day`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['analytics_day_visitors', 'analytics_visitors', 'analytics_rollup_state', 'analytics_day_device', 'analytics_day_status']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
