import { buildPrintFile, printFileName } from '../../../../shared/print-file';
import type { CachedOrder } from '../../../db/db';
import { downloadText } from '../shared/download';

/**
 * The order's print-ready SVG, made from the cached order with the same code the server's
 * `GET /api/orders/:id/print-file` uses, so the print room gets it with the Wi-Fi down too.
 */
export function printFileOf(order: CachedOrder): string {
  return buildPrintFile({ orderNumber: order.orderNumber, items: order.items });
}

export function downloadPrintFile(order: CachedOrder): string {
  const fileName = printFileName(order.orderNumber);
  downloadText(fileName, printFileOf(order), 'image/svg+xml;charset=utf-8');
  return fileName;
}
