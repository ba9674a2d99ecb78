/** Test and benchmark support: how much of a cut path runs through ink. */
import { FLATTEN_TOLERANCE_MM } from './cut-outline';
import { flattenLine, type FlatContour } from './flatten';
import type { DesignLayout } from './layout';
import { linePathData } from './outline';
import { placedLineOf } from './placed-lines';

/** The layout's glyph contours as the font draws them (overlaps and all), flattened as the union's are. */
export function rawGlyphContours(layout: DesignLayout): FlatContour[] {
  const placed = placedLineOf(layout)!;
  return flattenLine(placed.line, placed.toArea, FLATTEN_TOLERANCE_MM);
}

/** The layout's glyphs as the font draws them, as SVG path data (curves, overlaps and all): no union, no compensation. */
export function glyphPathData(layout: DesignLayout): string {
  const placed = placedLineOf(layout)!;
  return linePathData(placed.line, placed.toArea);
}

const ROW_MM = 0.25;
const SNAP_MM = 0.003;

/** The edges of closed contours kept by rows of ROW_MM: x0, y0, x1, y1 per edge. */
function edgeRows(contours: readonly FlatContour[]): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  for (const c of contours) {
    const n = c.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const [x0, y0, x1, y1] = [c[2 * i]!, c[2 * i + 1]!, c[2 * j]!, c[2 * j + 1]!];
      for (let r = Math.floor(Math.min(y0, y1) / ROW_MM); r <= Math.floor(Math.max(y0, y1) / ROW_MM); r++) {
        let row = rows.get(r);
        if (!row) rows.set(r, (row = []));
        row.push(x0, y0, x1, y1);
      }
    }
  }
  return rows;
}

/** Nonzero winding of the contours around a point. */
function winding(rows: Map<number, number[]>, x: number, y: number): number {
  const row = rows.get(Math.floor(y / ROW_MM)) ?? [];
  let total = 0;
  for (let k = 0; k < row.length; k += 4) {
    const [x0, y0, x1, y1] = [row[k]!, row[k + 1]!, row[k + 2]!, row[k + 3]!];
    if (((y0 <= y && y < y1) || (y1 <= y && y < y0)) && x0 + ((y - y0) * (x1 - x0)) / (y1 - y0) > x) total += y1 > y0 ? 1 : -1;
  }
  return total;
}

/** Does the segment a–b cross an edge of the contours (other than one sharing the point a)? */
function crossesEdge(rows: Map<number, number[]>, ax: number, ay: number, bx: number, by: number): boolean {
  const seen = new Set<number[]>();
  for (let r = Math.floor(Math.min(ay, by) / ROW_MM); r <= Math.floor(Math.max(ay, by) / ROW_MM); r++) {
    const row = rows.get(r);
    if (!row || seen.has(row)) continue;
    seen.add(row);
    for (let k = 0; k < row.length; k += 4) {
      const [x0, y0, x1, y1] = [row[k]!, row[k + 1]!, row[k + 2]!, row[k + 3]!];
      const d1 = (x1 - x0) * (ay - y0) - (y1 - y0) * (ax - x0);
      const d2 = (x1 - x0) * (by - y0) - (y1 - y0) * (bx - x0);
      const d3 = (bx - ax) * (y0 - ay) - (by - ay) * (x0 - ax);
      const d4 = (bx - ax) * (y1 - ay) - (by - ay) * (x1 - ax);
      if (Math.abs(d1) < 1e-12) continue; // the edge the probe starts on
      if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    }
  }
  return false;
}

/**
 * Length of the `cut` contours (mm) that runs through ink: at the middle of every step of the
 * path, the material `probe` mm to either side is ink (a nonzero fill of `ink`) and reached
 * without crossing another cut. A cut along the edge of ink has no ink on one side; one into the
 * notch where two strokes meet crosses the notch's other side first.
 */
export function cutLengthInsideInk(cut: readonly FlatContour[], ink: readonly FlatContour[], probe = 0.02, step = 0.05): number {
  const inkRows = edgeRows(ink);
  const cutRows = edgeRows(cut);
  let inside = 0;
  for (const c of cut) {
    const n = c.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const [x0, y0, x1, y1] = [c[2 * i]!, c[2 * i + 1]!, c[2 * j]!, c[2 * j + 1]!];
      const length = Math.hypot(x1 - x0, y1 - y0);
      if (length === 0) continue;
      const [nx, ny] = [-(y1 - y0) / length, (x1 - x0) / length];
      const parts = Math.ceil(length / step);
      for (let k = 0; k < parts; k++) {
        const t = (k + 0.5) / parts;
        const [x, y] = [x0 + t * (x1 - x0), y0 + t * (y1 - y0)];
        const inkOn = (side: 1 | -1) => {
          // Another cut within a few µm of the probe's end (the grid's rounding) separates it too.
          const reach = probe + SNAP_MM;
          return winding(inkRows, x + side * probe * nx, y + side * probe * ny) !== 0 && !crossesEdge(cutRows, x, y, x + side * reach * nx, y + side * reach * ny);
        };
        if (inkOn(1) && inkOn(-1)) inside += length / parts;
      }
    }
  }
  return inside;
}
