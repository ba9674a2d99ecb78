/** How a server order and the local, not yet acknowledged changes combine into the cached row. */
import type { AdminOrderView } from '../../shared/api/types';
import { statusStamp, type OrderStatus } from '../../shared/order-status';
import type { SetStatusMutation, SyncMutation } from '../../shared/sync';
import type { CachedOrder } from '../db/db';

/** The order as it looks once a status change is applied, as the server would show it (shared statusStamp). */
export function withStatus<T extends AdminOrderView>(
  order: T,
  status: OrderStatus,
  trackingNumber: string | null | undefined,
  at: string,
): T {
  const fulfillmentData = { ...order.fulfillmentData };
  // The admin's view shows the print and ship times (not the delivery time).
  const stamp = statusStamp(order.status, status);
  if (stamp === 'printed') fulfillmentData.printedAt = at;
  if (stamp === 'shipped') fulfillmentData.shippedAt = at;
  return {
    ...order,
    status,
    trackingNumber: trackingNumber ? trackingNumber : order.trackingNumber,
    updatedAt: at,
    fulfillmentData,
  };
}

/**
 * The cached row: the server's order with every pending mutation laid over it in queue order.
 * The version stays the server's, so a change made on top is checked against what the server had.
 */
export function toCachedOrder(server: AdminOrderView, pending: readonly SyncMutation[]): CachedOrder {
  let order: AdminOrderView = server;
  for (const mutation of pending) order = applyMutation(order, mutation);
  return { ...order, createdAtMs: Date.parse(server.createdAt) || 0, pendingCount: pending.length };
}

function applyMutation(order: AdminOrderView, mutation: SetStatusMutation): AdminOrderView {
  return withStatus(order, mutation.status, mutation.trackingNumber, mutation.at);
}
