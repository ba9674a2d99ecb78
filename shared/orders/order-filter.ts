/**
 * The admin's order filter, one rule for the tablet and the server (docs/decisions.md):
 * the browser filters its cached orders with `matchesOrderFilter`; the server stores
 * `orderSearchText` in orders.search_text and answers GET /api/orders with the same rule in SQL,
 * which a property test checks against this function on SQLite and PostgreSQL.
 */
import type { OrderStatus } from '../order-status';
import { nextDay, startOfShopDay } from './shop-days';

/** What a search looks in: order number, customer name and email, every item's text, tracking number (when set). */
export interface SearchableOrder {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  itemTexts: readonly string[];
  trackingNumber: string | null;
}

/** Fields are joined by a line break, which no field holds, so a search never spans two fields by accident. */
const FIELD_SEPARATOR = '\n';

/** The lower-cased text a search term must be a substring of (orders.search_text on the server). */
export function orderSearchText(order: SearchableOrder): string {
  // Built by concatenation: the tablet makes one per cached order, 10,000 on its first search.
  let text = `${asField(order.orderNumber)}${FIELD_SEPARATOR}${asField(order.customerName)}${FIELD_SEPARATOR}${asField(order.customerEmail)}`;
  for (const itemText of order.itemTexts) text += FIELD_SEPARATOR + asField(itemText);
  if (order.trackingNumber) text += FIELD_SEPARATOR + asField(order.trackingNumber);
  return text.toLowerCase();
}

const asField = (value: string) => (value.includes(FIELD_SEPARATOR) ? value.replaceAll(FIELD_SEPARATOR, ' ') : value);

/** The search text once the order's tracking number `previous` (the last field, when set) becomes `next`. */
export function withTrackingNumber(searchText: string, previous: string | null, next: string): string {
  const previousField = previous ? `${FIELD_SEPARATOR}${asField(previous).toLowerCase()}` : '';
  const base = previousField && searchText.endsWith(previousField) ? searchText.slice(0, -previousField.length) : searchText;
  return `${base}${FIELD_SEPARATOR}${asField(next).toLowerCase()}`;
}

/** The customer's name as the admin sees and searches it. */
export function customerNameOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

/** A date bound as the query gives it: a shop day ('YYYY-MM-DD') or an exact instant (ISO timestamp). */
export type DateBound = { day: string } | { ms: number };

export interface OrderFilterInput {
  search?: string;
  status?: OrderStatus | '';
  dateFrom?: DateBound;
  /** A day includes the whole day; an instant is included itself. */
  dateTo?: DateBound;
}

/** A filter ready to apply: the search folded, the dates as epoch-ms bounds [fromMs, toMs) or [fromMs, toMs]. */
export interface ResolvedOrderFilter {
  /** Trimmed and lower-cased; '' matches every order. */
  needle: string;
  status: OrderStatus | null;
  fromMs: number | null;
  to: { ms: number; exclusive: boolean } | null;
}

/** The search term as it is matched: trimmed, lower-cased. */
export const searchNeedle = (search: string | undefined) => (search ?? '').trim().toLowerCase();

export function resolveOrderFilter(filter: OrderFilterInput, timeZone: string): ResolvedOrderFilter {
  const { dateFrom, dateTo } = filter;
  return {
    needle: searchNeedle(filter.search),
    status: filter.status || null,
    fromMs: !dateFrom ? null : 'day' in dateFrom ? startOfShopDay(dateFrom.day, timeZone) : dateFrom.ms,
    to: !dateTo ? null : 'day' in dateTo ? { ms: startOfShopDay(nextDay(dateTo.day), timeZone), exclusive: true } : { ms: dateTo.ms, exclusive: false },
  };
}

/** Whether an order placed at `createdAtMs` falls inside the filter's dates. */
export function withinDates(createdAtMs: number, filter: ResolvedOrderFilter): boolean {
  if (filter.fromMs !== null && createdAtMs < filter.fromMs) return false;
  if (filter.to && (filter.to.exclusive ? createdAtMs >= filter.to.ms : createdAtMs > filter.to.ms)) return false;
  return true;
}

/**
 * The one rule: status, dates, then the search as a substring of the order's search text
 * (`orderSearchText`, asked for only when a search is given: the tablet computes it once per row).
 */
export function matchesOrderFilter<O extends { status: OrderStatus; createdAtMs: number }>(
  order: O,
  filter: ResolvedOrderFilter,
  searchTextOf: (order: O) => string,
): boolean {
  if (filter.status && order.status !== filter.status) return false;
  if (!withinDates(order.createdAtMs, filter)) return false;
  return !filter.needle || searchTextOf(order).includes(filter.needle);
}
