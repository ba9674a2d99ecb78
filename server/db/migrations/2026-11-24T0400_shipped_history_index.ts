import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's average processing time reads the changes to "shipped" in the status history by
 * time (server/analytics/analytics.trends.ts). A partial index holds only those entries, with the
 * order id, so a year of them is read from the index alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('order_history_shipped_idx')
    .on('order_history')
    .columns(['changed_at', 'order_id'])
    .where(sql<boolean>`to_status = 'shipped' and from_status is not null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_history_shipped_idx').ifExists().execute();
}
