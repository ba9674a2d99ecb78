import { ORDERS_CSV_HEADER, ordersCsvFileName, ordersCsvLine } from '../../../../shared/orders-csv';
import type { CachedOrder } from '../../../db/db';

/** The CSV of spec.md §9 from the local cache, so it works offline; same format as the server's. */
export function ordersCsv(orders: readonly CachedOrder[]): string {
  return [ORDERS_CSV_HEADER, ...orders.map((order) => ordersCsvLine(order))].join('\r\n') + '\r\n';
}

export function downloadOrdersCsv(orders: readonly CachedOrder[], now = new Date()): string {
  const fileName = ordersCsvFileName(now);
  const blob = new Blob([ordersCsv(orders)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}
