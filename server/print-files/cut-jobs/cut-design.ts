/**
 * What a cut job needs of one design, worked out once: the box of its cut outline, the outline
 * itself (the union of its glyphs, shared/render/decal-outline.ts) and whether any part of it is
 * too thin to weed. A queue repeats designs (quantities, reorders) and the job list comes before
 * its files, so designs are kept, the most recently used ones, in the thread that cuts.
 */
import { decalOutline, layoutDesign, thinFeaturesOf, type DesignFonts, type MmBox, type PrintLine, type ThinFeatures } from '../../../shared/render';

export interface CutDesign {
  /** The cut outline's box in the print area, mm. */
  box: MmBox;
  /** The cut outline in the print area, whole µm (x0, y0, x1, y1, …), one array per contour. */
  microns: Int32Array[];
  /** Parts under the minimum that risk tearing; null when there are none. */
  thin: ThinFeatures | null;
}

/** About 20 kB each: a few thousand designs stay within tens of MB. */
const KEPT = 3000;
const kept = new Map<string, CutDesign | null>();

function keyOf(item: PrintLine, minFeatureMm: number): string {
  const area = item.printArea ? `${item.printArea.width}x${item.printArea.length}` : '';
  return [item.device, item.productType ?? '', area, item.font, item.fontSize, minFeatureMm, item.text].join('\u0001');
}

/** The design of an order line, or null when it has no ink (blank text: nothing to cut). */
export function cutDesignOf(item: PrintLine, fonts: DesignFonts, minFeatureMm: number): CutDesign | null {
  const key = keyOf(item, minFeatureMm);
  if (kept.has(key)) {
    const design = kept.get(key)!;
    kept.delete(key);
    kept.set(key, design);
    return design;
  }
  const layout = layoutDesign(item, fonts);
  let design: CutDesign | null = null;
  if (layout.ink) {
    const found = thinFeaturesOf(layout, minFeatureMm);
    const { microns } = decalOutline(layout);
    design = {
      box: boxOf(microns),
      microns,
      thin: found.thinnestStrokeMm === null && found.narrowestGapMm === null ? null : found,
    };
  }
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, design);
  return design;
}

function boxOf(contours: readonly Int32Array[]): MmBox {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const contour of contours) {
    for (let i = 0; i < contour.length; i += 2) {
      minX = Math.min(minX, contour[i]!);
      maxX = Math.max(maxX, contour[i]!);
      minY = Math.min(minY, contour[i + 1]!);
      maxY = Math.max(maxY, contour[i + 1]!);
    }
  }
  return { x: minX / 1000, y: minY / 1000, width: (maxX - minX) / 1000, height: (maxY - minY) / 1000 };
}
