/**
 * Filtering of the cached orders, in memory for a fast table, by the shop's one rule
 * (shared/orders/order-filter.ts, the same the server answers GET /api/orders with).
 */
import type { OrderStatus } from '../../../../shared/order-status';
import { matchesOrderFilter, orderSearchText, resolveOrderFilter, searchNeedle, type ResolvedOrderFilter } from '../../../../shared/orders/order-filter';
import { dayOutOfRangeMessage, isShopDayInRange } from '../../../../shared/orders/shop-days';
import type { CachedOrder } from '../../../db/db';

/** The filter as the screen holds it: the fields' values, '' for an unset one. */
export interface OrderFilter {
  search: string;
  status: OrderStatus | '';
  /** YYYY-MM-DD, inclusive: days of the shop's time zone. */
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_FILTER: OrderFilter = { search: '', status: '', dateFrom: '', dateTo: '' };

// Cached rows are replaced, never changed in place, so a search text stays right for its row object;
// a pull or a status change then only computes the texts of the rows it brought.
const searchTexts = new WeakMap<CachedOrder, string>();

function searchTextOf(order: CachedOrder): string {
  let text = searchTexts.get(order);
  if (text === undefined) {
    text = orderSearchText({
      orderNumber: order.orderNumber,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      itemTexts: order.items.map((item) => item.text),
      trackingNumber: order.trackingNumber,
    });
    searchTexts.set(order, text);
  }
  return text;
}

/**
 * Computes the search texts of `orders` ahead of the first keystroke, in idle moments of the page,
 * so the first search narrows a list instead of also building 10,000 texts. Returns the cancel.
 */
export function prepareSearchTexts(orders: readonly CachedOrder[]): () => void {
  if (typeof requestIdleCallback !== 'function') return () => undefined;
  let next = 0;
  let handle = 0;
  const work = (deadline: IdleDeadline) => {
    while (next < orders.length && deadline.timeRemaining() > 1) {
      const end = Math.min(orders.length, next + 200);
      for (; next < end; next++) searchTextOf(orders[next]!);
    }
    if (next < orders.length) handle = requestIdleCallback(work);
  };
  handle = requestIdleCallback(work);
  return () => cancelIdleCallback(handle);
}

const matches = (order: CachedOrder, filter: ResolvedOrderFilter) => matchesOrderFilter(order, filter, searchTextOf);

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A day the shop's days can be computed for; any other is left out of the filter, never a crash. */
const usableDay = (day: string) => DAY_PATTERN.test(day) && isShopDayInRange(day);

/** What the screen says about a date field it cannot use (9999-12-31 picked on the tablet), or null. */
export function dateFilterError(filter: OrderFilter): string | null {
  if (filter.dateFrom && !usableDay(filter.dateFrom)) return dayOutOfRangeMessage('The From date');
  if (filter.dateTo && !usableDay(filter.dateTo)) return dayOutOfRangeMessage('The To date');
  return null;
}

function resolve(filter: OrderFilter, timeZone: string): ResolvedOrderFilter {
  return resolveOrderFilter(
    {
      search: filter.search,
      status: filter.status,
      dateFrom: usableDay(filter.dateFrom) ? { day: filter.dateFrom } : undefined,
      dateTo: usableDay(filter.dateTo) ? { day: filter.dateTo } : undefined,
    },
    timeZone,
  );
}

/** The orders that pass the filter, in the order given. */
export function filterOrders(orders: readonly CachedOrder[], filter: OrderFilter, timeZone: string): CachedOrder[] {
  const resolved = resolve(filter, timeZone);
  return orders.filter((order) => matches(order, resolved));
}

/** How many searches a filter remembers (typing forward and back over one word). */
const REMEMBERED_SEARCHES = 32;

/**
 * A remembered result and, once it has been narrowed, each order's search text beside it: narrowing
 * it again reads an array instead of looking 10,000 orders up in the table of texts.
 */
interface Found {
  orders: CachedOrder[];
  texts?: string[];
}

/**
 * filterOrders with a memory, for search as you type: exactly the same result, but a search
 * containing an earlier one (same orders, status and dates) only narrows that earlier result, and
 * going back to an earlier search (backspace) returns its remembered result.
 */
export function createOrderFilter(): (orders: readonly CachedOrder[], filter: OrderFilter, timeZone: string) => CachedOrder[] {
  let source: readonly CachedOrder[] | null = null;
  let scope = '';
  const results = new Map<string, Found>();
  const remember = (needle: string, found: Found) => {
    results.set(needle, found);
    if (results.size > REMEMBERED_SEARCHES) results.delete(results.keys().next().value!);
    return found.orders;
  };
  return (orders, filter, timeZone) => {
    const nextScope = `${filter.status}|${filter.dateFrom}|${filter.dateTo}|${timeZone}`;
    if (orders !== source || nextScope !== scope) {
      source = orders;
      scope = nextScope;
      results.clear();
    }
    const needle = searchNeedle(filter.search);
    const known = results.get(needle);
    if (known) {
      // Most recently used last, so the oldest is the one forgotten.
      results.delete(needle);
      results.set(needle, known);
      return known.orders;
    }
    // Every order matching the needle also matches any part of it: the longest remembered part
    // gives the smallest list to narrow. The empty search is the scope's full list.
    let narrowest: Found | undefined;
    let narrowestLength = -1;
    for (const [earlier, found] of results) {
      if (earlier.length > narrowestLength && needle.includes(earlier)) {
        narrowest = found;
        narrowestLength = earlier.length;
      }
    }
    if (!narrowest) {
      return remember(needle, { orders: filterOrders(orders, filter, timeZone) });
    }
    const found = { orders: [] as CachedOrder[], texts: [] as string[] };
    const within = narrowest.orders;
    const texts = (narrowest.texts ??= within.map(searchTextOf));
    for (let index = 0; index < texts.length; index++) {
      if (texts[index]!.includes(needle)) {
        found.orders.push(within[index]!);
        found.texts.push(texts[index]!);
      }
    }
    return remember(needle, found);
  };
}
