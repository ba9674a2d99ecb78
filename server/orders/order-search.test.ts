import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderFilters } from '../../shared/schemas/orders-query';
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
  const rows = await applyOrderFilters(t.app.context.db.selectFrom('orders').select('id'), filters, plan).orderBy('id').execute();
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
  expect(await chooseSearchPlan(db, { search: '100%' })).toBe('scan');
  expect(await chooseSearchPlan(db, { search: 'g_' })).toBe('scan');
  expect(await chooseSearchPlan(db, { search: 'ab' })).toBe('scan');
  expect(await chooseSearchPlan(db, { search: 'grafting' })).toBe('trigram');
  // A small status is cheaper to scan than the index is to read.
  expect(await chooseSearchPlan(db, { search: 'grafting', status: 'shipped' })).toBe('scan');
  expect((await ids({ search: '100%' }, 'scan')).length).toBe(1);
});
