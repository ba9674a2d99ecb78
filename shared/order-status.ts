/** Order statuses of spec.md §4 with their display labels. */
export const ORDER_STATUSES = ['pending', 'processing', 'printed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending Payment',
  processing: 'In Production',
  printed: 'Ready to Ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Status a paid order starts in (docs/decisions.md: paid orders go straight to production). */
export const INITIAL_PAID_ORDER_STATUS: OrderStatus = 'processing';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function statusUpdatedMessage(status: OrderStatus): string {
  return `Order status updated to ${ORDER_STATUS_LABELS[status]}`;
}

/** The statuses whose arrival is stamped with a time: printed_at, shipped_at, delivered_at. */
export type StampedStatus = 'printed' | 'shipped' | 'delivered';

/**
 * Which time a status change stamps: entering printed, shipped or delivered stamps that status's
 * time, again on each arrival (an order sent back to production and printed again shows the later
 * print); keeping the status (a tracking number added) stamps nothing. The server writes it; the
 * admin's cache shows the same before the server has answered.
 */
export function statusStamp(from: OrderStatus, to: OrderStatus): StampedStatus | null {
  return from !== to && (to === 'printed' || to === 'shipped' || to === 'delivered') ? to : null;
}

/** 'TRK' plus 9 random upper-case alphanumerics (spec.md §4), made on the client when shipping. */
export function generateTrackingNumber(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let suffix = '';
  for (let i = 0; i < 9; i++) suffix += alphabet[Math.floor(random() * alphabet.length)];
  return `TRK${suffix}`;
}

export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
