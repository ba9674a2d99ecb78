import Dexie, { type EntityTable } from 'dexie';
import type { Design } from '../../shared/design';
import type { SyncMutation } from '../../shared/sync';
import { OrderChangeFeed } from './order-change-feed';
import type { CachedOrder } from './cached-order';

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
  adminOrders!: EntityTable<CachedOrder, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  conflicts!: EntityTable<SyncConflict, 'id'>;
  /** Committed changes to `adminOrders`, for the admin views' in-memory list. */
  readonly orderChanges: OrderChangeFeed;

  constructor(name = 'reality-print-shop') {
    super(name);
    this.orderChanges = new OrderChangeFeed(name);
    this.use(this.orderChanges.middleware);
    this.version(1).stores({
      cart: 'id, addedAt',
      likes: 'designId',
      meta: 'key',
      adminOrders: 'id, orderNumber, status, createdAtMs, pendingCount',
      outbox: '++seq, &id, orderId',
      conflicts: 'id, orderId',
    });
    // No secondary indexes on the order cache: every view reads all of it and filters in memory,
    // and each index made every one of 10,000 pulled rows slower to store (docs/benchmarks.md).
    this.version(2).stores({ adminOrders: 'id' });
  }

  override close(...args: Parameters<Dexie['close']>): void {
    this.orderChanges.dispose();
    super.close(...args);
  }
}

export const db = new ShopDatabase();
