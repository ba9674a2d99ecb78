/**
 * The admin CSV export (spec.md §9, design.md §3), shared so that the server's streamed export and
 * an export made in the browser from the local cache produce the same file.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from './order-status';
import type { Design } from './design';

export const ORDERS_CSV_HEADER = 'Order ID,Customer,Device,Text,Status,Total,Date';
export const ORDERS_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** `orders-2026-11-21.csv`: the day the export was made (UTC). */
export function ordersCsvFileName(now: number | Date = Date.now()): string {
  return `orders-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/**
 * One CSV cell: RFC 4180 quoting when the value holds a comma, quote or line break, and a leading
 * single quote on values a spreadsheet would run as a formula (=, +, -, @, tab, carriage return).
 */
export function csvCell(value: string): string {
  // Control and bidi-override characters of orders stored before designs were validated: they would
  // reorder or hide what a spreadsheet shows (line breaks stay, quoted).
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const visible = value.replace(/[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '');
  // Past invisible characters too (a zero-width space, then "=", escaped the guard).
  const safe = /^[\p{Cf}\p{Zs}]*[=+\-@\t\r]/u.test(visible) ? `'${visible}` : visible;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface CsvOrder {
  orderNumber: string;
  customerName: string;
  status: OrderStatus;
  /** Dollars. */
  total: number;
  /** ISO timestamp. */
  createdAt: string;
  items: CsvOrderLine[];
}

export interface CsvOrderLine extends Pick<Design, 'device' | 'text' | 'color' | 'font'> {
  quantity: number;
}

/** What to make of one line, in the Device column: `iPhone 14 Pro x2 (Teal, Poppins)`. */
export function csvLineProduct(line: CsvOrderLine): string {
  return `${line.device} x${line.quantity} (${line.color}, ${line.font})`;
}

/**
 * One record per order (so Total sums right in a spreadsheet); every line of a multi-item order is
 * listed in line order, separated by "; ", in both Device and Text, so the columns line up.
 */
export function ordersCsvLine(order: CsvOrder): string {
  return [
    order.orderNumber,
    order.customerName,
    order.items.map(csvLineProduct).join('; '),
    order.items.map((item) => item.text).join('; '),
    ORDER_STATUS_LABELS[order.status] ?? order.status,
    order.total.toFixed(2),
    order.createdAt,
  ]
    .map(csvCell)
    .join(',');
}
