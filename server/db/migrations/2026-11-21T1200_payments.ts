import type { Kysely } from 'kysely';

/** Payment intents with their cart snapshots, processed webhook events, refunds, the test gateway's ledger. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.unique())
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('last_error_code', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_intents_open_idx').on('payment_intents').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('payment_intent_id', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_by_user_id', 'integer')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_refunds_intent_idx').on('payment_refunds').column('payment_intent_id').execute();

  await db.schema
    .createTable('test_gateway_intents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('payment_method', 'text')
    .addColumn('amount_refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('create_key', 'text', (col) => col.unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['test_gateway_intents', 'payment_refunds', 'webhook_events', 'payment_intents']) {
    await db.schema.dropTable(table).execute();
  }
}
