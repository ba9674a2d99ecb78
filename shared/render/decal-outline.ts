/**
 * The decal's cut outline: the boolean union of its glyphs' outlines. Fonts draw letters from
 * overlapping contours (a script's stroke ends run into the next letter, a diacritic sits on its
 * base), which a nonzero fill hides but a knife would follow straight through the ink. The union has
 * one boundary per piece of ink and one per hole, none crossing another, so the knife stays on the
 * edge of the ink and nonzero and even-odd fill draw the same letters.
 *
 * Curves are flattened within FLATTEN_TOLERANCE_MM (Wang's bound, a guarantee rather than an
 * estimate), snapped to a 1 µm grid and merged by Clipper2 (clipper2-ts), which works on integers
 * and so cannot be fooled by rounding.
 */
// The engine and its types only: the package's index also pulls in offsetting, triangulation and
// Minkowski sums, which nothing here uses and every browser that prints would download.
import { ClipType, FillRule, PathType, type Path64, type Paths64 } from 'clipper2-ts/dist/Core.js';
import { Clipper64 } from 'clipper2-ts/dist/Engine.js';
import { flattenLine, type FlatContour } from './flatten';
import { inkRuns } from './ink-mask';
import type { DesignLayout } from './layout';
import { placedLineOf } from './placed-lines';
import { maskResolutionFor, thinFeaturesOfRuns, type ThinFeatures } from './thin-features';

/** Largest distance between a glyph's curve and the cut polyline, mm. */
export const FLATTEN_TOLERANCE_MM = 0.01;
/** Grid the outline is snapped to: µm. */
export const UNITS_PER_MM = 1000;

export interface DecalOutline {
  /**
   * Closed contours in the layout's area mm, on a 1 µm grid: each boundary of ink once, outer
   * boundaries and holes in opposite turning senses, no two crossing.
   */
  contours: FlatContour[];
  /** The same contours in whole µm (x0, y0, x1, y1, …). */
  microns: Int32Array[];
  /** The contours as SVG path data: absolute starts, relative steps. */
  pathData: string;
  /** Ink area, mm². */
  areaMm2: number;
}

const EMPTY: DecalOutline = { contours: [], microns: [], pathData: '', areaMm2: 0 };
/**
 * Outlines of the designs drawn last, by what decides them (font, text, placement): a print file
 * is asked for again and again (each line, the PDF, the ZIP), and each is milliseconds of merging.
 */
const KEPT = 100;
const outlines = new Map<string, DecalOutline>();

/** The union of a laid-out design's glyphs. The layout must come from layoutDesign in this process. */
export function decalOutline(layout: DesignLayout): DecalOutline {
  if (!layout.pathData) return EMPTY;
  const placed = placedLineOf(layout);
  if (!placed) throw new Error('decalOutline needs a layout made by layoutDesign in this process.');
  const { a, b, c, d, e, f } = placed.toArea;
  const key = [layout.font, layout.text, a, b, c, d, e, f].join('\u0001');
  let outline = outlines.get(key);
  if (outline) outlines.delete(key);
  else outline = unionOf(flattenLine(placed.line, placed.toArea, FLATTEN_TOLERANCE_MM));
  if (outlines.size >= KEPT) outlines.delete(outlines.keys().next().value!);
  outlines.set(key, outline);
  return outline;
}

function toPath64(contour: FlatContour): Path64 {
  const path: Path64 = new Array(contour.length / 2);
  for (let i = 0; i < contour.length; i += 2) path[i / 2] = { x: Math.round(contour[i]! * UNITS_PER_MM), y: Math.round(contour[i + 1]! * UNITS_PER_MM) };
  return path;
}

/** Contours merged under the nonzero rule: what a nonzero fill of them paints, as boundaries that never overlap. */
export function unionOf(contours: readonly FlatContour[]): DecalOutline {
  const clipper = new Clipper64();
  clipper.addPaths(contours.map(toPath64), PathType.Subject);
  const solution: Paths64 = [];
  clipper.execute(ClipType.Union, FillRule.NonZero, solution);
  let doubleArea = 0;
  const microns: Int32Array[] = [];
  for (const path of solution) {
    if (path.length < 3) continue;
    const flat = new Int32Array(path.length * 2);
    path.forEach((point, i) => {
      flat[2 * i] = point.x;
      flat[2 * i + 1] = point.y;
      const next = path[i + 1 === path.length ? 0 : i + 1]!;
      doubleArea += point.x * next.y - next.x * point.y;
    });
    microns.push(flat);
  }
  return {
    contours: microns.map((flat) => Array.from(flat, (units) => units / UNITS_PER_MM)),
    microns,
    pathData: micronPathData(microns),
    areaMm2: Math.abs(doubleArea) / 2 / UNITS_PER_MM / UNITS_PER_MM,
  };
}

/** Closed contours given in whole µm as SVG path data in mm: an absolute start, then relative steps (exact, and short). */
export function micronPathData(contours: readonly ArrayLike<number>[]): string {
  let out = '';
  for (const contour of contours) {
    if (contour.length < 6) continue;
    let x = contour[0]!;
    let y = contour[1]!;
    out += 'M' + micro(x) + ' ' + micro(y) + 'l';
    for (let i = 2; i < contour.length; i += 2) {
      const dx = micro(contour[i]! - x);
      const dy = micro(contour[i + 1]! - y);
      out += (i > 2 && dx[0] !== '-' ? ' ' : '') + dx + (dy[0] === '-' ? '' : ' ') + dy;
      x = contour[i]!;
      y = contour[i + 1]!;
    }
    out += 'z';
  }
  return out;
}

/** A whole number of µm as mm, with at most three decimals and no trailing zeros, through integer arithmetic. */
export function micro(units: number): string {
  const magnitude = Math.abs(units);
  const whole = Math.floor(magnitude / UNITS_PER_MM);
  const fraction = magnitude - whole * UNITS_PER_MM;
  const sign = units < 0 ? '-' : '';
  if (fraction === 0) return sign + whole;
  let digits = String(fraction + UNITS_PER_MM).slice(1);
  while (digits.endsWith('0')) digits = digits.slice(0, -1);
  return sign + whole + '.' + digits;
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
