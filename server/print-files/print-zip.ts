import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { buildPrintSheet, printLineFileName, type DesignFonts, type PrintOrder } from '../../shared/render';

/** Entries added ahead of the one being written: enough to keep yazl busy, few enough to keep memory flat. */
const AHEAD = 32;

/** `print-files-2026-11-24.zip`: the day the ZIP was made (UTC). */
export function printFilesZipName(now: number): string {
  return `print-files-${new Date(now).toISOString().slice(0, 10)}.zip`;
}

/**
 * A ZIP of print files, one SVG per order line named `{orderNumber}-{line}-x{quantity}.svg`
 * (design.md §6), streamed: each SVG is rendered only when yazl is ready to write it, and orders are
 * read from `orders` only while fewer than AHEAD entries wait, so memory stays flat however long the
 * queue and however slow the client. A failure part-way ends the stream with an error (the client
 * sees a truncated download, never a ZIP that looks complete).
 */
export function streamPrintFilesZip(orders: AsyncIterable<PrintOrder>, fonts: DesignFonts, mtime: Date): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  // A client that goes away ends the wait below, and the producer stops reading orders.
  output.once('close', () => wake?.());
  let waiting = 0;
  let wake: (() => void) | null = null;

  function addLine(order: PrintOrder, line: number): void {
    let job: { order: PrintOrder; line: number } | null = { order, line };
    waiting += 1;
    zip.addReadStreamLazy(printLineFileName(order.orderNumber, line, order.items[line - 1]!.quantity), { mtime, compress: true }, (callback) => {
      waiting -= 1;
      wake?.();
      try {
        const svg = buildPrintSheet(job!.order, fonts, { lines: [job!.line] });
        job = null; // yazl keeps its entries for the central directory; not their orders
        callback(null, Readable.from([Buffer.from(svg)]));
      } catch (error) {
        callback(error, null as never);
      }
    });
  }

  void (async () => {
    try {
      for await (const order of orders) {
        for (let line = 1; line <= order.items.length; line += 1) {
          addLine(order, line);
          while (waiting >= AHEAD && !output.destroyed) await new Promise<void>((resolve) => (wake = resolve));
          if (output.destroyed) return;
        }
      }
      zip.end();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
