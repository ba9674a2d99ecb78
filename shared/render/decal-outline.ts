/**
 * A laid-out design's cut outline (cut-outline.ts: the union of its glyphs, weight-compensated for
 * a font whose hairlines are too fine to weed) and what of it is still too thin. The preview,
 * thumbnails and print files draw this same outline: a compensated font's layout carries it as its
 * path data (layout.ts); for the others the glyphs' nonzero fill paints the same ink.
 */
import { inkRuns } from './ink-mask';
import type { DesignLayout } from './layout';
import { EMPTY_OUTLINE, placedOutline, type DecalOutline } from './cut-outline';
import { placedLineOf } from './placed-lines';
import { maskResolutionFor, thinFeaturesOfRuns, type ThinFeatures } from './thin-features';

export {
  cutOutlineOf,
  FLATTEN_TOLERANCE_MM,
  micro,
  micronPathData,
  outlineGrowthMm,
  UNITS_PER_MM,
  unionOf,
  WEIGHT_COMPENSATION,
  weightCompensationOf,
  type DecalOutline,
  type WeightCompensation,
} from './cut-outline';

/** The cut outline of a laid-out design. The layout must come from layoutDesign in this process. */
export function decalOutline(layout: DesignLayout): DecalOutline {
  if (!layout.ink) return EMPTY_OUTLINE;
  const placed = placedLineOf(layout);
  if (!placed) throw new Error('decalOutline needs a layout made by layoutDesign in this process.');
  return placedOutline(layout.font, layout.text, placed);
}

/**
 * Strokes and gaps of the decal's cut outline thinner than `minMm` that risk tearing
 * (thin-features.ts): the outline rasterised at maskResolutionFor(minMm) with a clear margin, no
 * canvas needed, so the server, a worker and the browser measure alike. Null fields: nothing under the minimum.
 */
export function thinFeaturesOf(layout: DesignLayout, minMm: number): ThinFeatures {
  const ink = layout.ink;
  if (!ink) return { thinnestStrokeMm: null, narrowestGapMm: null };
  const margin = Math.max(1, 2 * minMm);
  const box = { x: ink.x - margin, y: ink.y - margin, width: ink.width + 2 * margin, height: ink.height + 2 * margin };
  const pxPerMm = maskResolutionFor(minMm);
  const { runs, width } = inkRuns(decalOutline(layout).contours, box, pxPerMm);
  return thinFeaturesOfRuns(runs, width, pxPerMm, minMm);
}
