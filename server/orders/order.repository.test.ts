import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { createTestOrder } from './order.test-support';
import { findOrderById, loadItems } from './order.repository';
import { toAdminView } from './order.mapper';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('writes an order whole: items, first history row, a fresh change sequence and an unguessable number', async () => {
  const db = t.app.context.db;
  const first = await createTestOrder(db, { items: [{ text: 'Mugged Off' }, { device: 'Large Bottle', text: 'Grafting', quantity: 2 }] });
  const second = await createTestOrder(db);
  expect(second.change_seq).toBe(first.change_seq + 1);
  expect(first.order_number).toMatch(/^VP-[A-Z2-9]{8}$/);
  expect(first.order_number).not.toBe(second.order_number);

  const stored = await findOrderById(db, first.id);
  const items = (await loadItems(db, [first.id])).get(first.id)!;
  const view = toAdminView(stored!, items);
  expect(view).toMatchObject({ device: 'iPhone 14 Pro', customText: 'Mugged Off', quantity: 3, total: 19.37, version: 1 });
  expect(view.items[1]).toMatchObject({ productType: 'water-bottle', quantity: 2, price: 5.95 });
  const history = await db.selectFrom('order_history').selectAll().where('order_id', '=', first.id).execute();
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({ from_status: null, to_status: 'processing', version: 1 });
});
