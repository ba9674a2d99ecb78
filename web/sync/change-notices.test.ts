import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopDatabase } from '../db/db';
import { queueStatusChanges } from './outbox';
import { toCachedOrder } from './order-cache';
import { adminOrder } from '../routes/admin/admin-orders.test-support';
import { createChangeNotices, queuedMessage, settledMessage } from './change-notices';

let count = 0;
const opened: ShopDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

async function setup() {
  const db = new ShopDatabase(`change-notices-${++count}`);
  opened.push(db);
  const orders = [adminOrder({ orderNumber: 'VP-AAAA2222' }), adminOrder({ orderNumber: 'VP-BBBB3333' })];
  await db.orderCache.bulkPut(orders.map((o) => toCachedOrder(o, [])));
  const messages: string[] = [];
  const notices = createChangeNotices(db, 30);
  notices.setSink({ notify: (m) => messages.push(m), notifyError: (m) => messages.push(`error: ${m}`) });
  return { db, orders, messages, notices };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('status change notices', () => {
  it('says queued while offline, then the spec message exactly once when the server applied it', async () => {
    const { db, orders, messages, notices } = await setup();
    const [mutation] = await queueStatusChanges(db, [{ orderId: orders[0]!.id, status: 'cancelled' }]);
    expect(notices.track([mutation!.id], 'cancelled', false)).toBe('Queued: will sync when online');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(messages).toEqual([]);
    // The engine acknowledges: the entry leaves the outbox (and other writes follow).
    await db.outbox.where('id').equals(mutation!.id).delete();
    await until(() => messages.length > 0);
    await db.orderCache.put({ ...(await db.orderCache.get(orders[0]!.id))!, pendingCount: 0 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(messages).toEqual(['Order status updated to Cancelled']);
  });

  it('online: nothing at once, the queued notice only if the server is slow, then the spec message', async () => {
    const { db, orders, messages, notices } = await setup();
    const [mutation] = await queueStatusChanges(db, [{ orderId: orders[0]!.id, status: 'shipped' }]);
    expect(notices.track([mutation!.id], 'shipped', true)).toBe('');
    await until(() => messages.length > 0);
    expect(messages).toEqual(['Queued: will sync as soon as the server answers']);
    await db.outbox.clear();
    await until(() => messages.length > 1);
    expect(messages).toEqual(['Queued: will sync as soon as the server answers', 'Order status updated to Shipped']);
  });

  it('reports a conflict instead of success, in the same single message as the applied ones', async () => {
    const { db, orders, messages, notices } = await setup();
    const mutations = await queueStatusChanges(db, orders.map((o) => ({ orderId: o.id, status: 'printed' as const })));
    notices.track(mutations.map((m) => m.id), 'printed', false);
    const [applied, refused] = mutations;
    await db.transaction('rw', db.outbox, db.conflicts, async () => {
      await db.outbox.clear();
      await db.conflicts.put({ id: refused!.id, orderId: refused!.orderId, orderNumber: 'VP-BBBB3333', mutation: refused!, serverStatus: 'cancelled', serverVersion: 2, detectedAt: 1 });
    });
    await until(() => messages.length > 0);
    expect(applied).toBeDefined();
    expect(messages).toEqual(['error: Order status updated to Ready to Ship (1 order); 1 change to Ready to Ship could not be applied: see the sync bar']);
  });
});

describe('many refused changes', () => {
  it('are reported in one summary message, not one each', async () => {
    const { db, orders, messages, notices } = await setup();
    const ids: string[] = [];
    // Separate actions, one per order, each refused when the tablet's queue meets the server.
    for (const order of orders) {
      const [mutation] = await queueStatusChanges(db, [{ orderId: order.id, status: 'shipped' }]);
      notices.track([mutation!.id], 'shipped', false);
      ids.push(mutation!.id);
    }
    const queued = await db.outbox.toArray();
    await db.transaction('rw', db.outbox, db.conflicts, async () => {
      await db.outbox.clear();
      await db.conflicts.bulkPut(queued.map((entry) => ({ id: entry.id, orderId: entry.orderId, orderNumber: 'VP-X', mutation: entry.mutation, serverStatus: 'cancelled', serverVersion: 2, detectedAt: 1 })));
    });
    await until(() => messages.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(ids.length).toBeGreaterThan(1);
    expect(messages).toEqual([`error: ${ids.length} changes could not be applied: see the sync bar`]);
  });
});

describe('after a reload', () => {
  it('still gives the spec message once for a change queued before the reload', async () => {
    const { db, orders, notices: _first } = await setup();
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
    const before = createChangeNotices(db, 30, storage);
    const [mutation] = await queueStatusChanges(db, [{ orderId: orders[1]!.id, status: 'delivered' }]);
    expect(before.track([mutation!.id], 'delivered', false)).toBe('Queued: will sync when online');

    // The page reloads: a new watcher reads what the old one kept.
    const after = createChangeNotices(db, 30, storage);
    const messages: string[] = [];
    after.setSink({ notify: (m) => messages.push(m), notifyError: (m) => messages.push(`error: ${m}`) });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(messages).toEqual([]);
    await db.outbox.clear();
    await until(() => messages.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(messages).toEqual(['Order status updated to Delivered']);
    expect(JSON.parse(stored.get('admin.changeNotices')!)).toEqual([]);
  });
});

describe('notice texts', () => {
  it('count bulk changes', () => {
    expect(queuedMessage(3, false)).toBe('3 changes queued: will sync when online');
    expect(settledMessage('delivered', 3, 0)).toEqual({ text: 'Order status updated to Delivered (3 orders)', error: false });
    expect(settledMessage('delivered', 0, 1).text).toBe('1 change to Delivered could not be applied: see the sync bar');
  });
});
