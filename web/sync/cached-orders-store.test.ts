import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopDatabase, type CachedOrder } from '../db/db';
import { queueStatusChanges } from './outbox';
import { toCachedOrder } from './order-cache';
import { adminOrder } from '../routes/admin/admin-orders.test-support';
import { createCachedOrdersStore, mergeSorted, newestFirst } from './cached-orders-store';

let count = 0;
const opened: ShopDatabase[] = [];
function openDb(name = `orders-store-${++count}`) {
  const db = new ShopDatabase(name);
  opened.push(db);
  return db;
}
afterEach(() => opened.splice(0).forEach((db) => db.close()));

const cached = (createdAt: string, text = 'Bombshell') => toCachedOrder(adminOrder({ createdAt, customText: text }), []);
const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12)).toISOString();

/** The store's list must always be what a full read of the cache, sorted, would give. */
async function expectSameAsCache(store: ReturnType<typeof createCachedOrdersStore>, db: ShopDatabase) {
  await store.settled();
  const full = (await db.orderBuckets.toCollection().toArray()).flatMap((bucket) => bucket.orders).sort(newestFirst);
  expect(store.getSnapshot()).toEqual(full);
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the in-memory list of cached orders', () => {
  it('reads the cache once, then follows writes, status changes, deletes and clears without re-reading', async () => {
    const db = openDb();
    await db.orderCache.bulkPut([cached(day(3)), cached(day(1))]);
    const store = createCachedOrdersStore(db);
    const unsubscribe = store.subscribe(() => undefined);
    expect(store.getSnapshot()).toBeUndefined();
    await expectSameAsCache(store, db);
    expect(store.getSnapshot()).toHaveLength(2);

    const reads = { count: 0 };
    const toArray = db.orderCache.toArray.bind(db.orderCache);
    db.orderCache.toArray = (() => (reads.count++, toArray())) as typeof db.orderCache.toArray;

    await db.transaction('rw', db.orderBuckets, () => db.orderCache.bulkPut([cached(day(2)), cached(day(5)), cached(day(1), 'Islander')]));
    await expectSameAsCache(store, db);
    const before = store.getSnapshot()!;
    const target = before[2];
    await queueStatusChanges(db, [{ orderId: target.id, status: 'printed' }]);
    await expectSameAsCache(store, db);
    expect(store.getSnapshot()![2]).toMatchObject({ id: target.id, status: 'printed', pendingCount: 1 });
    expect(store.getSnapshot()![0]).toBe(before[0]);
    await db.orderCache.delete(before[0].id);
    await expectSameAsCache(store, db);
    expect(reads.count).toBe(0);

    await db.orderCache.clear();
    await expectSameAsCache(store, db);
    expect(store.getSnapshot()).toEqual([]);
    unsubscribe();
  });

  it('ignores writes of a transaction that was rolled back', async () => {
    const db = openDb();
    const store = createCachedOrdersStore(db);
    store.subscribe(() => undefined);
    await store.settled();
    await db
      .transaction('rw', db.orderBuckets, async () => {
        await db.orderCache.put(cached(day(4)));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expectSameAsCache(store, db);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps the last write of an order within one transaction (deleted, then written again)', async () => {
    const db = openDb();
    const order = cached(day(6));
    await db.orderCache.put(order);
    const store = createCachedOrdersStore(db);
    store.subscribe(() => undefined);
    await store.settled();
    await db.transaction('rw', db.orderBuckets, async () => {
      await db.orderCache.delete(order.id);
      await db.orderCache.put({ ...order, status: 'delivered' });
    });
    await expectSameAsCache(store, db);
    expect(store.getSnapshot()).toEqual([{ ...order, status: 'delivered' }]);
    await db.transaction('rw', db.orderBuckets, async () => {
      await db.orderCache.put({ ...order, status: 'cancelled' });
      await db.orderCache.delete(order.id);
    });
    await expectSameAsCache(store, db);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('follows changes another page makes to the same database', async () => {
    const name = `orders-store-shared-${++count}`;
    const mine = openDb(name);
    const other = openDb(name);
    await mine.orderCache.bulkPut([cached(day(1)), cached(day(2))]);
    const store = createCachedOrdersStore(mine);
    store.subscribe(() => undefined);
    await store.settled();
    const [first] = await other.orderCache.toArray();
    await queueStatusChanges(other, [{ orderId: first.id, status: 'shipped', trackingNumber: 'TRK123456789' }]);
    await other.orderCache.put(cached(day(9)));
    await until(() => store.getSnapshot()?.length === 3 && store.getSnapshot()!.some((o) => o.status === 'shipped'));
    await expectSameAsCache(store, mine);
    await other.orderCache.clear();
    await until(() => store.getSnapshot()?.length === 0);
    await expectSameAsCache(store, mine);
  });
});

describe('mergeSorted', () => {
  it('merges two newest-first lists into one, as sorting them together would', () => {
    const all: CachedOrder[] = Array.from({ length: 30 }, (_, i) => cached(day(1 + (i % 9))));
    const a = all.filter((_, i) => i % 3 !== 0).sort(newestFirst);
    const b = all.filter((_, i) => i % 3 === 0).sort(newestFirst);
    expect(mergeSorted(a, b)).toEqual([...all].sort(newestFirst));
  });
});
