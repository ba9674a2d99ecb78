// @vitest-environment node
/**
 * No silent overwrite: a status change carries the order as the admin saw it. Against the
 * real server (fresh SQLite) and a real IndexedDB (fake-indexeddb), like engine.test.ts.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test/test-app';
import { createUserWithToken } from '../../server/auth/auth.test-support';
import { createTestOrder } from '../../server/orders/order.test-support';
import type { OrderStatus } from '../../shared/order-status';
import { ShopDatabase } from '../db/db';
import { createSyncEngine, type SyncEngine } from './engine';
import { StaleOrderError } from './outbox';
import { createHttpTransport } from './transport';

let t: TestApp;
let token: string;
let local: ShopDatabase;
let engine: SyncEngine;
let dbCount = 0;

beforeAll(async () => {
  t = await startTestApp();
  token = (await createUserWithToken(t, 'admin')).token;
});
afterAll(async () => t?.close());
beforeEach(() => {
  local = new ShopDatabase(`stale-changes-test-${++dbCount}`);
  engine = createSyncEngine({ db: local, transport: createHttpTransport({ fetch, getToken: () => token, baseUrl: t.url }) });
});
afterEach(async () => {
  local.close();
  await local.delete();
});

/** Another device's change, straight to the server. */
async function setOnServer(orderId: string, status: OrderStatus): Promise<void> {
  const patched = await t.request('PATCH', `/api/orders/${orderId}/status`, { token, body: { status } });
  expect(patched.status).toBe(200);
}

async function serverStatus(orderId: string): Promise<string> {
  return (await t.app.context.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

it('refuses to queue a change made on a view older than the cache, and queues nothing', async () => {
  const order = await createTestOrder(t.app.context.db, { status: 'processing' });
  await engine.pull();
  const seen = { status: 'processing', version: (await local.orderCache.get(order.id))!.version };
  await setOnServer(order.id, 'printed');
  await engine.pull();

  await expect(engine.queueStatusChanges([{ orderId: order.id, status: 'cancelled', seen }])).rejects.toBeInstanceOf(StaleOrderError);
  expect(await local.outbox.count()).toBe(0);
  expect((await local.orderCache.get(order.id))?.status).toBe('printed');
});

it('sends the version the admin saw, so a server that moved on answers a conflict instead of being overwritten', async () => {
  const order = await createTestOrder(t.app.context.db, { status: 'processing' });
  await engine.pull();
  const cached = (await local.orderCache.get(order.id))!;
  await setOnServer(order.id, 'printed'); // not pulled yet

  await engine.queueStatusChanges([{ orderId: order.id, status: 'cancelled', seen: { status: cached.status, version: cached.version } }]);
  expect(await engine.sync()).toMatchObject({ ok: true, conflicts: 1 });
  expect(await serverStatus(order.id)).toBe('printed');
});

it('re-renders a conflict from the live order: a re-apply over a status the admin was not shown is a new conflict', async () => {
  const order = await createTestOrder(t.app.context.db, { status: 'processing' });
  await engine.pull();
  await engine.queueStatusChanges([{ orderId: order.id, status: 'printed' }]);
  await setOnServer(order.id, 'cancelled');
  await engine.sync();
  const [conflict] = await local.conflicts.toArray();
  expect(conflict.serverStatus).toBe('cancelled');
  const shown = { status: 'cancelled', version: (await local.orderCache.get(order.id))!.version };

  // The order moves on again and the tablet pulls it while the admin looks at the old conflict.
  await setOnServer(order.id, 'processing');
  await engine.pull();
  expect(await engine.resolveConflict(conflict.id, 'reapply', shown)).toBe('stale');
  expect(await local.outbox.count()).toBe(0);
  const renewed = (await local.conflicts.get(conflict.id))!;
  expect(renewed).toMatchObject({ serverStatus: 'processing' });

  // Shown the live status, the admin re-applies: it goes on top of that version and wins.
  expect(await engine.resolveConflict(conflict.id, 'reapply', { status: 'processing', version: renewed.serverVersion })).toBe('resolved');
  expect(await local.conflicts.count()).toBe(0);
  expect((await engine.sync()).ok).toBe(true);
  expect(await serverStatus(order.id)).toBe('printed');
});
