import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

const SCHEMA = 'test_gateway';
const INTENT_COLUMNS = 'id, amount_cents, currency, status, payment_method, amount_refunded_cents, create_key, created_at, updated_at, shop_intent, metadata';
const REFUND_COLUMNS = 'id, payment_intent_id, amount_cents, status, idempotency_key, created_at';

/**
 * The built-in test gateway's ledger leaves the shop's database for a store of its own
 * (server/db/test-gateway.store.ts), so a restore of the shop no longer rewinds what the
 * "card processor" recorded. When that store is reachable (the shop runs the test gateway), the
 * ledger's rows move there, keeping any it already has; the shop's copies of the tables go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const own = isPostgres(db) ? 'public' : 'main';
  if (await ledgerReachable(db)) {
    const ignore = isPostgres(db) ? '' : ' OR IGNORE';
    const onConflict = isPostgres(db) ? ' ON CONFLICT DO NOTHING' : '';
    for (const [table, columns] of [['test_gateway_intents', INTENT_COLUMNS], ['test_gateway_refunds', REFUND_COLUMNS]] as const) {
      await sql.raw(`INSERT${ignore} INTO ${SCHEMA}.${table} (${columns}) SELECT ${columns} FROM ${own}.${table} WHERE true${onConflict}`).execute(db);
    }
  }
  await sql.raw(`DROP TABLE ${own}.test_gateway_refunds`).execute(db);
  await sql.raw(`DROP TABLE ${own}.test_gateway_intents`).execute(db);
}

async function ledgerReachable(db: Kysely<any>): Promise<boolean> {
  const found = isPostgres(db)
    ? await sql`select 1 from information_schema.tables where table_schema = ${SCHEMA} and table_name = 'test_gateway_refunds'`.execute(db)
    : await sql.raw(`select 1 from pragma_database_list d join pragma_table_list t on t.schema = d.name where d.name = '${SCHEMA}' and t.name = 'test_gateway_refunds'`).execute(db);
  return found.rows.length > 0;
}

/** The ledger stays where it is; the shop's database gets its empty tables back, as the migrations before this one left them. */
export async function down(db: Kysely<any>): Promise<void> {
  const clustered = isPostgres(db) ? '' : ' WITHOUT ROWID';
  const createKey = isPostgres(db) ? '"create_key" text UNIQUE' : '"create_key" text';
  await sql.raw(`CREATE TABLE "test_gateway_intents" ("id" text PRIMARY KEY, "amount_cents" integer NOT NULL, "currency" text NOT NULL, "status" text NOT NULL, "payment_method" text, "amount_refunded_cents" integer NOT NULL DEFAULT 0, ${createKey}, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "shop_intent" text, "metadata" text)${clustered}`).execute(db);
  if (!isPostgres(db)) await sql.raw('CREATE UNIQUE INDEX "test_gateway_intents_create_key_idx" ON "test_gateway_intents" ("create_key") WHERE "create_key" IS NOT NULL').execute(db);
  await sql.raw('CREATE INDEX "test_gateway_intents_shop_intent_idx" ON "test_gateway_intents" ("shop_intent")').execute(db);
  await sql.raw('CREATE TABLE "test_gateway_refunds" ("id" text PRIMARY KEY, "payment_intent_id" text NOT NULL, "amount_cents" bigint NOT NULL, "status" text NOT NULL, "idempotency_key" text NOT NULL UNIQUE, "created_at" bigint NOT NULL)').execute(db);
}
