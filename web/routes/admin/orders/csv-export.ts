import { ORDERS_CSV_HEADER, ordersCsvFileName, ordersCsvLine } from '../../../../shared/orders-csv';
import type { CachedOrder } from '../../../db/db';
import { downloadText } from '../../../components/download';

/**
 * The CSV of spec.md §9 from the local cache, so it works offline; the same file as the server's,
 * every line of an order in its Device and Text cells (shared/orders-csv.ts).
 */
export function ordersCsv(orders: readonly CachedOrder[]): string {
  return [ORDERS_CSV_HEADER, ...orders.map((order) => ordersCsvLine(order))].join('\r\n') + '\r\n';
}

export function downloadOrdersCsv(orders: readonly CachedOrder[], now = new Date()): string {
  const fileName = ordersCsvFileName(now);
  downloadText(fileName, ordersCsv(orders), 'text/csv;charset=utf-8');
  return fileName;
}
