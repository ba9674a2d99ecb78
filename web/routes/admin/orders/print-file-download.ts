import { buildPrintFile, printFileName } from '../../../../shared/print-file';
import { fetchFontSource, type FontSource } from '../../../../shared/render';
import type { CachedOrder } from '../../../db/db';
import { downloadText } from '../shared/download';

/**
 * The order's print-ready SVG, made from the cached order with the same renderer and font files the
 * server's `GET /api/orders/:id/print-file` uses, so the print room gets it with the Wi-Fi down too.
 */
export function printFileOf(order: CachedOrder, source: FontSource = fetchFontSource): Promise<string> {
  return buildPrintFile({ orderNumber: order.orderNumber, items: order.items }, source);
}

export async function downloadPrintFile(order: CachedOrder, source: FontSource = fetchFontSource): Promise<string> {
  const fileName = printFileName(order.orderNumber);
  downloadText(fileName, await printFileOf(order, source), 'image/svg+xml;charset=utf-8');
  return fileName;
}
