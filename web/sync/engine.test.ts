// @vitest-environment node
/**
 * The sync engine against the real server (fresh SQLite, ephemeral port) and a real IndexedDB
 * (fake-indexeddb). Node has no Web Locks, so these runs also cover the Dexie lease fallback.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test/test-app';
import { createUserWithToken } from '../../server/auth/auth.test-support';
import { createTestOrder } from '../../server/orders/order.test-support';
import { bulkInsertOrders } from '../../server/seed/bulk-insert';
import { generateOrders } from '../../server/seed/order-generator';
import { ShopDatabase } from '../db/db';
import { createSyncEngine, type SyncEngine } from './engine';
import { ApiError } from '../api/api-error';
import { createHttpTransport, type SyncTransport } from './transport';
import { lossyTransport } from './lossy-transport.test-support';
import type { OrderStatus } from '../../shared/order-status';

let t: TestApp;
let token: string;
let otherToken: string;
let dbCount = 0;
let local: ShopDatabase;

beforeAll(async () => {
  t = await startTestApp();
  token = (await createUserWithToken(t, 'admin')).token;
  otherToken = (await createUserWithToken(t, 'admin')).token;
});
afterAll(async () => t?.close());
beforeEach(() => {
  local = new ShopDatabase(`engine-test-${++dbCount}`);
});
afterEach(async () => {
  local.close();
  await local.delete();
});

function httpTransport(): SyncTransport {
  return createHttpTransport({ fetch, getToken: () => token, baseUrl: t.url });
}

function engineFor(db: ShopDatabase, transport: SyncTransport = httpTransport()): SyncEngine {
  return createSyncEngine({ db, transport });
}

async function serverHistory(orderId: string) {
  return t.app.context.db
    .selectFrom('order_history')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('version')
    .execute();
}

async function serverStatus(orderId: string): Promise<OrderStatus> {
  const row = await t.app.context.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.status;
}

describe('sync engine with the real server', () => {
  it('pulls orders into the cache and shows a queued change at once, with a pending mark', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'processing' });
    const engine = engineFor(local);
    expect((await engine.pull()).ok).toBe(true);
    expect((await local.orderCache.get(order.id))?.status).toBe('processing');

    await engine.queueStatusChanges([{ orderId: order.id, status: 'printed' }]);
    const cached = await local.orderCache.get(order.id);
    expect(cached).toMatchObject({ status: 'printed', pendingCount: 1 });
    expect(await local.outbox.count()).toBe(1);
    expect(await serverStatus(order.id)).toBe('processing');

    expect((await engine.sync()).ok).toBe(true);
    expect(await local.outbox.count()).toBe(0);
    expect(await local.orderCache.get(order.id)).toMatchObject({ status: 'printed', pendingCount: 0 });
    expect(await serverStatus(order.id)).toBe('printed');
  });

  it('keeps every group written before a pull fails, and the next pull fetches only the rest', async () => {
    const db = t.app.context.db;
    await bulkInsertOrders(db, generateOrders(2_100));
    // Pages of 250, a first group of 1,000: groups are written after pages 4 and 8; page 9 fails.
    const pulledSince: (string | null)[] = [];
    let failAt = 9;
    const flaky: SyncTransport = {
      push: (mutations) => httpTransport().push(mutations),
      pull: async (since, limit) => {
        pulledSince.push(since);
        if (pulledSince.length === failAt) throw new ApiError('network down', 0, 'NETWORK_ERROR');
        return httpTransport().pull(since, limit);
      },
    };
    const engine = createSyncEngine({ db: local, transport: flaky, pullLimit: 250, pullWriteGroup: 1_000 });
    expect((await engine.pull()).ok).toBe(false);
    expect(await local.orderCache.count()).toBe(2_000);

    failAt = 0;
    const resumedFrom = pulledSince.length;
    const outcome = await engine.pull();
    expect(outcome).toMatchObject({ ok: true });
    // The next pull starts from the cursor stored with the second group.
    expect(pulledSince[resumedFrom]).toBe(pulledSince[8]);
    const serverCount = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(await local.orderCache.count()).toBe(Number(serverCount.n));
  });

  it('replays a push whose response was lost and the server applies it once', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'processing' });
    const real = httpTransport();
    let dropNextResponse = true;
    const lossy: SyncTransport = {
      pull: real.pull,
      async push(mutations) {
        const response = await real.push(mutations);
        if (dropNextResponse) {
          dropNextResponse = false;
          throw new ApiError('Network error. Please check your connection.', 0, 'NETWORK_ERROR');
        }
        return response;
      },
    };
    const engine = engineFor(local, lossy);
    await engine.pull();
    await engine.queueStatusChanges([{ orderId: order.id, status: 'shipped', trackingNumber: 'TRKABC123XYZ' }]);

    const first = await engine.flush();
    expect(first.ok).toBe(false);
    expect(await local.outbox.count()).toBe(1);
    expect((await local.outbox.toArray())[0].attempts).toBe(1);

    const second = await engine.sync();
    expect(second.ok).toBe(true);
    expect(await local.outbox.count()).toBe(0);
    expect(await local.conflicts.count()).toBe(0);
    const history = (await serverHistory(order.id)).filter((row) => row.to_status === 'shipped');
    expect(history).toHaveLength(1);
    expect(history[0].tracking_number).toBe('TRKABC123XYZ');
    expect(await local.orderCache.get(order.id)).toMatchObject({ status: 'shipped', trackingNumber: 'TRKABC123XYZ', pendingCount: 0 });
  });

  it('makes a change stacked on a lost answer a conflict when another tablet changed the order since', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'processing' });
    const tabletA = lossyTransport(httpTransport());
    const engineA = engineFor(local, tabletA);
    await engineA.pull();
    // A marks Printed: the server applies it, the answer is lost. A marks Shipped on top, queued.
    await engineA.queueStatusChanges([{ orderId: order.id, status: 'printed' }]);
    tabletA.loseNextAnswer(true);
    expect((await engineA.flush()).ok).toBe(false);
    await engineA.queueStatusChanges([{ orderId: order.id, status: 'shipped', trackingNumber: 'TRKSTACKED01' }]);
    // Tablet B, which sees Printed, cancels the order.
    const other = new ShopDatabase(`engine-test-b-${dbCount}`);
    try {
      const engineB = engineFor(other, createHttpTransport({ fetch, getToken: () => otherToken, baseUrl: t.url }));
      await engineB.pull();
      await engineB.queueStatusChanges([{ orderId: order.id, status: 'cancelled' }]);
      expect((await engineB.sync()).ok).toBe(true);
    } finally {
      other.close();
      await other.delete();
    }
    // A heals: Printed is a duplicate, Shipped a conflict against the cancelled order; nothing is shipped.
    expect((await engineA.sync()).ok).toBe(true);
    expect(await serverStatus(order.id)).toBe('cancelled');
    expect((await serverHistory(order.id)).map((row) => row.to_status)).toEqual(['processing', 'printed', 'cancelled']);
    expect(await local.outbox.count()).toBe(0);
    const conflicts = await local.conflicts.toArray();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ orderId: order.id, mutation: { status: 'shipped' }, serverStatus: 'cancelled' });
    expect(await local.orderCache.get(order.id)).toMatchObject({ status: 'cancelled', pendingCount: 0 });
  });

  it('surfaces a conflict with the server order, and re-applying it wins on the new version', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'processing' });
    const engine = engineFor(local);
    await engine.pull();
    await engine.queueStatusChanges([{ orderId: order.id, status: 'printed' }]);

    // Meanwhile another tablet cancels the order.
    const other = new ShopDatabase(`engine-test-other-${dbCount}`);
    const otherEngine = engineFor(other);
    await otherEngine.pull();
    await otherEngine.queueStatusChanges([{ orderId: order.id, status: 'cancelled' }]);
    expect((await otherEngine.sync()).ok).toBe(true);
    other.close();
    await other.delete();

    const outcome = await engine.sync();
    expect(outcome).toMatchObject({ ok: true, conflicts: 1 });
    const [conflict] = await local.conflicts.toArray();
    expect(conflict).toMatchObject({ orderId: order.id, serverStatus: 'cancelled', orderNumber: order.order_number });
    expect(conflict.mutation.status).toBe('printed');
    expect(await local.orderCache.get(order.id)).toMatchObject({ status: 'cancelled', pendingCount: 0 });
    expect(await serverStatus(order.id)).toBe('cancelled');

    await engine.resolveConflict(conflict.id, 'reapply');
    expect(await local.conflicts.count()).toBe(0);
    expect((await local.orderCache.get(order.id))?.status).toBe('printed');
    expect((await engine.sync()).ok).toBe(true);
    expect(await serverStatus(order.id)).toBe('printed');
    expect(await local.conflicts.count()).toBe(0);
  });

  it('drops a conflict and keeps the server state', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'printed' });
    const engine = engineFor(local);
    await engine.pull();
    await engine.queueStatusChanges([{ orderId: order.id, status: 'shipped', trackingNumber: 'TRK000000001' }]);
    const adminToken = (await createUserWithToken(t, 'admin')).token;
    const patched = await t.request('PATCH', `/api/orders/${order.id}/status`, { token: adminToken, body: { status: 'cancelled' } });
    expect(patched.status).toBe(200);

    await engine.sync();
    const [conflict] = await local.conflicts.toArray();
    expect(conflict.serverStatus).toBe('cancelled');
    await engine.resolveConflict(conflict.id, 'drop');
    expect(await local.conflicts.count()).toBe(0);
    expect(await local.outbox.count()).toBe(0);
    expect((await engine.sync()).ok).toBe(true);
    expect(await serverStatus(order.id)).toBe('cancelled');
    expect((await local.orderCache.get(order.id))?.status).toBe('cancelled');
  });

  it('flushes 1,000 queued changes in queue order, each applied once', async () => {
    const orders: Awaited<ReturnType<typeof createTestOrder>>[] = [];
    for (let i = 0; i < 250; i++) orders.push(await createTestOrder(t.app.context.db, { status: 'processing' }));
    const engine = engineFor(local);
    await engine.pull();
    const steps: OrderStatus[] = ['printed', 'shipped', 'delivered', 'cancelled'];
    for (const status of steps) {
      await engine.queueStatusChanges(orders.map((o) => ({ orderId: o.id, status, trackingNumber: status === 'shipped' ? `TRK${o.id.slice(0, 9).toUpperCase()}` : null })));
    }
    expect(await local.outbox.count()).toBe(1000);

    const outcome = await engine.sync();
    expect(outcome).toMatchObject({ ok: true, pushed: 1000, conflicts: 0 });
    expect(await local.outbox.count()).toBe(0);
    for (const order of [orders[0], orders[137], orders[249]]) {
      const history = await serverHistory(order.id);
      expect(history.filter((row) => row.source === 'sync').map((row) => row.to_status)).toEqual(steps);
    }
    const statuses = await t.app.context.db.selectFrom('orders').select(['status']).where('id', 'in', orders.map((o) => o.id)).execute();
    expect(statuses.every((row) => row.status === 'cancelled')).toBe(true);
    expect((await local.orderCache.toArray()).filter((o) => orders.some((x) => x.id === o.id)).every((o) => o.status === 'cancelled' && o.pendingCount === 0)).toBe(true);
  });

  it('never pushes a change twice when two tabs flush the same outbox at once', async () => {
    const orders: Awaited<ReturnType<typeof createTestOrder>>[] = [];
    for (let i = 0; i < 20; i++) orders.push(await createTestOrder(t.app.context.db, { status: 'processing' }));
    const pushedIds: string[] = [];
    const counting = (): SyncTransport => {
      const real = httpTransport();
      return {
        pull: real.pull,
        async push(mutations) {
          pushedIds.push(...mutations.map((m) => m.id));
          return real.push(mutations);
        },
      };
    };
    const tabA = new ShopDatabase(local.name);
    const tabB = new ShopDatabase(local.name);
    const engineA = engineFor(tabA, counting());
    const engineB = engineFor(tabB, counting());
    await engineA.pull();
    await engineA.queueStatusChanges(orders.map((o) => ({ orderId: o.id, status: 'printed' as const })));
    await engineB.queueStatusChanges(orders.map((o) => ({ orderId: o.id, status: 'shipped' as const, trackingNumber: 'TRK123456789' })));

    const [a, b] = await Promise.all([engineA.sync(), engineB.sync()]);
    expect(a.ok && b.ok).toBe(true);
    expect(pushedIds).toHaveLength(40);
    expect(new Set(pushedIds).size).toBe(40);
    expect(await local.outbox.count()).toBe(0);
    for (const order of orders.slice(0, 3)) {
      expect((await serverHistory(order.id)).filter((row) => row.source === 'sync').map((row) => row.to_status)).toEqual(['printed', 'shipped']);
    }
    tabA.close();
    tabB.close();
  });

  it('keeps the outbox when the server refuses the token, and a customer cannot pull', async () => {
    const customer = (await createUserWithToken(t, 'customer')).token;
    const transport = createHttpTransport({ fetch, getToken: () => customer, baseUrl: t.url });
    const engine = engineFor(local, transport);
    const outcome = await engine.pull();
    expect(outcome.ok).toBe(false);
    expect([401, 403]).toContain(outcome.status);
  });
});
