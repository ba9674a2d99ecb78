import Dexie, { type EntityTable } from 'dexie';
import type { Design } from '../../shared/design';
import type { SyncMutation } from '../../shared/sync';
import { OrderChangeFeed } from './order-change-feed';
import { bucketOf, CachedOrderTable, type OrderBucket, type OrderBucketTable } from './order-cache-table';
import type { CachedOrder } from './cached-order';
import { SHOP_DB_NAME } from './db-name';

export type { CachedOrder };

/** A cart line in the browser (spec.md §3 "Cart item"): a design and its line; money is integer cents here. */
export interface CartLine extends Design {
  id: string;
  productType: string;
  variant: string;
  priceCents: number;
  quantity: number;
  addedAt: number;
}

export interface GalleryLike {
  designId: string;
  likes: number;
}

/** Small key-value records: visitor id, last visit day, last order, sync cursor, … */
export interface MetaRecord {
  key: string;
  value: unknown;
}


export interface OutboxEntry {
  seq?: number;
  mutation: SyncMutation;
  id: string;
  orderId: string;
  attempts: number;
  lastError?: string;
}

export interface SyncConflict {
  id: string;
  orderId: string;
  orderNumber: string;
  mutation: SyncMutation;
  serverStatus: string;
  serverVersion: number;
  detectedAt: number;
}

/** The shop's IndexedDB database (design.md §4). One instance per page; see `db` below. */
export class ShopDatabase extends Dexie {
  cart!: EntityTable<CartLine, 'id'>;
  likes!: EntityTable<GalleryLike, 'designId'>;
  meta!: EntityTable<MetaRecord, 'key'>;
  /** The admin order cache's storage: name it in a transaction's tables; read and write through `orderCache`. */
  orderBuckets!: OrderBucketTable;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  conflicts!: EntityTable<SyncConflict, 'id'>;
  /** Committed changes to the order cache, for the admin views' in-memory list. */
  readonly orderChanges: OrderChangeFeed;
  /** The admin order cache, by order (order-cache-table.ts). */
  readonly orderCache: CachedOrderTable;

  constructor(name = SHOP_DB_NAME) {
    super(name);
    this.orderChanges = new OrderChangeFeed(name);
    this.orderCache = new CachedOrderTable(this, () => this.orderBuckets, this.orderChanges);
    this.version(1).stores({
      cart: 'id, addedAt',
      likes: 'designId',
      meta: 'key',
      adminOrders: 'id, orderNumber, status, createdAtMs, pendingCount',
      outbox: '++seq, &id, orderId',
      conflicts: 'id, orderId',
    });
    this.version(2).stores({ adminOrders: 'id' });
    // The order cache moves from a record per order into buckets (order-cache-table.ts), keeping
    // what was cached; the outbox and conflicts stay as they are.
    this.version(3)
      .stores({ orderBuckets: 'bucket' })
      .upgrade(async (tx) => {
        const buckets = new Map<number, CachedOrder[]>();
        await tx.table<CachedOrder>('adminOrders').each((order) => {
          const key = bucketOf(order.id);
          const bucket = buckets.get(key);
          if (bucket) bucket.push(order);
          else buckets.set(key, [order]);
        });
        await tx.table<OrderBucket>('orderBuckets').bulkPut([...buckets].map(([bucket, orders]) => ({ bucket, orders })));
      });
    this.version(4).stores({ adminOrders: null });
  }

  override close(...args: Parameters<Dexie['close']>): void {
    this.orderChanges.dispose();
    super.close(...args);
  }
}

export const db = new ShopDatabase();
