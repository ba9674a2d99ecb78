/**
 * Nesting rectangles on a roll: a strip of fixed width and open length (docs/decisions/print-files.md).
 * MaxRects with the bottom-left rule: every free rectangle the placed pieces leave is kept (they
 * overlap), and each piece goes where its far edge along the roll ends earliest, then leftmost,
 * turned by 90° when that ends earlier. Pure: the same queue always nests the same way.
 */

export interface NestPiece {
  /** Across the roll, mm. */
  width: number;
  /** Along the roll, mm. */
  height: number;
}

export interface NestPlacement {
  /** Index of the piece in the input. */
  index: number;
  x: number;
  y: number;
  /** As placed: swapped with height when `rotated`. */
  width: number;
  height: number;
  rotated: boolean;
}

export interface NestOptions {
  rollWidth: number;
  /** Clear space between neighbouring pieces, mm (none is needed at the roll's edges). */
  gap: number;
  /** May a piece turn by 90°? (default true) */
  rotate?: boolean;
}

export interface NestResult {
  /** In input order. */
  placements: NestPlacement[];
  /** Roll used, from 0 to the far edge of the last piece, mm. */
  length: number;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

// The roll is open-ended; a finite bound keeps the arithmetic free of Infinity − Infinity.
const OPEN_LENGTH = 1e9;

const contains = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The parts of `free` that `used` leaves: up to four overlapping strips. */
function splitFree(free: Rect, used: Rect): Rect[] {
  const parts: Rect[] = [];
  if (used.x > free.x) parts.push({ x: free.x, y: free.y, w: used.x - free.x, h: free.h });
  if (used.x + used.w < free.x + free.w) parts.push({ x: used.x + used.w, y: free.y, w: free.x + free.w - (used.x + used.w), h: free.h });
  if (used.y > free.y) parts.push({ x: free.x, y: free.y, w: free.w, h: used.y - free.y });
  if (used.y + used.h < free.y + free.h) parts.push({ x: free.x, y: used.y + used.h, w: free.w, h: free.y + free.h - (used.y + used.h) });
  return parts;
}

/** Drops free rectangles inside another one, and those too small for any piece still to come. */
function prune(free: Rect[], smallestSide: number): Rect[] {
  const kept = free.filter((rect) => rect.w >= smallestSide && rect.h >= smallestSide);
  return kept.filter((rect, i) => !kept.some((other, j) => j !== i && contains(other, rect) && (!contains(rect, other) || j < i)));
}

/**
 * Places every piece on the roll without overlap, each inside [0, rollWidth] across and `gap` clear
 * of its neighbours. Pieces go largest first (by longer side, then area). Throws a RangeError for a
 * piece the roll cannot take either way round.
 */
export function nestOnRoll(pieces: readonly NestPiece[], options: NestOptions): NestResult {
  const { rollWidth, gap } = options;
  const rotate = options.rotate ?? true;
  // Each piece claims its size plus the gap on its right and far side; the strip is widened by one
  // gap so the rightmost piece may touch the edge.
  const stripWidth = rollWidth + gap;
  const order = pieces
    .map((piece, index) => ({ piece, index }))
    .sort((a, b) => Math.max(b.piece.width, b.piece.height) - Math.max(a.piece.width, a.piece.height) || b.piece.width * b.piece.height - a.piece.width * a.piece.height || a.index - b.index);
  const shortSides = order.map(({ piece }) => Math.min(piece.width, piece.height) + gap);
  let free: Rect[] = [{ x: 0, y: 0, w: stripWidth, h: OPEN_LENGTH }];
  const placements: NestPlacement[] = new Array(pieces.length);
  let length = 0;

  order.forEach(({ piece, index }, rank) => {
    const turns = rotate && piece.width !== piece.height ? [false, true] : [false];
    let best: { rect: Rect; rotated: boolean } | null = null;
    for (const rotated of turns) {
      const w = (rotated ? piece.height : piece.width) + gap;
      const h = (rotated ? piece.width : piece.height) + gap;
      for (const rect of free) {
        if (w > rect.w + 1e-9 || h > rect.h + 1e-9) continue;
        const candidate = { x: rect.x, y: rect.y, w, h };
        if (!best || candidate.y + h < best.rect.y + best.rect.h - 1e-9 || (Math.abs(candidate.y + h - (best.rect.y + best.rect.h)) <= 1e-9 && candidate.x < best.rect.x)) {
          best = { rect: candidate, rotated };
        }
      }
    }
    if (!best) {
      throw new RangeError(`A ${piece.width} × ${piece.height} mm piece does not fit across a ${rollWidth} mm roll.`);
    }
    const used = best.rect;
    free = prune(
      free.flatMap((rect) => (overlaps(rect, used) ? splitFree(rect, used) : [rect])),
      Math.min(...shortSides.slice(rank + 1), OPEN_LENGTH),
    );
    placements[index] = { index, x: used.x, y: used.y, width: used.w - gap, height: used.h - gap, rotated: best.rotated };
    length = Math.max(length, used.y + used.h - gap);
  });
  return { placements, length };
}
