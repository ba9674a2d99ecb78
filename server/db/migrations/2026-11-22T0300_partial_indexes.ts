import { sql, type Kysely } from 'kysely';

/**
 * Two indexes cover only the rows their queries can ask for, so most checkouts add no entry to
 * them:
 * - `payment_intents_open_idx`: start-up reconciliation looks only for intents without an order.
 *   An intent whose checkout wrote its order in the same transaction (every test-gateway checkout)
 *   is never in it.
 * - `orders_user_idx`: only a signed-in customer's orders are listed by user (and a deleted user's
 *   orders found by it); a guest's order has no user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_intents_open_idx').execute();
  await db.schema.createIndex('payment_intents_open_idx').on('payment_intents').column('created_at').where(sql.ref('order_id'), 'is', null).execute();
  await db.schema.dropIndex('orders_user_idx').execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).where(sql.ref('user_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_intents_open_idx').execute();
  await db.schema.createIndex('payment_intents_open_idx').on('payment_intents').columns(['order_id', 'created_at']).execute();
  await db.schema.dropIndex('orders_user_idx').execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
}
