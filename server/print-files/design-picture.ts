import { Resvg } from '@resvg/resvg-js';
import { layoutDesign, type DesignFonts } from '../../shared/render';

/** What the picture of a design needs of an order line (an order item row). */
export interface DesignPictureItem {
  device: string;
  product_type: string | null;
  text: string;
  color: string;
  font: string;
  font_size: number;
}

/** CSS pixels wide a mail shows the picture at (the PNG has twice as many, for sharp screens). */
export const DESIGN_PICTURE_WIDTH = 280;
const MAX_HEIGHT = 120;
const SCALE = 2;

/**
 * The picture of one design line the mails link to, drawn by the shared renderer (shared/render):
 * the very outlines of the print file, from the same font files, turned to read left to right and
 * cropped to the ink, then rasterised to PNG, since mail clients do not show SVG. Synchronous: it
 * runs on the PNG threads (png-encoder.ts), once per design (design-picture.service.ts).
 */
export function designPicturePng(item: DesignPictureItem, fonts: DesignFonts): Buffer {
  const { svg, background } = designSvg(item, fonts);
  // Outlines only: without `loadSystemFonts: false` resvg would scan the system's fonts on every call.
  return new Resvg(svg, { fitTo: { mode: 'width', value: DESIGN_PICTURE_WIDTH * SCALE }, font: { loadSystemFonts: false }, background }).render().asPng();
}

/** The design's ink as an SVG, on a background it reads well on. Characters the font lacks are left out, as in the print file. */
export function designSvg(item: DesignPictureItem, loaded: DesignFonts): { svg: string; height: number; background: string } {
  const layout = layoutDesign({ device: item.device, productType: item.product_type, text: item.text, color: item.color, font: item.font, fontSize: item.font_size }, loaded);
  const ink = layout.ink ?? { x: 0, y: 0, width: 1, height: 1 };
  // The layout runs the text down the print area (+y) with letter tops towards +x; rotate(-90) reads it
  // left to right, mapping (x, y) to (y, -x), so the ink box becomes x from ink.y, y from -(ink.x + width).
  const pad = Math.max(ink.width, ink.height) * 0.12 + 1;
  const box = { x: ink.y - pad, y: -(ink.x + ink.width) - pad, w: ink.height + 2 * pad, h: ink.width + 2 * pad };
  const height = Math.max(40, Math.min(MAX_HEIGHT, Math.round((DESIGN_PICTURE_WIDTH * box.h) / box.w)));
  const background = isLight(layout.fill) ? '#2a0e24' : '#ffffff';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${DESIGN_PICTURE_WIDTH}" height="${height}" viewBox="${box.x} ${box.y} ${box.w} ${box.h}" preserveAspectRatio="xMidYMid meet">` +
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="${background}"/>` +
    `<path transform="rotate(-90)" fill="${layout.fill}" d="${layout.pathData}"/></svg>`;
  return { svg, height, background };
}

/** Relative luminance above ~0.55: light enough to need a dark background. */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55;
}
