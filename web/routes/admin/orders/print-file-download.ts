import { buildPrintFile, printFileName } from '../../../../shared/print-file';
import type { CachedOrder } from '../../../db/db';
import { downloadText } from '../shared/download';

/**
 * The order's print-ready SVG (or one line's), made from the cached order with the same code the
 * server's `GET /api/orders/:id/print-file` uses, so the print room gets it with the Wi-Fi down too.
 */
export async function printFileOf(order: CachedOrder, line?: number): Promise<string> {
  const items = line ? order.items.slice(line - 1, line) : order.items;
  return buildPrintFile({ orderNumber: order.orderNumber, items });
}

export async function downloadPrintFile(order: CachedOrder, line?: number): Promise<string> {
  const fileName = printFileName(order.orderNumber);
  downloadText(fileName, await printFileOf(order, line), 'image/svg+xml;charset=utf-8');
  return fileName;
}
