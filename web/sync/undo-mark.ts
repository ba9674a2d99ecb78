/**
 * Undo of a fulfillment mark. A change still waiting in the outbox is withdrawn, so the
 * server never sees it; one the server may already have is followed by a change back, which the
 * server records in the order's history like any other. The engine runs this under its sync lock,
 * so a push in flight settles first and a change is never both withdrawn and applied.
 */
import type { OrderStatus } from '../../shared/order-status';
import type { SetStatusMutation } from '../../shared/sync';
import type { CachedOrder, ShopDatabase } from '../db/db';
import { queueStatusChanges } from './outbox';

export interface MarkToUndo {
  /** The outbox mutation the mark queued. */
  mutationId: string;
  /** The cached order as it was just before the mark. */
  before: CachedOrder;
}

export type UndoResult =
  | { kind: 'withdrawn'; orderId: string; status: OrderStatus }
  | { kind: 'reverted'; orderId: string; status: OrderStatus; mutation: SetStatusMutation };

/**
 * Withdraws the mark when it is the order's last queued change and the server version under it is
 * still the one it was made on; otherwise queues the change back to the status before the mark.
 */
export async function undoMark(db: ShopDatabase, mark: MarkToUndo, now: () => Date = () => new Date()): Promise<UndoResult> {
  const { before } = mark;
  return db.transaction('rw', db.orderBuckets, db.outbox, async () => {
    const queued = (await db.outbox.where('orderId').equals(before.id).toArray()).sort((a, b) => a.seq! - b.seq!);
    const cached = await db.orderCache.get(before.id);
    const last = queued.at(-1);
    if (cached && last?.id === mark.mutationId && cached.version === before.version) {
      await db.outbox.delete(last.seq!);
      await db.orderCache.put({
        ...cached,
        status: before.status,
        trackingNumber: before.trackingNumber,
        fulfillmentData: before.fulfillmentData,
        updatedAt: before.updatedAt,
        pendingCount: queued.length - 1,
      });
      return { kind: 'withdrawn', orderId: before.id, status: before.status };
    }
    const [mutation] = await queueStatusChanges(db, [{ orderId: before.id, status: before.status, trackingNumber: null }], now);
    return { kind: 'reverted', orderId: before.id, status: before.status, mutation: mutation! };
  });
}
