import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolveOrderFilter } from '../../shared/orders/order-filter';
import type { OrderFilters } from '../../shared/schemas/orders-query';
import { CompiledQuery, sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import { startTestApp, type TestApp } from '../test/test-app';
import { applyOrderFilters, chooseSearchPlan, type SearchPlan } from './order-list.repository';
import { createTestOrder } from './order.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.context.db;
  await createTestOrder(db, { items: [{ text: 'Grafting' }, { text: 'My Type On Paper' }] });
  await createTestOrder(db, { status: 'delivered', items: [{ text: 'Mugged Off' }] });
  await createTestOrder(db, { customer: { email: 'gemma@villa.tv', firstName: 'Gemma', lastName: 'Owen', phone: '555-111-2222' } });
  await createTestOrder(db, { status: 'shipped', items: [{ text: '100% Grafting_' }] });
});
afterAll(() => t.close());

async function ids(filters: OrderFilters, plan: SearchPlan): Promise<string[]> {
  const db = t.app.context.db;
  const rows = await applyOrderFilters(db.selectFrom('orders').select('id'), resolveOrderFilter(filters, 'UTC'), plan, isPostgres(db)).orderBy('id').execute();
  return rows.map((row) => row.id);
}

it.each([
  [{ search: 'grafting' }],
  [{ search: 'GRAFT' }],
  [{ search: 'type on pap' }],
  [{ search: 'gemma owen' }],
  [{ search: '@villa.tv' }],
  [{ search: 'mugged', status: 'delivered' }],
  [{ search: 'mugged', status: 'processing' }],
  [{ search: 'nothing-like-this' }],
] as [OrderFilters][])('the trigram index finds exactly what the scan finds: %j', async (filters) => {
  const viaScan = await ids(filters, 'scan');
  expect(await ids(filters, 'trigram')).toEqual(viaScan);
});

it('keeps wildcard characters and short terms on the scan, which treats them literally', async () => {
  const db = t.app.context.db;
  expect(await chooseSearchPlan(db, resolveOrderFilter({ search: '100%' }, 'UTC'))).toBe('scan');
  expect(await chooseSearchPlan(db, resolveOrderFilter({ search: 'g_' }, 'UTC'))).toBe('scan');
  expect(await chooseSearchPlan(db, resolveOrderFilter({ search: 'ab' }, 'UTC'))).toBe('scan');
  expect(await chooseSearchPlan(db, resolveOrderFilter({ search: 'grafting' }, 'UTC'))).toBe('trigram');
  // A small status is cheaper to scan than the index is to read.
  expect(await chooseSearchPlan(db, resolveOrderFilter({ search: 'grafting', status: 'shipped' }, 'UTC'))).toBe('scan');
  expect((await ids({ search: '100%' }, 'scan')).length).toBe(1);
});

// Last in this file: it adds filler orders on PostgreSQL.
it('answers a search term from a trigram index rather than reading every order', async () => {
  const db = t.app.context.db;
  const pattern = '%grafting%';
  if (isPostgres(db)) {
    // 1,000 fillers: from a few hundred on the planner prefers the trigram index (200 are too few).
    await sql`insert into orders select (json_populate_record(null::orders, (to_jsonb(o) || jsonb_build_object(
        'id', 'filler-' || g, 'order_number', 'VP-F' || g, 'search_text', 'filler order ' || g, 'change_seq', -g))::json)).*
      from orders o, generate_series(1, 1000) g where o.id = (select min(id) from orders)`.execute(db);
    // New entries wait in the GIN index's pending list until a vacuum (autovacuum in production) merges them.
    await sql`vacuum analyze orders`.execute(db);
    // A test database's costs say a few thousand rows are still cheap to scan; a year of orders is not.
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select id from orders where search_text like ${pattern} escape '\\'`.execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('orders_search_trgm_idx');
  } else {
    const query = applyOrderFilters(db.selectFrom('orders').select('id'), resolveOrderFilter({ search: 'grafting' }, 'UTC'), 'trigram').compile();
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/orders_search VIRTUAL TABLE/);
  }
});
