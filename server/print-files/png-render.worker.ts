/**
 * The PNG worker thread: lays out the order's lines, rasterises and encodes them (printSheetPng),
 * all off the server's event loop. Fonts are parsed once per worker. A refusal (HttpError) goes
 * back as its status, code and message for the main thread to rethrow.
 */
import { parentPort } from 'node:worker_threads';
import type { PrintOrder } from '../../shared/render';
import { HttpError } from '../errors/http-error';
import { printSheetPng } from './png';
import { printFonts } from './print-fonts';

export interface PngJob {
  id: number;
  order: PrintOrder;
  lines: number[];
  dpi: number;
}

export type PngJobResult =
  | { id: number; png: Uint8Array }
  | { id: number; refused: { status: number; code: string; message: string } }
  | { id: number; error: string };

parentPort!.on('message', (job: PngJob) => {
  void answer(job).then((result) => parentPort!.postMessage(result, 'png' in result ? [result.png.buffer as ArrayBuffer] : []));
});

async function answer({ id, order, lines, dpi }: PngJob): Promise<PngJobResult> {
  try {
    const png = printSheetPng(order, await printFonts(), lines, dpi);
    // Its own ArrayBuffer, so the bytes are moved to the main thread rather than copied.
    return { id, png: Uint8Array.from(png) };
  } catch (error) {
    if (error instanceof HttpError) return { id, refused: { status: error.status, code: error.code, message: error.message } };
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}
