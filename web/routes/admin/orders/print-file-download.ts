import { buildPrintSheet, loadDesignFonts, printFileName, type FontSource } from '../../../../shared/render';
import type { CachedOrder } from '../../../db/db';
import { loadRenderer } from '../../../render/use-design';
import { downloadText } from '../../../components/download';
import { ApiError } from '../../../api/client';
import { saveOrderPrintFile } from '../../../api/print-files';

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

/** A server that has not sent a single order's SVG by then is taken for gone (Wi-Fi up, server not). */
export const SERVER_PRINT_FILE_WAIT_MS = 2_000;

/**
 * The SVG print file from the server, or, when the browser is offline or the server does not answer
 * within SERVER_PRINT_FILE_WAIT_MS (lie-fi), made here from the cached order by the same renderer
 * and fonts, so byte for byte the server's file. `local` says which, for the admin's notice.
 */
export async function saveSvgPrintFile(order: CachedOrder, line: number | undefined, online: boolean): Promise<{ name: string; local: boolean }> {
  if (online) {
    try {
      const fallback = printFileName(order.orderNumber, 'svg', line);
      return { name: await saveOrderPrintFile(order.id, 'svg', line, fallback, SERVER_PRINT_FILE_WAIT_MS), local: false };
    } catch (error) {
      // The server's refusal (a 404, missing glyphs) is its answer; only silence falls back.
      if (!(error instanceof ApiError && (error.isNetwork || error.status >= 502))) throw error;
    }
  }
  return { name: await downloadPrintFile(order, undefined, line), local: true };
}
