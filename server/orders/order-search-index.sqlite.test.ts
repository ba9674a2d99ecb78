import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { openSqliteConnection } from '../db/sqlite-connection';
import { indexNewOrdersForSearch, SEARCH_INDEX_BATCH } from './order-search-index';
import { startTestApp, type TestApp } from '../test/test-app';
import { resolveOrderFilter } from '../../shared/orders/order-filter';
import { applyOrderFilters } from './order-list.repository';
import { insertOrder } from './order.repository';
import type { OrderRow } from './order.table';
import { createTestOrder, newTestOrder, type TestOrderOverrides } from './order.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.app.context.db;

/** Order ids the trigram index itself holds for a term (without the not-yet-indexed tail). */
async function indexed(term: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from orders where rowid in (select rowid from orders_search where search_text like ${`%${term}%`}) order by id`.execute(db());
  return rows.map((row) => row.id);
}

async function found(term: string): Promise<string[]> {
  const rows = await applyOrderFilters(db().selectFrom('orders').select('id'), resolveOrderFilter({ search: term }, 'UTC'), 'trigram').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Commits filler orders in one transaction, enough for every order waiting to go into the index,
 * and `last` after them when given (it is then the highest rowid, and indexed).
 */
async function commitFillers(database = db(), last?: TestOrderOverrides): Promise<OrderRow | undefined> {
  return database.transaction().execute(async (trx) => {
    for (let index = 0; index < SEARCH_INDEX_BATCH; index++) await insertOrder(trx, newTestOrder({ items: [{ text: 'Filler' }] }));
    return last ? insertOrder(trx, newTestOrder(last)) : undefined;
  });
}

const mark = async () => (await sql<{ n: number }>`select indexed_rowid as n from orders_search_state`.execute(db())).rows[0]!.n;
const lastRowid = async () => (await sql<{ n: number }>`select max(rowid) as n from orders`.execute(db())).rows[0]!.n;

it('finds new orders from their commit on, and indexes them all at once when enough wait', async () => {
  await commitFillers();
  const orders = await db().transaction().execute(async (trx) => [
    await insertOrder(trx, newTestOrder({ items: [{ text: 'Bombshell Alert' }] })),
    await insertOrder(trx, newTestOrder({ items: [{ text: 'Bombshell Alert' }] })),
  ]);
  const ids = orders.map((order) => order.id).sort();
  // Too few wait to be worth an index write: they are found by reading them.
  expect(await indexed('bombshell alert')).toEqual([]);
  expect(await found('bombshell alert')).toEqual(ids);
  expect(await mark()).toBeLessThan(await lastRowid());
  await commitFillers();
  expect(await indexed('bombshell alert')).toEqual(ids);
  expect(await found('bombshell alert')).toEqual(ids);
  expect(await mark()).toBe(await lastRowid());
});

it('finds an order written outside any transaction before the index holds it', async () => {
  const order = await createTestOrder(db(), { items: [{ text: 'Casa Amor' }] });
  await commitFillers();
  // Copy it as a plain autocommit insert, which has no commit hook: it stays above the mark.
  const copyId = `${order.id.slice(0, -4)}beef`;
  await db().insertInto('orders').values({ ...order, id: copyId, order_number: 'LI-COPY-1', change_seq: order.change_seq + 100_000 }).execute();
  expect(await indexed('casa amor')).toEqual([order.id]);
  expect(await found('casa amor')).toEqual([order.id, copyId].sort());
  // A later commit takes it into the index with the others waiting.
  await commitFillers();
  expect(await indexed('casa amor')).toEqual([order.id, copyId].sort());
});

it('keeps the index right when the last order is deleted and its rowid is taken again', async () => {
  const doomed = (await commitFillers(db(), { items: [{ text: 'Dumped From The Villa' }] }))!;
  expect(await indexed('dumped from')).toEqual([doomed.id]);
  expect(await mark()).toBe(await lastRowid());
  await db().transaction().execute(async (trx) => {
    await trx.deleteFrom('order_history').where('order_id', '=', doomed.id).execute();
    await trx.deleteFrom('order_items').where('order_id', '=', doomed.id).execute();
    await trx.deleteFrom('orders').where('id', '=', doomed.id).execute();
  });
  expect(await indexed('dumped from')).toEqual([]);
  // The next order takes the freed rowid and counts as not indexed, until enough wait.
  const next = await createTestOrder(db(), { items: [{ text: 'Recoupling' }] });
  expect(await found('recoupling')).toEqual([next.id]);
  await commitFillers();
  expect(await indexed('recoupling')).toEqual([next.id]);
  expect(await found('dumped from')).toEqual([]);
  expect(await mark()).toBe(await lastRowid());
});

it('follows a change of an indexed order\'s search text', async () => {
  const order = await createTestOrder(db(), { items: [{ text: 'Heart Rate Challenge' }] });
  await commitFillers();
  expect(await indexed('heart rate')).toEqual([order.id]);
  await db().transaction().execute((trx) => trx.updateTable('orders').set({ search_text: 'movie night' }).where('id', '=', order.id).execute());
  expect(await indexed('heart rate')).toEqual([]);
  expect(await found('movie night')).toEqual([order.id]);
  expect(await indexed('movie night')).toEqual([order.id]);
});

it('migrates down to the insert trigger and back up without losing an order from the index', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-migration-'));
  const file = path.join(dir, 'shop.db');
  const own = openSqliteConnection(file, { beforeCommit: [indexNewOrdersForSearch] });
  const migrator = new Migrator({ db: own, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const first = await own.transaction().execute((trx) => insertOrder(trx, newTestOrder({ items: [{ text: 'Friendship Couple' }] })));
  expect((await migrator.migrateTo('2026-11-21T1800_orders_search_trigram')).error).toBeUndefined();
  // The first, not indexed yet, goes into the index on the way down; the second comes under the
  // old insert trigger; the third is indexed in a batch again.
  const second = await own.transaction().execute((trx) => insertOrder(trx, newTestOrder({ items: [{ text: 'Friendship Couple' }] })));
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const third = await own.transaction().execute((trx) => insertOrder(trx, newTestOrder({ items: [{ text: 'Friendship Couple' }] })));
  await commitFillers(own);
  const { rows } = await sql<{ id: string }>`select id from orders where rowid in (select rowid from orders_search where search_text like '%friendship couple%') order by id`.execute(own);
  expect(rows.map((row) => row.id)).toEqual([first.id, second.id, third.id].sort());
  await own.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
