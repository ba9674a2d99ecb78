/**
 * The PNG thread's task (png-encoder.ts): lays out the order's lines, rasterises and encodes them
 * (printSheetPng), all off the server's event loop. Fonts are parsed once per thread. A refusal
 * (HttpError) goes back as its status, code and message for the main thread to rethrow.
 */
import { Piscina } from 'piscina';
import type { PrintOrder } from '../../shared/render';
import { HttpError } from '../errors/http-error';
import { printSheetPng } from './png';
import { printFonts } from '../catalog/print-fonts';

export interface PngJob {
  order: PrintOrder;
  lines: number[];
  dpi: number;
}

/** The PNG's bytes, or why there are none. */
export type PngJobResult = Uint8Array | { refused: { status: number; code: string; message: string } } | { error: string };

export default async function renderPng({ order, lines, dpi }: PngJob): Promise<PngJobResult> {
  try {
    const png = printSheetPng(order, await printFonts(), lines, dpi);
    // Its own ArrayBuffer, moved to the main thread rather than copied.
    return Piscina.move(Uint8Array.from(png)) as Uint8Array;
  } catch (error) {
    if (error instanceof HttpError) return { refused: { status: error.status, code: error.code, message: error.message } };
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
