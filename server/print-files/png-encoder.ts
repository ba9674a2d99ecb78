import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { threadModule } from '../threads/thread-module';
import type { PrintOrder } from '../../shared/render';
import { HttpError } from '../errors/http-error';
import type { DesignPictureItem } from './design-picture';
import type { PngJob, PngJobResult } from './png-render.worker';

/** One core stays with the event loop. */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Kept a while after a file: the print room downloads several in a row, and each thread parses the fonts once. */
const IDLE_MS = 10 * 60 * 1000;

let pool: Piscina<PngJob | DesignPictureItem, PngJobResult> | null = null;

function pngPool(): Piscina<PngJob | DesignPictureItem, PngJobResult> {
  pool ??= new Piscina({
    ...threadModule(import.meta.url, 'png-render.worker'),
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: IDLE_MS,
  });
  return pool;
}

/**
 * PNG print files on worker threads (piscina, as cut jobs and mail). resvg's `asPng()` encodes on
 * the calling thread (2.1 s for a 10-line sheet, during which no other request was answered) and a
 * first layout of new glyphs takes a few hundred ms more; here layout, rasterising and encoding all
 * happen on a thread, and the event loop only posts the order and receives the bytes.
 */
export async function renderPrintPng(order: PrintOrder, lines: readonly number[], dpi: number): Promise<Buffer> {
  // Only what the renderer reads crosses to the thread (structured clone).
  const plain: PrintOrder = { orderNumber: order.orderNumber, items: order.items.map((item) => ({ ...item })) };
  return bytesOf(await pngPool().run({ order: plain, lines: [...lines], dpi }));
}

/** The picture of one design line that mails link to (design-picture.ts), drawn on the same threads. */
export async function renderDesignPicture(item: DesignPictureItem): Promise<Buffer> {
  const { device, product_type, text, color, font, font_size } = item;
  return bytesOf(await pngPool().run({ device, product_type, text, color, font, font_size }, { name: 'renderDesignPicture' }));
}

function bytesOf(result: PngJobResult): Buffer {
  if (result instanceof Uint8Array) return Buffer.from(result.buffer, result.byteOffset, result.byteLength);
  // A refusal crosses the thread as data: an HttpError would arrive as a plain Error.
  if ('refused' in result) throw new HttpError(result.refused.status, result.refused.code, result.refused.message);
  throw new Error(`PNG rendering failed: ${result.error}`);
}
