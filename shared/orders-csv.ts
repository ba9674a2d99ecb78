/**
 * The admin CSV export (spec.md §9, design.md §3), shared so that the server's streamed export and
 * an export made in the browser from the local cache produce the same file.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from './order-status';

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
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
  items: { device: string; text: string }[];
}

/** Items of a multi-item order are listed in line order, separated by "; ", in both columns. */
export function ordersCsvLine(order: CsvOrder): string {
  return [
    order.orderNumber,
    order.customerName,
    order.items.map((item) => item.device).join('; '),
    order.items.map((item) => item.text).join('; '),
    ORDER_STATUS_LABELS[order.status] ?? order.status,
    order.total.toFixed(2),
    order.createdAt,
  ]
    .map(csvCell)
    .join(',');
}
