import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import { renderAsync } from '@resvg/resvg-js';
import { layoutDesign, loadDesignFonts, type DesignFonts } from '../../shared/render';
import { fileFontSource } from '../../shared/render/node-font-source';

/** What the picture of a design needs of an order line (an order item row). */
export interface MailDesignItem {
  device: string;
  product_type: string | null;
  text: string;
  color: string;
  font: string;
  font_size: number;
}

/** An image attached to the mail and shown inline through `cid:` (no remote images in mails). */
export interface MailImage {
  cid: string;
  filename: string;
  contentType: 'image/png';
  content: Buffer;
  /** CSS pixels the mail shows it at (the PNG has twice as many, for sharp screens). */
  width: number;
  height: number;
}

const WIDTH = 280;
const MAX_HEIGHT = 120;
const SCALE = 2;

let fonts: Promise<DesignFonts> | null = null;
const deflateAsync = promisify(deflate);

/**
 * The picture of one design line for the mails, drawn by the shared renderer (shared/render): the
 * very outlines of the print file, from the same font files, turned to read left to right and
 * cropped to the ink, then rasterised to PNG, since mail clients do not show SVG. It runs on the
 * mail composer's thread (mail-composer.ts), which only lays the design out (~0.5 ms): resvg
 * rasterises on libuv's thread pool (renderAsync) and zlib compresses there too (pngOf), so the
 * thread lays out the next mail's meanwhile.
 */
export async function designImageForMail(item: MailDesignItem, cid: string): Promise<MailImage> {
  fonts ??= loadDesignFonts(fileFontSource).catch((error: unknown) => {
    fonts = null;
    throw error;
  });
  const { svg, height, background } = designSvg(item, await fonts);
  // Outlines only: without `loadSystemFonts: false` resvg would scan the system's fonts on every call
  // (~4 ms). The background fills the whole picture, so every pixel is opaque (see pngOf).
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: WIDTH * SCALE }, font: { loadSystemFonts: false }, background });
  const content = await pngOf(image.pixels, image.width, image.height);
  return { cid, filename: `${cid.split('@')[0]}.png`, contentType: 'image/png', content, width: WIDTH, height };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An RGBA PNG of opaque pixels (resvg's are premultiplied, which equals straight alpha only when
 * opaque). resvg's own `asPng()` compresses on the calling thread at zlib's default level (1.7 ms
 * for a 560 px picture); here zlib compresses on its thread pool at level 3 (0.6 ms, the same size
 * within 5 %), rows unfiltered, as a flat-coloured picture compresses well without filters.
 */
async function pngOf(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter method, not interlaced
  const compressed = await deflateAsync(rows, { level: 3 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', compressed), pngChunk('IEND', Buffer.alloc(0))]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(data.length + 12);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'ascii');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return chunk;
}

/** The design's ink as an SVG, on a background it reads well on. Characters the font lacks are left out, as in the print file. */
export function designSvg(item: MailDesignItem, loaded: DesignFonts): { svg: string; height: number; background: string } {
  const layout = layoutDesign({ device: item.device, productType: item.product_type, text: item.text, color: item.color, font: item.font, fontSize: item.font_size }, loaded);
  const ink = layout.ink ?? { x: 0, y: 0, width: 1, height: 1 };
  // The layout runs the text down the print area (+y) with letter tops towards +x; rotate(-90) reads it
  // left to right, mapping (x, y) to (y, -x), so the ink box becomes x from ink.y, y from -(ink.x + width).
  const pad = Math.max(ink.width, ink.height) * 0.12 + 1;
  const box = { x: ink.y - pad, y: -(ink.x + ink.width) - pad, w: ink.height + 2 * pad, h: ink.width + 2 * pad };
  const height = Math.max(40, Math.min(MAX_HEIGHT, Math.round((WIDTH * box.h) / box.w)));
  const background = isLight(layout.fill) ? '#2a0e24' : '#ffffff';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="${box.x} ${box.y} ${box.w} ${box.h}" preserveAspectRatio="xMidYMid meet">` +
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="${background}"/>` +
    `<path transform="rotate(-90)" fill="${layout.fill}" d="${layout.pathData}"/></svg>`;
  return { svg, height, background };
}

/** Relative luminance above ~0.55: light enough to need a dark background. */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55;
}
