/**
 * SVG path data as geometry: parsed into absolute moves, lines and cubics (quadratics raised to the
 * cubic that draws the same curve), moved by an affine map, and flattened into polylines for
 * plotters. The print files' outlines are SVG path data in mm; the PDF and HPGL writers read them here.
 */

import { applyAffine as applyAffineToXY, type Affine } from '../../shared/render/outline';

export type Point = readonly [number, number];

export type Segment =
  | { op: 'M'; to: Point }
  | { op: 'L'; to: Point }
  | { op: 'C'; c1: Point; c2: Point; to: Point }
  | { op: 'Z' };

export type { Affine };

const ARG_COUNT: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, Q: 4, T: 2, C: 6, S: 4, Z: 0 };
const TOKEN = /([MLHVQTCSZmlhvqtcsz])|(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g;

/**
 * Parses path data (absolute or relative M L H V Q T C S Z; arcs are not used by our renderer and
 * are refused) into absolute segments. A quadratic with control Q from P0 to P2 is the cubic with
 * controls P0 + ⅔(Q − P0) and P2 + ⅔(Q − P2): the same curve exactly, which a PDF can hold.
 */
export function parsePathData(d: string): Segment[] {
  if (/[Aa]/.test(d)) throw new SyntaxError('Path data: arcs are not supported');
  const segments: Segment[] = [];
  let command = '';
  let args: number[] = [];
  let current: Point = [0, 0];
  let start: Point = [0, 0];
  let lastCubic: Point | null = null;
  let lastQuad: Point | null = null;

  const emit = (cmd: string, a: number[]) => {
    const rel = cmd === cmd.toLowerCase();
    const up = cmd.toUpperCase();
    const [cx, cy] = current;
    const pt = (i: number): Point => (rel ? [cx + a[i]!, cy + a[i + 1]!] : [a[i]!, a[i + 1]!]);
    let nextCubic: Point | null = null;
    let nextQuad: Point | null = null;
    if (up === 'M') {
      current = start = pt(0);
      segments.push({ op: 'M', to: current });
    } else if (up === 'L' || up === 'H' || up === 'V') {
      const to: Point = up === 'L' ? pt(0) : up === 'H' ? [rel ? cx + a[0]! : a[0]!, cy] : [cx, rel ? cy + a[0]! : a[0]!];
      segments.push({ op: 'L', to });
      current = to;
    } else if (up === 'C' || up === 'S') {
      const c1: Point = up === 'C' ? pt(0) : lastCubic ? [2 * cx - lastCubic[0], 2 * cy - lastCubic[1]] : current;
      const c2 = up === 'C' ? pt(2) : pt(0);
      const to = up === 'C' ? pt(4) : pt(2);
      segments.push({ op: 'C', c1, c2, to });
      nextCubic = c2;
      current = to;
    } else if (up === 'Q' || up === 'T') {
      const q: Point = up === 'Q' ? pt(0) : lastQuad ? [2 * cx - lastQuad[0], 2 * cy - lastQuad[1]] : current;
      const to = up === 'Q' ? pt(2) : pt(0);
      segments.push({ op: 'C', c1: [cx + (2 / 3) * (q[0] - cx), cy + (2 / 3) * (q[1] - cy)], c2: [to[0] + (2 / 3) * (q[0] - to[0]), to[1] + (2 / 3) * (q[1] - to[1])], to });
      nextQuad = q;
      current = to;
    } else {
      segments.push({ op: 'Z' });
      current = start;
    }
    lastCubic = nextCubic;
    lastQuad = nextQuad;
  };

  for (const match of d.matchAll(TOKEN)) {
    if (match[1]) {
      if (command && args.length) throw new SyntaxError(`Path data: dangling numbers after ${command}`);
      command = match[1];
      args = [];
      if (command.toUpperCase() === 'Z') emit(command, args);
      continue;
    }
    if (!command) throw new SyntaxError('Path data must start with a command');
    args.push(Number(match[2]));
    const count = ARG_COUNT[command.toUpperCase()]!;
    if (count === 0) throw new SyntaxError('Path data: numbers after Z');
    if (args.length === count) {
      emit(command, args);
      args = [];
      // Numbers after a moveto are implicit linetos (SVG 1.1 §8.3.2).
      if (command === 'M') command = 'L';
      else if (command === 'm') command = 'l';
    }
  }
  if (args.length) throw new SyntaxError(`Path data: ${command} is missing numbers`);
  return segments;
}

export function applyAffine(m: Affine, [x, y]: Point): Point {
  return applyAffineToXY(m, x, y);
}

export function transformSegments(segments: readonly Segment[], m: Affine): Segment[] {
  return segments.map((s) => {
    if (s.op === 'Z') return s;
    if (s.op === 'C') return { op: 'C', c1: applyAffine(m, s.c1), c2: applyAffine(m, s.c2), to: applyAffine(m, s.to) };
    return { op: s.op, to: applyAffine(m, s.to) };
  });
}

const num = (value: number) => String(Math.round(value * 1000) / 1000);

/** Absolute path data of M, L, C and Z only (what pdf-lib's drawSvgPath writes faithfully). */
export function segmentsToPathData(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (s.op === 'Z') out += 'Z';
    else if (s.op === 'C') out += `C${num(s.c1[0])} ${num(s.c1[1])} ${num(s.c2[0])} ${num(s.c2[1])} ${num(s.to[0])} ${num(s.to[1])}`;
    else out += `${s.op}${num(s.to[0])} ${num(s.to[1])}`;
  }
  return out;
}

