import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The test gateway charges as Stripe does, over its own interface (server/payments/test-gateway.ts):
 * its ledger keeps the shop record a charge names in its metadata (`shop_intent`), so a record whose
 * charge's answer was lost is found as Stripe's search finds it. The PostgreSQL functions of the
 * removed batch writer go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_gateway_intents').addColumn('shop_intent', 'text').execute();
  await db.schema.createIndex('test_gateway_intents_shop_intent_idx').on('test_gateway_intents').column('shop_intent').execute();
  if (!isPostgres(db)) return;
  await sql`drop function if exists shop_settle_records(json)`.execute(db);
  await sql`drop function if exists shop_assert(boolean, text)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('test_gateway_intents_shop_intent_idx').execute();
  await db.schema.alterTable('test_gateway_intents').dropColumn('shop_intent').execute();
}
