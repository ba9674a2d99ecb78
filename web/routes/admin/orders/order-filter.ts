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

// Cached rows are replaced, never changed in place, so a haystack stays right for its row object;
// a pull or a status change then only computes the haystacks of the rows it brought.
const haystacks = new WeakMap<CachedOrder, string>();

/** What search matches (design.md §3): order number, customer name and email, every item's text. */
export function haystackOf(order: CachedOrder): string {
  let haystack = haystacks.get(order);
  if (haystack === undefined) {
    haystack = [order.orderNumber, order.customerName, order.customerEmail, ...order.items.map((i) => i.text), order.trackingNumber ?? '']
      .join('\u0001')
      .toLowerCase();
    haystacks.set(order, haystack);
  }
  return haystack;
}

function dayStart(day: string): number {
  return day ? new Date(`${day}T00:00:00`).getTime() : -Infinity;
}

function dayEnd(day: string): number {
  return day ? new Date(`${day}T23:59:59.999`).getTime() : Infinity;
}

const needleOf = (filter: OrderFilter) => filter.search.trim().toLowerCase();

/** The orders that pass the filter, in the order given. */
export function filterOrders(orders: readonly CachedOrder[], filter: OrderFilter): CachedOrder[] {
  const needle = needleOf(filter);
  const from = dayStart(filter.dateFrom);
  const to = dayEnd(filter.dateTo);
  const result: CachedOrder[] = [];
  for (const order of orders) {
    if (filter.status && order.status !== filter.status) continue;
    if (order.createdAtMs < from || order.createdAtMs > to) continue;
    if (needle && !haystackOf(order).includes(needle)) continue;
    result.push(order);
  }
  return result;
}

/** How many searches a filter remembers (typing forward and back over one word). */
const REMEMBERED_SEARCHES = 32;

/**
 * filterOrders with a memory, for search as you type: exactly the same result, but a search
 * containing an earlier one (same orders, status and dates) only narrows that earlier result, and
 * going back to an earlier search (backspace) returns its remembered result.
 */
export function createOrderFilter(): (orders: readonly CachedOrder[], filter: OrderFilter) => CachedOrder[] {
  let source: readonly CachedOrder[] | null = null;
  let scope = '';
  const results = new Map<string, CachedOrder[]>();
  return (orders, filter) => {
    const nextScope = `${filter.status}|${filter.dateFrom}|${filter.dateTo}`;
    if (orders !== source || nextScope !== scope) {
      source = orders;
      scope = nextScope;
      results.clear();
    }
    const needle = needleOf(filter);
    const known = results.get(needle);
    if (known) {
      // Most recently used last, so the oldest is the one forgotten.
      results.delete(needle);
      results.set(needle, known);
      return known;
    }
    // Every order matching the needle also matches any part of it: the longest remembered part
    // gives the smallest list to narrow. The empty search is the scope's full list.
    let narrowest: CachedOrder[] | undefined;
    let narrowestLength = -1;
    for (const [earlier, result] of results) {
      if (earlier.length > narrowestLength && needle.includes(earlier)) {
        narrowest = result;
        narrowestLength = earlier.length;
      }
    }
    const result = narrowest
      ? narrowest.filter((order) => haystackOf(order).includes(needle))
      : filterOrders(orders, filter);
    results.set(needle, result);
    if (results.size > REMEMBERED_SEARCHES) results.delete(results.keys().next().value!);
    return result;
  };
}
