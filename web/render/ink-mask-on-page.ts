import type { DesignLayout } from '../../shared/render';
import type { FeatureMask } from '../../shared/render/thin-features';

/** The layout's ink as a 0/1 mask at `pxPerMm` with a clear margin, on a page canvas (where no worker runs); null without a 2D canvas. */
export function inkMaskOnPage(layout: DesignLayout, pxPerMm: number, marginMm: number): FeatureMask | null {
  const ink = layout.ink;
  if (!ink || typeof document === 'undefined' || typeof Path2D === 'undefined') return null;
  const width = Math.ceil((ink.width + 2 * marginMm) * pxPerMm);
  const height = Math.ceil((ink.height + 2 * marginMm) * pxPerMm);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  let context: CanvasRenderingContext2D | null;
  try {
    context = canvas.getContext('2d', { willReadFrequently: true });
  } catch {
    return null;
  }
  if (!context) return null;
  context.scale(pxPerMm, pxPerMm);
  context.translate(marginMm - ink.x, marginMm - ink.y);
  context.fill(new Path2D(layout.pathData));
  const rgba = context.getImageData(0, 0, width, height).data;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = rgba[i * 4 + 3]! >= 128 ? 1 : 0;
  return { ink: mask, width, height, pxPerMm };
}
