import type { Kysely } from 'kysely';

/**
 * `orders.refund_failed_at`: when a refund of the order last failed or was cancelled at Stripe
 * (epoch ms), so the admin sees the money did not go back; cleared by the next refund made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refund_failed_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refund_failed_at').execute();
}
