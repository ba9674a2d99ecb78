import type { Kysely } from 'kysely';

/**
 * A day roll-up of processing time (server/analytics/analytics.rollup.ts): per UTC day of
 * placement, how many of that day's orders have been shipped and the sum of their
 * placed-to-first-shipped times, from the status history. The rollup state goes back to 0 so the
 * next analytics call rebuilds every day table, this one included.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_day_processing')
    .addColumn('day', 'integer', (col) => col.primaryKey())
    .addColumn('shipped_orders', 'integer', (col) => col.notNull())
    .addColumn('processing_ms', 'bigint', (col) => col.notNull())
    .execute();
  await db.updateTable('analytics_rollup_state').set({ change_seq: 0 }).where('name', '=', 'orders').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_day_processing').ifExists().execute();
}
