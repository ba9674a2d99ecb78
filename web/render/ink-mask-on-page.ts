import type { DesignLayout } from '../../shared/render';
import type { FeatureMask } from '../../shared/render/thin-features';

type MaskContext = Pick<CanvasRenderingContext2D, 'scale' | 'translate' | 'fill' | 'getImageData'>;

/**
 * The layout's ink as a 0/1 mask at `pxPerMm` with a clear margin, drawn on whatever 2D context
 * `contextOf` makes at that size (an OffscreenCanvas in the worker, a page canvas elsewhere); null
 * without one.
 */
export function inkMask(layout: DesignLayout, pxPerMm: number, marginMm: number, contextOf: (width: number, height: number) => MaskContext | null): FeatureMask | null {
  const ink = layout.ink;
  if (!ink || typeof Path2D === 'undefined') return null;
  const width = Math.ceil((ink.width + 2 * marginMm) * pxPerMm);
  const height = Math.ceil((ink.height + 2 * marginMm) * pxPerMm);
  const context = contextOf(width, height);
  if (!context) return null;
  context.scale(pxPerMm, pxPerMm);
  context.translate(marginMm - ink.x, marginMm - ink.y);
  context.fill(new Path2D(layout.pathData));
  const rgba = context.getImageData(0, 0, width, height).data;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = rgba[i * 4 + 3]! >= 128 ? 1 : 0;
  return { ink: mask, width, height, pxPerMm };
}

/** The ink mask on a page canvas (where no worker runs); null without a 2D canvas. */
export function inkMaskOnPage(layout: DesignLayout, pxPerMm: number, marginMm: number): FeatureMask | null {
  if (typeof document === 'undefined') return null;
  return inkMask(layout, pxPerMm, marginMm, (width, height) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    try {
      return canvas.getContext('2d', { willReadFrequently: true });
    } catch {
      return null;
    }
  });
}
