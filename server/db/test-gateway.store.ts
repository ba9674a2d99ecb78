import { sql } from 'kysely';
import type { Config } from '../config/config';
import type { Db, DatabaseOptions } from './database';
import { isPostgres } from './dialect';

/** The schema name under which the shop's connection reaches the test gateway's ledger. */
export const TEST_GATEWAY_SCHEMA = 'test_gateway';

/** Any fixed number: the advisory lock under which processes starting together create the ledger once. */
const CREATE_LOCK = 7_240_145;

/**
 * Where the built-in test gateway keeps its ledger (undefined with Stripe, which keeps its own).
 * It plays an outside card processor, so its records live apart from the shop's tables: a backup
 * does not carry them and a restore does not rewind them, and the reconciliation after a restore
 * finds the payments made since the backup as it would at Stripe. The ledger's tables keep their
 * names; the shop's connection reaches them in that store (database.ts, `sideStore`).
 */
export function testGatewayStoreOf(config: Pick<Config, 'stripe' | 'testGatewayLedger'>): DatabaseOptions['sideStore'] {
  if (config.stripe) return undefined;
  return { schema: TEST_GATEWAY_SCHEMA, sqliteFile: config.testGatewayLedger };
}

const SQLITE_LEDGER = [
  `CREATE TABLE IF NOT EXISTS "${TEST_GATEWAY_SCHEMA}"."test_gateway_intents" ("id" text PRIMARY KEY, "amount_cents" integer NOT NULL, "currency" text NOT NULL, "status" text NOT NULL, "payment_method" text, "amount_refunded_cents" integer NOT NULL DEFAULT 0, "create_key" text, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "shop_intent" text, "metadata" text) WITHOUT ROWID`,
  `CREATE UNIQUE INDEX IF NOT EXISTS "${TEST_GATEWAY_SCHEMA}"."test_gateway_intents_create_key_idx" ON "test_gateway_intents" ("create_key") WHERE "create_key" IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS "${TEST_GATEWAY_SCHEMA}"."test_gateway_intents_shop_intent_idx" ON "test_gateway_intents" ("shop_intent")`,
  `CREATE TABLE IF NOT EXISTS "${TEST_GATEWAY_SCHEMA}"."test_gateway_refunds" ("id" text PRIMARY KEY, "payment_intent_id" text NOT NULL, "amount_cents" bigint NOT NULL, "status" text NOT NULL, "idempotency_key" text NOT NULL UNIQUE, "created_at" bigint NOT NULL)`,
];

const POSTGRES_LEDGER = [
  `CREATE SCHEMA IF NOT EXISTS "${TEST_GATEWAY_SCHEMA}"`,
  `CREATE TABLE IF NOT EXISTS "${TEST_GATEWAY_SCHEMA}"."test_gateway_intents" ("id" text PRIMARY KEY, "amount_cents" integer NOT NULL, "currency" text NOT NULL, "status" text NOT NULL, "payment_method" text, "amount_refunded_cents" integer NOT NULL DEFAULT 0, "create_key" text UNIQUE, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "shop_intent" text, "metadata" text)`,
  `CREATE INDEX IF NOT EXISTS "test_gateway_intents_shop_intent_idx" ON "${TEST_GATEWAY_SCHEMA}"."test_gateway_intents" ("shop_intent")`,
  `CREATE TABLE IF NOT EXISTS "${TEST_GATEWAY_SCHEMA}"."test_gateway_refunds" ("id" text PRIMARY KEY, "payment_intent_id" text NOT NULL, "amount_cents" bigint NOT NULL, "status" text NOT NULL, "idempotency_key" text NOT NULL UNIQUE, "created_at" bigint NOT NULL)`,
];

/**
 * Creates the ledger's tables where they are missing (a new shop, a lost ledger). The gateway owns
 * them, so they are made here and not by the shop's migrations, which a restored backup has already
 * run. Before the migrations, so the one that moves an older shop's ledger here finds them.
 */
export async function ensureTestGatewayLedger(db: Db): Promise<void> {
  if (!isPostgres(db)) {
    for (const statement of SQLITE_LEDGER) await sql.raw(statement).execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CREATE_LOCK})`.execute(trx);
    for (const statement of POSTGRES_LEDGER) await sql.raw(statement).execute(trx);
  });
}
