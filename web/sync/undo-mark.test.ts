// @vitest-environment node
/**
 * Undo of a fulfillment mark against the real server and a real IndexedDB (fake-indexeddb): a
 * queued mark is withdrawn and never reaches the server; a synced one is followed by a change back
 * that the server records in the order's history.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test/test-app';
import { createUserWithToken } from '../../server/auth/auth.test-support';
import { createTestOrder } from '../../server/orders/order.test-support';
import { ShopDatabase } from '../db/db';
import { createSyncEngine, type SyncEngine } from './engine';
import { createHttpTransport } from './transport';

let t: TestApp;
let token: string;
let dbCount = 0;
let local: ShopDatabase;
let engine: SyncEngine;

beforeAll(async () => {
  t = await startTestApp();
  token = (await createUserWithToken(t, 'admin')).token;
});
afterAll(async () => t?.close());
beforeEach(() => {
  local = new ShopDatabase(`undo-mark-test-${++dbCount}`);
  engine = createSyncEngine({ db: local, transport: createHttpTransport({ fetch, getToken: () => token, baseUrl: t.url }) });
});
afterEach(async () => {
  local.close();
  await local.delete();
});

async function serverHistory(orderId: string) {
  return t.app.context.db.selectFrom('order_history').select(['from_status', 'to_status', 'tracking_number']).where('order_id', '=', orderId).orderBy('version').execute();
}

async function markShipped(orderId: string) {
  const before = (await local.orderCache.get(orderId))!;
  const [mutation] = await engine.queueStatusChanges([{ orderId, status: 'shipped', trackingNumber: '1Z999AA10123456784' }]);
  return { before, mutationId: mutation!.id };
}

it('withdraws a mark still in the outbox: the cache shows the order as before and the server never sees it', async () => {
  const order = await createTestOrder(t.app.context.db, { status: 'printed' });
  await engine.pull();
  const mark = await markShipped(order.id);
  expect((await local.orderCache.get(order.id))?.status).toBe('shipped');

  const [result] = await engine.undoMarks([mark]);
  expect(result?.kind).toBe('withdrawn');
  expect(await local.outbox.count()).toBe(0);
  expect(await local.orderCache.get(order.id)).toMatchObject({ status: 'printed', trackingNumber: null, pendingCount: 0 });

  await engine.sync();
  expect((await serverHistory(order.id)).map((row) => row.to_status)).toEqual(['printed']);
});

it('follows a synced mark with a change back, recorded in the server history', async () => {
  const order = await createTestOrder(t.app.context.db, { status: 'printed' });
  await engine.pull();
  const mark = await markShipped(order.id);
  expect((await engine.sync()).pushed).toBe(1);

  const [result] = await engine.undoMarks([mark]);
  expect(result?.kind).toBe('reverted');
  expect((await local.orderCache.get(order.id))?.status).toBe('printed');
  await engine.sync();

  const history = await serverHistory(order.id);
  expect(history.map((row) => [row.from_status, row.to_status])).toEqual([
    [null, 'printed'],
    ['printed', 'shipped'],
    ['shipped', 'printed'],
  ]);
  expect(history[1]?.tracking_number).toBe('1Z999AA10123456784');
  expect(await local.outbox.count()).toBe(0);
});

it('changes back rather than withdraws when another change of the order was queued after the mark', async () => {
  const order = await createTestOrder(t.app.context.db, { status: 'printed' });
  await engine.pull();
  const mark = await markShipped(order.id);
  await engine.queueStatusChanges([{ orderId: order.id, status: 'delivered' }]);

  const [result] = await engine.undoMarks([mark]);
  expect(result?.kind).toBe('reverted');
  await engine.sync();
  expect((await serverHistory(order.id)).map((row) => row.to_status)).toEqual(['printed', 'shipped', 'delivered', 'printed']);
});
