/** Filtering of the cached orders: search, status and dates, all in memory for a fast table. */
import type { OrderStatus } from '../../../../shared/order-status';
import type { CachedOrder } from '../../../db/db';

export interface OrderFilter {
  search: string;
  status: OrderStatus | '';
  /** YYYY-MM-DD, inclusive, local days. */
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_FILTER: OrderFilter = { search: '', status: '', dateFrom: '', dateTo: '' };

export interface IndexedOrder {
  order: CachedOrder;
  haystack: string;
}

/** What search matches (design.md §3): order number, customer name and email, every item's text. */
export function indexOrders(orders: readonly CachedOrder[]): IndexedOrder[] {
  return orders.map((order) => ({
    order,
    haystack: [order.orderNumber, order.customerName, order.customerEmail, ...order.items.map((i) => i.text), order.trackingNumber ?? '']
      .join('\u0001')
      .toLowerCase(),
  }));
}

function dayStart(day: string): number {
  return day ? new Date(`${day}T00:00:00`).getTime() : -Infinity;
}

function dayEnd(day: string): number {
  return day ? new Date(`${day}T23:59:59.999`).getTime() : Infinity;
}

export function filterOrders(index: readonly IndexedOrder[], filter: OrderFilter): CachedOrder[] {
  const needle = filter.search.trim().toLowerCase();
  const from = dayStart(filter.dateFrom);
  const to = dayEnd(filter.dateTo);
  const result: CachedOrder[] = [];
  for (const { order, haystack } of index) {
    if (filter.status && order.status !== filter.status) continue;
    if (order.createdAtMs < from || order.createdAtMs > to) continue;
    if (needle && !haystack.includes(needle)) continue;
    result.push(order);
  }
  return result;
}
