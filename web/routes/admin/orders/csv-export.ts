import { ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import { csvCell, ORDERS_CSV_HEADER, ordersCsvFileName, ordersCsvLine } from '../../../../shared/orders-csv';
import type { CachedOrder } from '../../../db/db';
import { downloadText } from '../shared/download';

/** The CSV of spec.md §9 from the local cache, so it works offline; same format as the server's. */
export function ordersCsv(orders: readonly CachedOrder[]): string {
  return [ORDERS_CSV_HEADER, ...orders.map((order) => ordersCsvLine(order))].join('\r\n') + '\r\n';
}

export function downloadOrdersCsv(orders: readonly CachedOrder[], now = new Date()): string {
  const fileName = ordersCsvFileName(now);
  downloadText(fileName, ordersCsv(orders), 'text/csv;charset=utf-8');
  return fileName;
}

export const ORDER_LINES_CSV_HEADER = 'Order ID,Line,Device,Case type,Text,Colour,Font,Font size,Logo,Quantity,Customer,Status,Date';

/**
 * The production sheet: one row per order line with everything the print room needs (colour,
 * font, quantity), which the spec's one-row-per-order CSV has no columns for (docs/decisions/admin.md).
 */
export function orderLinesCsv(orders: readonly CachedOrder[]): string {
  const rows = orders.flatMap((order) =>
    order.items.map((item, index) =>
      [
        order.orderNumber,
        `${index + 1}/${order.items.length}`,
        item.device,
        item.caseType,
        item.text,
        item.color,
        item.font,
        String(item.fontSize),
        item.logo ? 'Yes' : 'No',
        String(item.quantity),
        order.customerName,
        ORDER_STATUS_LABELS[order.status] ?? order.status,
        order.createdAt,
      ]
        .map(csvCell)
        .join(','),
    ),
  );
  return [ORDER_LINES_CSV_HEADER, ...rows].join('\r\n') + '\r\n';
}

export function downloadOrderLinesCsv(orders: readonly CachedOrder[], now = new Date()): string {
  const fileName = ordersCsvFileName(now).replace(/^orders-/, 'order-lines-');
  downloadText(fileName, orderLinesCsv(orders), 'text/csv;charset=utf-8');
  return fileName;
}
