import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Hardening:
 * - error reports by age, so the retention bound deletes the oldest without a scan;
 * - refunds carry the client's Idempotency-Key and request fingerprint (replay → same refund;
 *   same key, other body → 422), and the test gateway keeps its refunds as Stripe would;
 * - an order's history records each refund (which refund, how much), not only status changes;
 * - devices and addresses a user signed in from, whose logins a stranger's guesses cannot lock out;
 * - one row /api/health rewrites, to prove the database takes writes;
 * - on PostgreSQL, the table of rate-limiter-flexible's store (its own columns), created here once
 *   rather than by each limiter at start-up, where several creating it at once collide.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('error_reports_created_idx').on('error_reports').column('created_at').execute();

  await db.schema.alterTable('payment_refunds').addColumn('idempotency_key', 'text').execute();
  await db.schema.alterTable('payment_refunds').addColumn('request_hash', 'text').execute();
  await db.schema.alterTable('payment_refunds').addColumn('updated_at', 'bigint').execute();
  await db.schema.createIndex('payment_refunds_key_idx').on('payment_refunds').column('idempotency_key').unique().execute();

  await db.schema
    .createTable('test_gateway_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('payment_intent_id', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema.alterTable('order_history').addColumn('refund_id', 'text').execute();
  await db.schema.alterTable('order_history').addColumn('refund_cents', 'bigint').execute();

  await db.schema
    .createTable('trusted_logins')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('trusted_logins_pk', ['key_hash', 'kind', 'user_id'])
    .execute();

  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('checked_at', 'bigint', (col) => col.notNull())
    .execute();

  if (isPostgres(db)) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
      .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('expire', 'bigint')
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
  await db.schema.dropTable('health_probe').ifExists().execute();
  await db.schema.dropTable('trusted_logins').ifExists().execute();
  await db.schema.dropTable('test_gateway_refunds').ifExists().execute();
  await db.schema.dropIndex('payment_refunds_key_idx').ifExists().execute();
  await db.schema.dropIndex('error_reports_created_idx').ifExists().execute();
  for (const column of ['idempotency_key', 'request_hash', 'updated_at']) await db.schema.alterTable('payment_refunds').dropColumn(column).execute();
  for (const column of ['refund_id', 'refund_cents']) await db.schema.alterTable('order_history').dropColumn(column).execute();
}
