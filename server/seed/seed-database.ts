import { ORDER_STATUSES, type OrderStatus } from '../../shared/order-status';
import type { Db } from '../db/database';
import { bulkInsertOrders } from './bulk-insert';
import { generateOrders } from './order-generator';
import { bulkInsertVisits, generateVisits } from './visits';

export interface SeedOptions {
  orders: number;
  now?: number;
  seed?: number;
  /** Orders per daily visitor the generated traffic is sized for; see generateVisits. */
  conversion?: number;
}

export interface SeedSummary {
  orders: number;
  visits: number;
  statusCounts: Record<OrderStatus, number>;
  revenueCents: number;
  firstOrderAt: number | null;
  lastOrderAt: number | null;
  changeSeq: { first: number | null; last: number | null };
}

/** Adds generated orders (placed over the last year) and matching visit events to a migrated database. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const orders = generateOrders(options.orders, { now: options.now, seed: options.seed });
  const inserted = await bulkInsertOrders(db, orders, { statusHistory: true });
  const visits = await bulkInsertVisits(db, generateVisits(orders, { conversion: options.conversion, seed: options.seed }));
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const order of orders) statusCounts[order.status]++;
  return {
    orders: inserted.inserted,
    visits,
    statusCounts,
    revenueCents: orders.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + o.totals.total, 0),
    firstOrderAt: orders[0]?.createdAt ?? null,
    lastOrderAt: orders.at(-1)?.createdAt ?? null,
    changeSeq: { first: inserted.firstChangeSeq, last: inserted.lastChangeSeq },
  };
}
