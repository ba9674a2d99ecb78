import type { ProductTypeId } from '../../../shared/catalog';
import { printAreaOf } from '../../../shared/print-file';
import { fitFontSize, textRegion } from './draw-mockup';

/** Under this size on the 600 px preview, long text gets a visible note rather than silently shrinking. */
export const LEGIBLE_CANVAS_PX = 30;

let measure: CanvasRenderingContext2D | null | undefined;

function measuringContext(): CanvasRenderingContext2D | null {
  if (measure === undefined) {
    try {
      measure = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      measure = null;
    }
  }
  return measure;
}

export interface LongTextFit {
  /** The letters' size on the printed product, in mm. */
  printedMm: number;
}

/**
 * How big the text ends up when it has to shrink to fit its product, or null when it prints at a
 * comfortable size (or the browser cannot measure). Same region and fitting as the preview.
 */
export function longTextFit(design: { productType: ProductTypeId; variant: string; text: string; font: string; fontSize: number }): LongTextFit | null {
  const ctx = measuringContext();
  if (!ctx || !design.text.trim()) return null;
  const region = textRegion(design.productType, design.variant);
  const size = fitFontSize(ctx, design.text, design.font, design.fontSize * 3, region);
  if (size >= LEGIBLE_CANVAS_PX) return null;
  const area = printAreaOf({ productType: design.productType, device: design.variant });
  return { printedMm: Math.max(1, Math.round((size * area.length) / region.length)) };
}
