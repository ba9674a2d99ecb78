import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { insertOrder } from '../orders/order.repository';
import { newTestOrder } from '../orders/order.test-support';
import { migrations } from './migrations';
import type { Database } from './schema';
import { openSqliteConnection } from './sqlite-connection';

const BEFORE = '2026-11-22T0300_partial_indexes';

async function withoutRowid(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; wr: number }>`select name, wr from pragma_table_list where name in ('order_items', 'order_history', 'test_gateway_intents') order by name`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.wr]));
}

async function contents(db: Kysely<Database>) {
  return {
    items: await db.selectFrom('order_items').selectAll().orderBy('order_id').orderBy('line_no').execute(),
    history: await db.selectFrom('order_history').selectAll().orderBy('order_id').orderBy('version').execute(),
    ledger: await db.selectFrom('test_gateway_intents').selectAll().orderBy('id').execute(),
  };
}

const ledgerRow = (id: string, createKey: string | null) => ({
  id,
  amount_cents: 1291,
  currency: 'usd',
  status: 'succeeded',
  payment_method: 'pm_card_visa',
  amount_refunded_cents: 0,
  create_key: createKey,
  created_at: 1,
  updated_at: 1,
});

it('stores items, history and the test ledger by primary key without losing a row, and back', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clustered-migration-'));
  const db = openSqliteConnection(path.join(dir, 'shop.db'));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
  await db.transaction().execute(async (trx) => {
    await insertOrder(trx, newTestOrder({ items: [{ text: 'Villa' }, { text: 'Recoupling' }] }));
    await insertOrder(trx, newTestOrder({ items: [{ text: 'Bombshell' }] }));
  });
  await db.insertInto('test_gateway_intents').values([ledgerRow('pi_a', 'intent:key-1'), ledgerRow('pi_b', null), ledgerRow('pi_c', null)]).execute();
  const before = await contents(db);
  expect(before.items).toHaveLength(3);
  expect(await withoutRowid(db)).toEqual({ order_history: 0, order_items: 0, test_gateway_intents: 0 });

  // Up to this migration only: later ones add columns the comparison below would see.
  expect((await migrator.migrateTo('2026-11-22T0400_clustered_child_tables')).error).toBeUndefined();
  expect(await withoutRowid(db)).toEqual({ order_history: 1, order_items: 1, test_gateway_intents: 1 });
  expect(await contents(db)).toEqual(before);
  // A create key is still unique where it is set, and any number of charges may leave it empty.
  await expect(db.insertInto('test_gateway_intents').values(ledgerRow('pi_d', 'intent:key-1')).execute()).rejects.toThrow(/UNIQUE/);
  await db.insertInto('test_gateway_intents').values(ledgerRow('pi_e', null)).execute();
  // Items still belong to their order: one for an order that does not exist is refused.
  await expect(db.insertInto('order_items').values({ ...before.items[0]!, order_id: 'no-such-order' }).execute()).rejects.toThrow(/FOREIGN KEY/);
  const { rows: indexes } = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in ('order_items', 'order_history') and sql is not null order by name`.execute(db);
  expect(indexes.map((index) => index.name)).toEqual(['order_history_changed_idx', 'order_items_analytics_idx']);

  expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
  expect(await withoutRowid(db)).toEqual({ order_history: 0, order_items: 0, test_gateway_intents: 0 });
  const after = await contents(db);
  expect(after.items).toEqual(before.items);
  expect(after.history).toEqual(before.history);
  expect(after.ledger.map((row) => row.id)).toEqual(['pi_a', 'pi_b', 'pi_c', 'pi_e']);
  await expect(db.insertInto('test_gateway_intents').values(ledgerRow('pi_f', 'intent:key-1')).execute()).rejects.toThrow(/UNIQUE/);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
