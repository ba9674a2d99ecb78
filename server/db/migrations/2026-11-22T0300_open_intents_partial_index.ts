import { sql, type Kysely } from 'kysely';

/**
 * Start-up reconciliation looks only for intents without an order, so only those are indexed. An
 * intent whose checkout wrote its order in the same transaction (every test-gateway checkout) is
 * then never in this index: one index write fewer per order (docs/benchmarks/payments.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_intents_open_idx').execute();
  await db.schema.createIndex('payment_intents_open_idx').on('payment_intents').column('created_at').where(sql.ref('order_id'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_intents_open_idx').execute();
  await db.schema.createIndex('payment_intents_open_idx').on('payment_intents').columns(['order_id', 'created_at']).execute();
}
