import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrateToLatest } from '../db/database';
import { migrations } from '../db/migrations';
import { openSqliteConnection } from '../db/sqlite-connection';
import { ensureTestGatewayLedger, TEST_GATEWAY_SCHEMA } from '../db/test-gateway.store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-migration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const charge = (id: string, createKey: string, amount: number) => ({
  id,
  amount_cents: amount,
  currency: 'usd',
  status: 'succeeded',
  payment_method: 'pm_card_visa',
  amount_refunded_cents: 0,
  create_key: createKey,
  shop_intent: null,
  metadata: null,
  created_at: 1,
  updated_at: 1,
});

function readLedger(file: string) {
  const ledger = new SQLite(file, { readonly: true });
  try {
    return {
      intents: ledger.prepare('SELECT id, amount_cents FROM test_gateway_intents ORDER BY id').all(),
      refunds: ledger.prepare('SELECT id, payment_intent_id FROM test_gateway_refunds ORDER BY id').all(),
    };
  } finally {
    ledger.close();
  }
}

it("moves an older shop's ledger into the test gateway's own file, keeping what that file already holds", async () => {
  const ledgerFile = path.join(dir, 'test-gateway.sqlite');
  const db = openSqliteConnection(path.join(dir, 'shop.db'), { attach: { schema: TEST_GATEWAY_SCHEMA, file: ledgerFile } });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('2026-12-06T1060_backups')).error).toBeUndefined();
  // The shop's own copy of the ledger, as the migrations before this one left it.
  await db.insertInto('test_gateway_intents').values([charge('pi_old_a', 'key-a', 1291), charge('pi_old_b', 'key-b', 2582)]).execute();
  await db.insertInto('test_gateway_refunds').values({ id: 're_old', payment_intent_id: 'pi_old_a', amount_cents: 500, status: 'succeeded', idempotency_key: 'refund-a', created_at: 2 }).execute();
  await ensureTestGatewayLedger(db);
  await sql`INSERT INTO test_gateway.test_gateway_intents (id, amount_cents, currency, status, amount_refunded_cents, create_key, created_at, updated_at) VALUES ('pi_old_b', 9999, 'usd', 'succeeded', 0, 'key-b', 1, 1)`.execute(db);

  await migrateToLatest(db);
  const { rows: shopTables } = await sql<{ name: string }>`SELECT name FROM main.sqlite_master WHERE name LIKE 'test_gateway%'`.execute(db);
  expect(shopTables).toEqual([]);
  await db.destroy();
  expect(readLedger(ledgerFile)).toEqual({
    intents: [{ id: 'pi_old_a', amount_cents: 1291 }, { id: 'pi_old_b', amount_cents: 9999 }],
    refunds: [{ id: 're_old', payment_intent_id: 'pi_old_a' }],
  });
});
