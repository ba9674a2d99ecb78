/**
 * The cut outline of a placed line of glyphs: the boolean union of the glyphs, then, for a font
 * whose hairlines are finer than a vinyl cutter weeds, its weight compensation. Fonts draw letters
 * from overlapping contours (a script's stroke ends run into the next letter, a diacritic sits on
 * its base), which a nonzero fill hides but a knife would follow straight through the ink. The union
 * has one boundary per piece of ink and one per hole, none crossing another, so the knife stays on
 * the edge of the ink and nonzero and even-odd fill draw the same letters.
 *
 * Curves are flattened within FLATTEN_TOLERANCE_MM (Wang's bound, a guarantee rather than an
 * estimate), snapped to a 1 µm grid and merged by Clipper2 (clipper2-ts), which works on integers
 * and so cannot be fooled by rounding. This module knows nothing of layouts (layout.ts draws a
 * compensated font's path data from it; decal-outline.ts gives a layout's outline).
 */
// The engine and the offsetter only: the package's index also pulls in triangulation and Minkowski
// sums, which nothing here uses and every browser that prints would download.
import { ClipType, FillRule, PathType, type Path64, type Paths64 } from 'clipper2-ts/dist/Core.js';
import { Clipper64 } from 'clipper2-ts/dist/Engine.js';
import { ClipperOffset, EndType, JoinType } from 'clipper2-ts/dist/Offset.js';
import type { FontName } from '../catalog';
import { flattenLine, type FlatContour } from './flatten';
import type { PlacedLine } from './placed-lines';

/** Largest distance between a glyph's curve and the cut polyline, mm. */
export const FLATTEN_TOLERANCE_MM = 0.01;
/** Grid the outline is snapped to: µm. */
export const UNITS_PER_MM = 1000;

/**
 * Weight compensation, as sign shops set it for a thin face: the ink grows by `growMm` all round
 * (round joins), lifting hairline joins over what the cutter weeds, then every gap or counter
 * narrower than `clearMm` is filled (a closing by a disc of that diameter), since vinyl that thin
 * between two cuts tears when weeded. Fonts without an entry are cut as their glyphs draw.
 */
export interface WeightCompensation {
  growMm: number;
  clearMm: number;
}

/**
 * Pecita's joins run down to about 1.5 % of the em (0.35 mm at its smallest size, 24 mm): 0.1 mm a
 * side lifts them over 0.5 mm; gaps are cleared to 0.55 mm so that the ink mask the thin-feature
 * check measures at 0.1 mm per pixel reads none under 0.5 mm.
 */
export const WEIGHT_COMPENSATION: Partial<Record<FontName, WeightCompensation>> = {
  Pecita: { growMm: 0.1, clearMm: 0.55 },
};

export function weightCompensationOf(font: FontName): WeightCompensation | null {
  return WEIGHT_COMPENSATION[font] ?? null;
}

/** How far a font's cut outline reaches past its glyphs' ink, mm (growth only: filling a gap never widens the ink's box). */
export function outlineGrowthMm(font: FontName): number {
  return WEIGHT_COMPENSATION[font]?.growMm ?? 0;
}

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

export const EMPTY_OUTLINE: DecalOutline = { contours: [], microns: [], pathData: '', areaMm2: 0 };
/**
 * Outlines of the lines drawn last, by what decides them (font, text, placement): a print file is
 * asked for again and again (each line, the PDF, the ZIP), and each is milliseconds of merging.
 */
const KEPT = 100;
const outlines = new Map<string, DecalOutline>();

/** The cut outline of a font's glyphs placed on an area (the union, compensated where the font is). */
export function placedOutline(font: FontName, text: string, placed: PlacedLine): DecalOutline {
  const { a, b, c, d, e, f } = placed.toArea;
  const key = [font, text, a, b, c, d, e, f].join('\u0001');
  let outline = outlines.get(key);
  if (outline) outlines.delete(key);
  else outline = cutOutlineOf(flattenLine(placed.line, placed.toArea, FLATTEN_TOLERANCE_MM), weightCompensationOf(font));
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
  return outlineOfPaths(unionPaths(contours));
}

/** The union, then the compensation when there is one. */
export function cutOutlineOf(contours: readonly FlatContour[], compensation: WeightCompensation | null): DecalOutline {
  const union = unionPaths(contours);
  return outlineOfPaths(compensation ? compensated(union, compensation) : union);
}

function unionPaths(contours: readonly FlatContour[]): Paths64 {
  const clipper = new Clipper64();
  clipper.addPaths(contours.map(toPath64), PathType.Subject);
  const solution: Paths64 = [];
  clipper.execute(ClipType.Union, FillRule.NonZero, solution);
  return solution;
}

/** Grown by growMm + clearMm / 2, then shrunk by clearMm / 2: the growth, and every gap under clearMm closed. */
function compensated(union: Paths64, { growMm, clearMm }: WeightCompensation): Paths64 {
  const close = (clearMm / 2) * UNITS_PER_MM;
  const grown = offsetPaths(union, growMm * UNITS_PER_MM + close);
  return close > 0 ? offsetPaths(grown, -close) : grown;
}

/** Round joins whose arcs keep within the flattening tolerance, as the glyphs' curves do. */
function offsetPaths(paths: Paths64, delta: number): Paths64 {
  const offset = new ClipperOffset(2, FLATTEN_TOLERANCE_MM * UNITS_PER_MM);
  offset.addPaths(paths, JoinType.Round, EndType.Polygon);
  const solution: Paths64 = [];
  offset.execute(delta, solution);
  return solution;
}

function outlineOfPaths(solution: Paths64): DecalOutline {
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
