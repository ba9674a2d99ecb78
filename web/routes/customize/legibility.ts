import type { DesignLayout } from '../../render/browser-renderer';

/**
 * Long text gets a visible note once the renderer had to shrink it below this share of the design's
 * size (12 mm letters at font size 24, so under 8 mm), rather than letting it shrink silently.
 */
export const LEGIBLE_SHARE = 2 / 3;

export interface LongTextFit {
  /** How tall a capital prints on the product, mm (one decimal), measured from the font's glyphs. */
  capitalMm: number;
}

/**
 * How big the text prints when the shared renderer had to shrink it to fit its product, or null
 * when it prints at a comfortable size (or the layout is not ready yet). The renderer's own fitting
 * decides, so the note speaks of exactly what the print file will hold.
 */
export function longTextFit(layout: DesignLayout | null, text: string): LongTextFit | null {
  if (!layout || !text.trim() || layout.fontSizeMm >= layout.preferredFontSizeMm * LEGIBLE_SHARE) return null;
  return { capitalMm: Math.round(layout.capHeightMm * 10) / 10 };
}
