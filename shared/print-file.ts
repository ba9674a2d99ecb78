/**
 * The print-ready file of an order (design.md §3 `GET /api/orders/:id/print-file`), for the server
 * and for the admin dashboard's offline download: both make it with the one renderer
 * (shared/render) from the same font files, so the offline copy is the server's file.
 */
import { buildPrintSheet, loadDesignFonts, type FontSource, type PrintOrder } from './render';

export { printAreaOf, printFileName, printLineFileName, type PrintArea, type PrintLine as PrintItem, type PrintOrder } from './render';

/** The order's print file (SVG, all lines), loading the fonts it needs from `source`. */
export async function buildPrintFile(order: PrintOrder, source: FontSource): Promise<string> {
  const fonts = await loadDesignFonts(source);
  return buildPrintSheet(order, fonts);
}
