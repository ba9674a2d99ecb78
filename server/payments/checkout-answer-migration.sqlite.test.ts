import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { openSqliteConnection } from '../db/sqlite-connection';

it('moves checkout answers stored before 2026-11-22T0200 onto their intents, so retries are told the same', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-migration-'));
  const file = path.join(dir, 'shop.db');
  const db = openSqliteConnection(file);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('2026-11-22T0100_orders_search_at_commit')).error).toBeUndefined();
  const intent = { provider: 'test', amount_cents: 1291, currency: 'usd', snapshot: '{}', order_id: null, last_error_code: null, created_at: 1, updated_at: 1 };
  await db.insertInto('payment_intents').values([
    { ...intent, id: 'pi_answered', status: 'succeeded', idempotency_key: 'checkout:key-1' },
    { ...intent, id: 'pi_other', status: 'requires_payment_method', idempotency_key: 'intent:key-2' },
  ] as never).execute();
  await db.insertInto('idempotency_keys').values([
    { scope: 'checkout', key: 'key-1', request_hash: 'hash-1', status_code: 201, response_body: '{"success":true}', created_at: 1 },
    { scope: 'orders', key: 'key-3', request_hash: 'hash-3', status_code: 201, response_body: '{}', created_at: 1 },
  ]).execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db.selectFrom('payment_intents').select(['id', 'answer_status', 'answer_body', 'request_hash']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: 'pi_answered', answer_status: 201, answer_body: '{"success":true}', request_hash: 'hash-1' },
    { id: 'pi_other', answer_status: null, answer_body: null, request_hash: null },
  ]);
  // Other scopes keep their rows in idempotency_keys.
  expect(await db.selectFrom('idempotency_keys').select(['scope', 'key']).execute()).toEqual([{ scope: 'orders', key: 'key-3' }]);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
