import { buildPrintSheet, loadDesignFonts, printFileName, type FontSource } from '../../../../shared/render';
import type { CachedOrder } from '../../../db/db';
import { loadRenderer } from '../../../render/use-design';
import { downloadText } from '../shared/download';

/**
 * The order's print-ready SVG (or one line's), made from the cached order with the same renderer
 * and font files the server's `GET /api/orders/:id/print-file` uses, so the print room gets it
 * with the Wi-Fi down too (the service worker precaches the font files). `source` replaces the
 * browser's font loading (tests read the files from disk).
 */
export async function printFileOf(order: CachedOrder, source?: FontSource, line?: number): Promise<string> {
  const printOrder = { orderNumber: order.orderNumber, items: order.items };
  const lines = line ? [line] : undefined;
  if (source) return buildPrintSheet(printOrder, await loadDesignFonts(source), { lines });
  return (await loadRenderer()).printSheetOf(printOrder, lines);
}

export async function downloadPrintFile(order: CachedOrder, source?: FontSource, line?: number): Promise<string> {
  const fileName = printFileName(order.orderNumber, 'svg', line);
  downloadText(fileName, await printFileOf(order, source, line), 'image/svg+xml;charset=utf-8');
  return fileName;
}
