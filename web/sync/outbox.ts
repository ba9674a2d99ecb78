/** Local status changes: written to the cache and the outbox in one Dexie transaction. */
import type { OrderStatus } from '../../shared/order-status';
import type { SetStatusMutation } from '../../shared/sync';
import type { ShopDatabase, SyncConflict } from '../db/db';
import { withStatus } from './order-cache';

export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  trackingNumber?: string | null;
  /**
   * The order as the admin saw it when deciding (status and server version). When given, the change
   * is refused (StaleOrderError) if the order has moved on since, and it is sent with that version,
   * so the server answers a conflict rather than apply it over a status nobody here has seen.
   */
  seen?: SeenOrder;
}

export interface SeenOrder {
  status: string;
  version: number;
}

/** The order changed between what the admin saw and the change: nothing was queued. */
export class StaleOrderError extends Error {
  constructor(
    readonly orderId: string,
    readonly live: SeenOrder,
  ) {
    super('This order changed while you were looking at it. Check its new status and try again.');
    this.name = 'StaleOrderError';
  }
}

/** A conflict row; `reason` tells a version conflict from a change the server refused. */
export type ConflictRecord = SyncConflict & { reason?: 'conflict' | 'invalid'; error?: string };

function newMutationId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/**
 * Queues status changes and shows them at once. The baseVersion is the version the admin saw (or
 * the cached order's server version); a change queued behind another change of the same order is
 * rebased by the engine when the earlier one is acknowledged (see engine.ts), which is safe because
 * a change made from a stale view never gets queued (StaleOrderError).
 */
export async function queueStatusChanges(
  db: ShopDatabase,
  changes: readonly StatusChange[],
  now: () => Date = () => new Date(),
): Promise<SetStatusMutation[]> {
  const at = now().toISOString();
  return db.transaction('rw', db.orderBuckets, db.outbox, async () => {
    const orders = await db.orderCache.bulkGet(changes.map((c) => c.orderId));
    const mutations: SetStatusMutation[] = [];
    const updated = new Map<string, NonNullable<(typeof orders)[number]>>();
    changes.forEach((change, index) => {
      const order = updated.get(change.orderId) ?? orders[index];
      if (!order) throw new Error(`Order ${change.orderId} is not in the local cache`);
      if (change.seen && !updated.has(change.orderId) && (change.seen.status !== order.status || change.seen.version !== order.version)) {
        throw new StaleOrderError(order.id, { status: order.status, version: order.version });
      }
      const mutation: SetStatusMutation = {
        id: newMutationId(),
        orderId: change.orderId,
        type: 'setStatus',
        status: change.status,
        ...(change.trackingNumber ? { trackingNumber: change.trackingNumber } : {}),
        baseVersion: order.version,
        at,
      };
      mutations.push(mutation);
      updated.set(change.orderId, { ...withStatus(order, change.status, change.trackingNumber, at), pendingCount: order.pendingCount + 1 });
    });
    await db.outbox.bulkAdd(mutations.map((mutation) => ({ mutation, id: mutation.id, orderId: mutation.orderId, attempts: 0 })));
    await db.orderCache.bulkPut([...updated.values()]);
    return mutations;
  });
}
