import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey } from '../dialect';

/** Users, sessions, orders with items and history, the change counter, idempotency and analytics. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_number', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('customer_email', 'text', (col) => col.notNull())
    .addColumn('customer_first_name', 'text', (col) => col.notNull())
    .addColumn('customer_last_name', 'text', (col) => col.notNull())
    .addColumn('customer_phone', 'text', (col) => col.notNull())
    .addColumn('ship_address', 'text', (col) => col.notNull())
    .addColumn('ship_city', 'text', (col) => col.notNull())
    .addColumn('ship_state', 'text', (col) => col.notNull())
    .addColumn('ship_zip', 'text', (col) => col.notNull())
    .addColumn('ship_country', 'text', (col) => col.notNull())
    .addColumn('billing_address', 'text')
    .addColumn('billing_city', 'text')
    .addColumn('billing_state', 'text')
    .addColumn('billing_zip', 'text')
    .addColumn('billing_country', 'text')
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .addColumn('discount_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('discount_code', 'text')
    .addColumn('shipping_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('tracking_number', 'text')
    .addColumn('special_instructions', 'text')
    .addColumn('marketing', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('payment_intent_id', 'text', (col) => col.unique())
    .addColumn('payment_method', 'text', (col) => col.notNull().defaultTo('card'))
    .addColumn('payment_status', 'text', (col) => col.notNull())
    .addColumn('print_file', 'text')
    .addColumn('printed_at', 'bigint')
    .addColumn('shipped_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('change_seq', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_change_seq_idx').on('orders').column('change_seq').unique().execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (col) => col.notNull())
    .addColumn('product_type', 'text')
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('case_type', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('font', 'text', (col) => col.notNull())
    .addColumn('font_size', 'integer', (col) => col.notNull())
    .addColumn('logo', 'integer', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('order_history')
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('tracking_number', 'text')
    .addColumn('changed_by_user_id', 'integer')
    .addColumn('changed_by_name', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('mutation_id', 'text')
    .addColumn('changed_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_history_pk', ['order_id', 'version'])
    .execute();
  await db.schema.createIndex('order_history_changed_idx').on('order_history').column('changed_at').execute();

  await db.schema
    .createTable('change_counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();
  await db.insertInto('change_counters').values({ name: 'orders', value: 0 }).execute();

  await db.schema
    .createTable('applied_mutations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('applied_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('response_body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('visitor_id', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('order_number', 'text')
    .addColumn('value_cents', 'integer')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_type_created_idx').on('analytics_events').columns(['type', 'created_at']).execute();
  await db.schema
    .createIndex('analytics_events_visit_unique')
    .on('analytics_events')
    .columns(['type', 'visitor_id', 'day'])
    .unique()
    .where(sql.ref('type'), '=', 'visit')
    .execute();

  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('stack', 'text')
    .addColumn('component_stack', 'text')
    .addColumn('event_id', 'text')
    .addColumn('reported_at', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('url', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'error_reports', 'analytics_events', 'idempotency_keys', 'applied_mutations', 'change_counters',
    'order_history', 'order_items', 'orders', 'sessions', 'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
