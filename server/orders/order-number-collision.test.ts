import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TestApp } from '../test/test-app';

/** The order numbers to draw next; random ones once the list is used up. */
const drawn = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('./order-number', async (original) => {
  const actual = await original<typeof import('./order-number')>();
  return { generateOrderNumber: () => drawn.next.shift() ?? actual.generateOrderNumber() };
});

let t: TestApp;
let createTestOrder: typeof import('./order.test-support').createTestOrder;
let newTestOrder: typeof import('./order.test-support').newTestOrder;
let insertOrder: typeof import('./order.repository').insertOrder;
beforeAll(async () => {
  // Test files share a worker's modules (vitest.config.ts, isolate: false): forget them, so the app
  // imported below is built on the mocked order-number module rather than one another file loaded.
  vi.resetModules();
  ({ createTestOrder, newTestOrder } = await import('./order.test-support'));
  ({ insertOrder } = await import('./order.repository'));
  const { startTestApp } = await import('../test/test-app');
  t = await startTestApp();
});
afterAll(() => t.close());

it('draws another order number when the one drawn is taken, in its own transaction or in one shared with other orders', async () => {
  const db = t.app.context.db;
  drawn.next = ['VP-AAAAAAAA'];
  const first = await createTestOrder(db);
  drawn.next = ['VP-AAAAAAAA', 'VP-AAAAAAAA', 'VP-BBBBBBBB'];
  const second = await createTestOrder(db);
  drawn.next = ['VP-CCCCCCCC', 'VP-CCCCCCCC', 'VP-BBBBBBBB', 'VP-DDDDDDDD'];
  const [third, fourth] = await db.transaction().execute(async (trx) => [await insertOrder(trx, newTestOrder()), await insertOrder(trx, newTestOrder())]);

  expect([first, second, third, fourth].map((order) => order!.order_number)).toEqual(['VP-AAAAAAAA', 'VP-BBBBBBBB', 'VP-CCCCCCCC', 'VP-DDDDDDDD']);
  // One change sequence each, in order, none skipped by a retry; every order whole.
  expect([second, third, fourth].map((order) => order!.change_seq - first.change_seq)).toEqual([1, 2, 3]);
  const stored = await db.selectFrom('orders').select(['order_number', 'search_text']).orderBy('change_seq').execute();
  expect(stored.map((row) => row.order_number)).toEqual(['VP-AAAAAAAA', 'VP-BBBBBBBB', 'VP-CCCCCCCC', 'VP-DDDDDDDD']);
  expect(stored.every((row) => row.search_text.startsWith(row.order_number.toLowerCase()))).toBe(true);
  const items = await db.selectFrom('order_items').select('order_id').execute();
  expect(items).toHaveLength(4);
});