/** The path data with every quadratic (Q, T) written as its equal cubic; pdf-lib 1.17.1 draws Q as a different curve. */
export function withCubicsOnly(d: string): string {
  return segmentsToPathData(parsePathData(d));
}

/** Distance from p to the segment a–b. */
function distanceToChord(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSq));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

const mid = (p: Point, q: Point): Point => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];

/**
 * Appends the cubic's polyline (without its start point). A cubic lies inside the hull of its
 * control points, so once both controls are within `tolerance` of the chord, the chord is within
 * `tolerance` of the curve; otherwise it is split in half (de Casteljau) and each half flattened.
 */
function flattenCubic(p0: Point, c1: Point, c2: Point, p3: Point, tolerance: number, out: Point[], depth = 0): void {
  if (depth >= 16 || (distanceToChord(c1, p0, p3) <= tolerance && distanceToChord(c2, p0, p3) <= tolerance)) {
    out.push(p3);
    return;
  }
  const a = mid(p0, c1);
  const b = mid(c1, c2);
  const c = mid(c2, p3);
  const ab = mid(a, b);
  const bc = mid(b, c);
  const m = mid(ab, bc);
  flattenCubic(p0, a, ab, m, tolerance, out, depth + 1);
  flattenCubic(m, bc, c, p3, tolerance, out, depth + 1);
}

/** The path's contours as closed polylines (first point repeated at the end), curves within `tolerance` (mm). */
export function flattenSegments(segments: readonly Segment[], tolerance: number): Point[][] {
  const contours: Point[][] = [];
  let contour: Point[] | null = null;
  const close = () => {
    if (contour && contour.length > 1) {
      const [first, last] = [contour[0]!, contour[contour.length - 1]!];
      if (first[0] !== last[0] || first[1] !== last[1]) contour.push(first);
      contours.push(contour);
    }
    contour = null;
  };
  for (const s of segments) {
    if (s.op === 'M') {
      close();
      contour = [s.to];
    } else if (s.op === 'Z') close();
    else if (contour) {
      const from = contour[contour.length - 1]!;
      if (s.op === 'L') contour.push(s.to);
      else flattenCubic(from, s.c1, s.c2, s.to, tolerance, contour);
    }
  }
  close();
  return contours;
}
