import { crc32 } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { renderPrintSheet, type DesignFonts, type PrintOrder } from '../../shared/render';
import { MAX_PNG_MEGAPIXELS } from '../../shared/schemas/print-file';
import { HttpError } from '../errors/http-error';

const MM_PER_INCH = 25.4;

/** Pixels for a physical length at a resolution: mm × dpi / 25.4, rounded (design.md §6). */
export function pixelsFor(lengthMm: number, dpi: number): number {
  return Math.max(1, Math.round((lengthMm * dpi) / MM_PER_INCH));
}

export function pngTooLarge(megapixels: number): HttpError {
  return new HttpError(
    422,
    'PRINT_FILE_TOO_LARGE',
    `This PNG would be ${megapixels.toFixed(1)} megapixels (at most ${MAX_PNG_MEGAPIXELS}): ask for one line (line=N) or a lower dpi.`,
  );
}

/**
 * Rasterises one of our print-file SVGs (root size in mm) with resvg at `dpi`: the root's mm size is
 * swapped for the exact pixel size, so rounding stretches the picture by under half a pixel instead
 * of leaving an edge. Transparent background: white would print as white ink. Synchronous and
 * CPU-bound for seconds on a large sheet: the server calls it on a worker thread (png-encoder.ts).
 */
export function rasterisePrintSheet(sheet: { svg: string; width: number; height: number }, dpi: number): Buffer {
  const width = pixelsFor(sheet.width, dpi);
  const height = pixelsFor(sheet.height, dpi);
  const megapixels = (width * height) / 1e6;
  if (megapixels > MAX_PNG_MEGAPIXELS) throw pngTooLarge(megapixels);
  const root = /<svg [^>]*?width="[\d.]+mm" height="[\d.]+mm"/.exec(sheet.svg);
  if (!root) throw new Error('The print file has no size in mm on its root element.');
  const sized = sheet.svg.replace(root[0], root[0].replace(/width="[\d.]+mm" height="[\d.]+mm"/, `width="${width}" height="${height}" preserveAspectRatio="none"`));
  const png = new Resvg(sized, { font: { loadSystemFonts: false } }).render().asPng();
  return withPhysicalDpi(png, dpi);
}

/** The order's lines as a PNG print file: laid out without labels or guides, rasterised, DPI recorded. */
export function printSheetPng(order: PrintOrder, fonts: DesignFonts, lines: readonly number[], dpi: number): Buffer {
  return rasterisePrintSheet(renderPrintSheet(order, fonts, { lines, marks: false }), dpi);
}

function chunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 0);
  header.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([header.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([header, data, crc]);
}

/**
 * The PNG with a pHYs chunk recording `dpi` (as pixels per metre, the PNG unit), inserted right after
 * IHDR as the PNG specification asks (before IDAT); an existing pHYs is replaced.
 */
export function withPhysicalDpi(png: Buffer, dpi: number): Buffer {
  const perMetre = Math.round(dpi / 0.0254);
  const data = Buffer.alloc(9);
  data.writeUInt32BE(perMetre, 0);
  data.writeUInt32BE(perMetre, 4);
  data.writeUInt8(1, 8);
  const parts: Buffer[] = [png.subarray(0, 8)];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (type !== 'pHYs') parts.push(png.subarray(offset, end));
    if (type === 'IHDR') parts.push(chunk('pHYs', data));
    offset = end;
  }
  return Buffer.concat(parts);
}
