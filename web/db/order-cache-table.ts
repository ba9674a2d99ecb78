/**
 * The admin order cache in IndexedDB, stored as a fixed number of buckets of orders rather than a
 * record per order. IndexedDB's cost is per record: in Chromium 10,000 small records take seconds
 * to store, the same orders in a hundred records a tenth of that (docs/decisions.md). An order's
 * bucket follows from its id, so reading or changing one order reads or rewrites its bucket only.
 *
 * Every write goes through here: it tells the change feed (order-change-feed.ts) which orders it
 * wrote, so the admin views apply exactly those once the transaction has committed.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { CachedOrder } from './cached-order';
import type { OrderChangeFeed } from './order-change-feed';

/** Enough that a bucket of a large cache stays small to rewrite, few enough that a full write stays a few records. */
export const ORDER_BUCKETS = 128;

export interface OrderBucket {
  bucket: number;
  orders: CachedOrder[];
}

export type OrderBucketTable = EntityTable<OrderBucket, 'bucket'>;

/** A time-ordered id (UUIDv7): its first 12 hex digits are the order's creation time in ms. */
const TIME_ORDERED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7/;

/**
 * The bucket of an order id. Orders created within the same 2^24 ms (about 4.7 hours, the first six
 * hex digits of a time-ordered id) share a bucket: the orders that change together, the recent ones
 * going through production, then rewrite few buckets. Other ids are spread by their whole text.
 */
export function bucketOf(id: string): number {
  const key = TIME_ORDERED_ID.test(id) ? id.slice(0, 6) : id;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % ORDER_BUCKETS;
}

/** A table-like view of the cached orders: reads and writes by order, buckets underneath. */
export class CachedOrderTable {
  /**
   * Buckets already read or written in a transaction: a change reads the orders it changes, then
   * writes them, and a bucket holds many orders, so within one transaction each is read once.
   */
  private readonly seen = new WeakMap<IDBTransaction, Map<number, OrderBucket | undefined>>();

  constructor(
    private readonly db: Dexie,
    private readonly buckets: () => OrderBucketTable,
    private readonly feed: OrderChangeFeed,
  ) {}

  /** Every cached order, in no particular order. */
  async toArray(): Promise<CachedOrder[]> {
    return (await this.buckets().toArray()).flatMap((bucket) => bucket.orders);
  }

  async count(): Promise<number> {
    return (await this.toArray()).length;
  }

  async get(id: string): Promise<CachedOrder | undefined> {
    const bucket = await this.buckets().get(bucketOf(id));
    return bucket?.orders.find((order) => order.id === id);
  }

  /** The orders of `ids`, in the same order, undefined where one is not cached. */
  async bulkGet(ids: readonly string[]): Promise<(CachedOrder | undefined)[]> {
    if (!ids.length) return [];
    const wanted = new Set(ids);
    const buckets = await this.readBuckets([...new Set(ids.map(bucketOf))]);
    const byId = new Map<string, CachedOrder>();
    for (const bucket of buckets) for (const order of bucket?.orders ?? []) if (wanted.has(order.id)) byId.set(order.id, order);
    return ids.map((id) => byId.get(id));
  }

  put(order: CachedOrder): Promise<void> {
    return this.bulkPut([order]);
  }

  /** Stores the orders (the last of one id wins), in one transaction with the caller's, if any. */
  bulkPut(orders: readonly CachedOrder[]): Promise<void> {
    return this.rewrite(orders, [], orders.map((order) => order.id));
  }

  delete(id: string): Promise<void> {
    return this.bulkDelete([id]);
  }

  bulkDelete(ids: readonly string[]): Promise<void> {
    return this.rewrite([], ids, ids);
  }

  async clear(): Promise<void> {
    await this.db.transaction('rw', this.buckets(), async (tx) => {
      await this.buckets().clear();
      this.feed.cleared(tx.idbtrans);
    });
  }

  /** Rewrites the buckets of `ids` with `written` stored and `deleted` left out. */
  private async rewrite(written: readonly CachedOrder[], deleted: readonly string[], ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const byBucket = new Map<number, { written: CachedOrder[]; deleted: string[] }>();
    const of = (id: string) => {
      const key = bucketOf(id);
      let group = byBucket.get(key);
      if (!group) byBucket.set(key, (group = { written: [], deleted: [] }));
      return group;
    };
    for (const order of written) of(order.id).written.push(order);
    for (const id of deleted) of(id).deleted.push(id);
    await this.db.transaction('rw', this.buckets(), async (tx) => {
      const keys = [...byBucket.keys()];
      const stored = await this.readBuckets(keys);
      const next = keys.map((key, index) => {
        const orders = new Map((stored[index]?.orders ?? []).map((order) => [order.id, order]));
        const group = byBucket.get(key)!;
        for (const order of group.written) orders.set(order.id, order);
        for (const id of group.deleted) orders.delete(id);
        return { bucket: key, orders: [...orders.values()] };
      });
      await this.buckets().bulkPut(next);
      const seen = this.seen.get(tx.idbtrans);
      for (const bucket of next) seen?.set(bucket.bucket, bucket);
      this.feed.wrote(tx.idbtrans, written, deleted);
    });
  }

  /** The buckets of `keys`, each read once per transaction of the order cache. */
  private async readBuckets(keys: readonly number[]): Promise<(OrderBucket | undefined)[]> {
    const trans = Dexie.currentTransaction;
    if (!trans?.idbtrans || !trans.storeNames.includes(this.buckets().name)) return this.buckets().bulkGet([...keys]);
    let seen = this.seen.get(trans.idbtrans);
    if (!seen) this.seen.set(trans.idbtrans, (seen = new Map()));
    const missing = keys.filter((key) => !seen.has(key));
    const read = await this.buckets().bulkGet(missing);
    missing.forEach((key, index) => seen.set(key, read[index]));
    return keys.map((key) => seen.get(key));
  }
}
