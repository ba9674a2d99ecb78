import type { Kysely } from 'kysely';

/**
 * `payment_refunds.status_at`: the `created` time (epoch ms) of the Stripe event that set the
 * refund's status, so an event arriving late never overwrites a newer one. Rows written before
 * this migration have none (null): the next event about them is applied.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_refunds').addColumn('status_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_refunds').dropColumn('status_at').execute();
}
