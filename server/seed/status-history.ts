import type { OrderStatus } from '../../shared/order-status';
import type { OrderHistoryTable } from '../orders/order.table';
import type { SeedOrder } from './order-generator';

const HOUR_MS = 3_600_000;

/**
 * The history a seeded order went through, as the print room would have written it: placed (In
 * Production), then each of printed, shipped (with its tracking number) and delivered at its time,
 * or cancelled a few hours in. The Overview's processing time reads the first change to shipped.
 */
export function seedStatusHistory(order: SeedOrder, orderId: string): OrderHistoryTable[] {
  const f = order.fulfillment;
  const row = (from: OrderStatus | null, to: OrderStatus, at: number, tracking: string | null = null): OrderHistoryTable => ({
    order_id: orderId,
    version: 0,
    from_status: from,
    to_status: to,
    tracking_number: tracking,
    changed_by_user_id: null,
    changed_by_name: null,
    source: 'system',
    mutation_id: null,
    changed_at: at,
  });
  const rows = [row(null, 'processing', order.createdAt)];
  if (order.status === 'cancelled') rows.push(row('processing', 'cancelled', order.createdAt + 6 * HOUR_MS));
  if (f?.printedAt) rows.push(row('processing', 'printed', f.printedAt));
  if (f?.shippedAt) rows.push(row('printed', 'shipped', f.shippedAt, f.trackingNumber));
  if (f?.deliveredAt) rows.push(row('shipped', 'delivered', f.deliveredAt));
  return rows.map((entry, index) => ({ ...entry, version: index + 1 }));
}
