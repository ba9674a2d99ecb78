import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopDatabase, type CachedOrder, type OutboxEntry } from './db';
import { bucketOf, ORDER_BUCKETS } from './order-cache-table';
import { toCachedOrder } from '../sync/order-cache';
import { adminOrder } from '../routes/admin/admin-orders.test-support';
import { SYNC_META } from '../sync/meta-keys';

let count = 0;
const opened: Dexie[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));
function track<T extends Dexie>(db: T): T {
  opened.push(db);
  return db;
}

const orders = (n: number) => Array.from({ length: n }, (_, i) => toCachedOrder(adminOrder({ customText: `Bombshell ${i}` }), []));

describe('the order cache in buckets', () => {
  it('reads back every order written, by id and all at once, in few records', async () => {
    const db = track(new ShopDatabase(`order-cache-${++count}`));
    const all = orders(1_000);
    await db.orderCache.bulkPut(all.slice(0, 600));
    await db.orderCache.bulkPut(all.slice(600));
    expect(await db.orderBuckets.count()).toBeLessThanOrEqual(ORDER_BUCKETS);
    expect((await db.orderCache.toArray()).map((o) => o.id).sort()).toEqual(all.map((o) => o.id).sort());
    const wanted = [all[999]!.id, 'not-cached', all[0]!.id, all[0]!.id];
    expect((await db.orderCache.bulkGet(wanted)).map((o) => o?.id)).toEqual([all[999]!.id, undefined, all[0]!.id, all[0]!.id]);
    expect(await db.orderCache.get(all[500]!.id)).toEqual(all[500]);
  });

  it('changes one order without touching the others, and forgets a deleted one', async () => {
    const db = track(new ShopDatabase(`order-cache-${++count}`));
    const all = orders(300);
    await db.orderCache.bulkPut(all);
    const target = all[42]!;
    await db.orderCache.put({ ...target, status: 'printed', pendingCount: 1 });
    await db.orderCache.delete(all[7]!.id);
    const after = await db.orderCache.toArray();
    expect(after).toHaveLength(299);
    expect(after.find((o) => o.id === target.id)).toMatchObject({ status: 'printed', pendingCount: 1 });
    expect(after.filter((o) => o.id !== target.id)).toEqual(expect.arrayContaining(all.filter((o) => o.id !== target.id && o.id !== all[7]!.id)));
    expect(await db.orderCache.get(all[7]!.id)).toBeUndefined();
  });

  it('keeps the cached orders, the outbox and the sync cursor of a tablet on the earlier layout', async () => {
    const name = `order-cache-upgrade-${++count}`;
    const before = track(new Dexie(name));
    before.version(1).stores({ cart: 'id, addedAt', likes: 'designId', meta: 'key', adminOrders: 'id, orderNumber, status, createdAtMs, pendingCount', outbox: '++seq, &id, orderId', conflicts: 'id, orderId' });
    before.version(2).stores({ adminOrders: 'id' });
    const cached = orders(250);
    const waiting: OutboxEntry = {
      id: 'm-1',
      orderId: cached[3]!.id,
      attempts: 0,
      mutation: { id: 'm-1', orderId: cached[3]!.id, type: 'setStatus', status: 'printed', baseVersion: 1, at: new Date().toISOString() },
    };
    await before.table<CachedOrder>('adminOrders').bulkPut(cached);
    await before.table('outbox').add(waiting);
    await before.table('meta').put({ key: SYNC_META.cursor, value: 'c-9' });
    before.close();

    const db = track(new ShopDatabase(name));
    expect((await db.orderCache.toArray()).map((o) => o.id).sort()).toEqual(cached.map((o) => o.id).sort());
    expect(await db.orderCache.get(cached[3]!.id)).toEqual(cached[3]);
    expect(await db.outbox.toArray()).toEqual([{ ...waiting, seq: 1 }]);
    expect(await db.meta.get(SYNC_META.cursor)).toEqual({ key: SYNC_META.cursor, value: 'c-9' });
    expect(db.tables.map((table) => table.name)).not.toContain('adminOrders');
  });
});

describe('bucketOf', () => {
  it('puts orders created within a few hours of each other together, and spreads the rest', () => {
    const at = (ms: number, tail: string) => `${ms.toString(16).padStart(12, '0').slice(0, 8)}-${ms.toString(16).padStart(12, '0').slice(8)}-7${tail}`;
    const start = Date.UTC(2026, 11, 7, 9);
    const morning = Array.from({ length: 50 }, (_, i) => at(start + i * 60_000, `abc-8def-${String(i).padStart(12, '0')}`));
    expect(new Set(morning.map(bucketOf)).size).toBeLessThanOrEqual(2);
    const year = Array.from({ length: 2_000 }, (_, i) => at(start - i * 4 * 3_600_000, `abc-8def-${String(i).padStart(12, '0')}`));
    expect(new Set(year.map(bucketOf)).size).toBeGreaterThan(ORDER_BUCKETS * 0.9);
    expect(new Set(Array.from({ length: 2_000 }, (_, i) => bucketOf(`order-${i}`))).size).toBeGreaterThan(ORDER_BUCKETS * 0.9);
  });
});
