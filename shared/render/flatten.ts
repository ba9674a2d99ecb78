import { glyphMatrix, type Affine, type ShapedLine } from './outline';

/**
 * A closed contour as a flat list of coordinates, mm: x0, y0, x1, y1, … (the last point is not the
 * first repeated; the contour closes back to it).
 */
export type FlatContour = number[];

/**
 * How many equal steps of t keep a Bézier's polyline within `tolerance` of the curve (Wang's bound):
 * the chord of a step of length h in t strays at most h²/8 · max|B''| from the arc. `second` is the
 * largest control-point second difference, `degree` 2 or 3 (B'' ≤ degree·(degree−1)·second).
 */
function steps(second: number, degree: 2 | 3, tolerance: number): number {
  const bound = degree * (degree - 1) * second;
  return Math.max(1, Math.ceil(Math.sqrt(bound / (8 * tolerance))));
}

const hypot = (x: number, y: number) => Math.sqrt(x * x + y * y);

/**
 * The line's glyph outlines, mapped by `m` (em → mm) and flattened: every point of every polyline lies
 * within `toleranceMm` of the glyph's true curve, and the curve within it of the polyline.
 */
export function flattenLine(line: ShapedLine, m: Affine, toleranceMm: number): FlatContour[] {
  const contours: FlatContour[] = [];
  for (const placed of line.glyphs) {
    const { glyph } = placed;
    const { a: A, b: B, c: C, d: D, e: E, f: F } = glyphMatrix(m, placed);
    let contour: FlatContour | null = null;
    let px = 0;
    let py = 0;
    const close = () => {
      if (contour && contour.length >= 6) {
        const n = contour.length;
        // The closing lineTo repeats the start: drop it.
        if (contour[n - 2] === contour[0] && contour[n - 1] === contour[1]) contour.length = n - 2;
        if (contour.length >= 6) contours.push(contour);
      }
      contour = null;
    };
    for (const { command, args } of glyph.path.commands) {
      if (command === 'closePath') {
        close();
        continue;
      }
      const n = args.length;
      const tx = A * args[n - 2]! + C * args[n - 1]! + E;
      const ty = B * args[n - 2]! + D * args[n - 1]! + F;
      if (command === 'moveTo') {
        close();
        contour = [tx, ty];
      } else if (contour) {
        if (command === 'quadraticCurveTo') {
          const cx = A * args[0]! + C * args[1]! + E;
          const cy = B * args[0]! + D * args[1]! + F;
          const count = steps(hypot(px - 2 * cx + tx, py - 2 * cy + ty), 2, toleranceMm);
          for (let i = 1; i < count; i++) {
            const t = i / count;
            const u = 1 - t;
            contour.push(u * u * px + 2 * u * t * cx + t * t * tx, u * u * py + 2 * u * t * cy + t * t * ty);
          }
        } else if (command === 'bezierCurveTo') {
          const c1x = A * args[0]! + C * args[1]! + E;
          const c1y = B * args[0]! + D * args[1]! + F;
          const c2x = A * args[2]! + C * args[3]! + E;
          const c2y = B * args[2]! + D * args[3]! + F;
          const second = Math.max(hypot(px - 2 * c1x + c2x, py - 2 * c1y + c2y), hypot(c1x - 2 * c2x + tx, c1y - 2 * c2y + ty));
          const count = steps(second, 3, toleranceMm);
          for (let i = 1; i < count; i++) {
            const t = i / count;
            const u = 1 - t;
            const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
            contour.push(a * px + b * c1x + c * c2x + d * tx, a * py + b * c1y + c * c2y + d * ty);
          }
        }
        contour.push(tx, ty);
      }
      px = tx;
      py = ty;
    }
    close();
  }
  return contours;
}
