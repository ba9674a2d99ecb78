import type { Readable } from 'node:stream';
import { printFileName, renderPrintSheet, selectLines, type PrintOrder } from '../../shared/render';
import { PRINT_DPI, type PrintFileQuery } from '../../shared/schemas/print-file';
import type { AppContext } from '../app-context';
import { HttpError, notFound } from '../errors/http-error';
import { findMissingGlyphs, refuseFound, refuseOrderMissingGlyphs, type MissingGlyphs } from './missing-glyphs';
import { renderPdf } from './pdf';
import { renderPrintPng } from './png-encoder';
import { printFonts } from '../catalog/print-fonts';
import { loadPrintOrder, loadPrintOrders, productionQueueBatch } from './print-file.repository';
import { printFilesZipName, streamPrintFilesZip } from './print-zip';

const QUEUE_BATCH = 50;

const CONTENT_TYPES = { svg: 'image/svg+xml; charset=utf-8', png: 'image/png', pdf: 'application/pdf' } as const;

/** The order's lines a request names, or a 422 naming how many lines the order has. */
function linesOf(order: PrintOrder, line: number | undefined): number[] {
  if (order.items.length === 0) throw new HttpError(404, 'NOTHING_TO_PRINT', 'This order has no lines to print.');
  try {
    return selectLines(order, line === undefined ? undefined : [line]);
  } catch (error) {
    if (error instanceof RangeError) throw new HttpError(422, 'VALIDATION_ERROR', error.message, [{ path: 'line', message: error.message }]);
    throw error;
  }
}

async function* productionQueue(app: AppContext, first: Awaited<ReturnType<typeof productionQueueBatch>>) {
  let batch = first;
  while (batch.length > 0) {
    yield* batch;
    if (batch.length < QUEUE_BATCH) return;
    const last = batch[batch.length - 1]!;
    batch = await productionQueueBatch(app.db, { createdAt: last.createdAt, id: last.id }, QUEUE_BATCH);
  }
}

/**
 * The whole queue is read once before the ZIP starts, as every other print endpoint checks its
 * lines first: a ZIP already under way cannot turn into a refusal, and must not leave letters out.
 */
async function refuseQueueMissingGlyphs(app: AppContext, first: Awaited<ReturnType<typeof productionQueueBatch>>): Promise<void> {
  const problems: MissingGlyphs[] = [];
  for await (const order of productionQueue(app, first)) {
    problems.push(...findMissingGlyphs(order.items.map((item, index) => ({ orderNumber: order.orderNumber, line: index + 1, item }))));
  }
  refuseFound(problems);
}

export interface PrintDownload {
  fileName: string;
  contentType: string;
  body: string | Buffer | Uint8Array | Readable;
}

/** GET /api/orders/:id/print-file: one order's print file (all lines, or one) as SVG, PNG or PDF (design.md §6). */
export async function printFileOf(app: AppContext, id: string, query: PrintFileQuery): Promise<PrintDownload> {
  const order = await loadPrintOrder(app.db, id);
  if (!order) throw notFound('Order not found.');
  const lines = linesOf(order, query.line);
  refuseOrderMissingGlyphs(order, lines);
  const fileName = printFileName(order.orderNumber, query.format, query.line);
  let body: string | Buffer | Uint8Array;
  if (query.format === 'png') body = await renderPrintPng(order, lines, query.dpi ?? PRINT_DPI.default);
  else if (query.format === 'svg') body = renderPrintSheet(order, await printFonts(), { lines }).svg;
  else body = Buffer.from(await renderPdf(order, await printFonts(), lines));
  return { fileName, contentType: CONTENT_TYPES[query.format], body };
}

/** GET /api/fulfillment/print-files.zip: the named orders, or the whole production queue, streamed as one ZIP. */
export async function printFilesZipOf(app: AppContext, ids: string[] | undefined): Promise<PrintDownload> {
  let orders: AsyncIterable<PrintOrder>;
  if (ids) {
    const found = await loadPrintOrders(app.db, ids);
    if (found.missing.length) throw notFound(`Order not found: ${found.missing.join(', ')}.`);
    for (const order of found.orders) refuseOrderMissingGlyphs(order, selectLines(order));
    orders = (async function* () {
      yield* found.orders;
    })();
  } else {
    const first = await productionQueueBatch(app.db, null, QUEUE_BATCH);
    if (first.length === 0) throw new HttpError(404, 'NOTHING_TO_PRINT', 'The production queue is empty: there is nothing to print.');
    await refuseQueueMissingGlyphs(app, first);
    orders = productionQueue(app, first);
  }
  const fonts = await printFonts();
  return { fileName: printFilesZipName(app.now()), contentType: 'application/zip', body: streamPrintFilesZip(orders, fonts, new Date(app.now())) };
}
