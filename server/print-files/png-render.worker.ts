/**
 * The PNG threads' tasks (png-encoder.ts), all off the server's event loop: a print file's lines
 * laid out, rasterised and encoded (printSheetPng), or the small picture of one design that the
 * mails link to (designPicturePng). Fonts are parsed once per thread. A refusal (HttpError) goes
 * back as its status, code and message for the main thread to rethrow.
 */
import { Piscina } from 'piscina';
import type { PrintOrder } from '../../shared/render';
import { HttpError } from '../errors/http-error';
import { printSheetPng } from './png';
import { designPicturePng, type DesignPictureItem } from './design-picture';
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
    return moved(printSheetPng(order, await printFonts(), lines, dpi));
  } catch (error) {
    if (error instanceof HttpError) return { refused: { status: error.status, code: error.code, message: error.message } };
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export async function renderDesignPicture(item: DesignPictureItem): Promise<PngJobResult> {
  try {
    return moved(designPicturePng(item, await printFonts()));
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Its own ArrayBuffer, moved to the main thread rather than copied. */
function moved(png: Buffer): Uint8Array {
  return Piscina.move(Uint8Array.from(png)) as Uint8Array;
}
