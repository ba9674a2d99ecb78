/**
 * Nesting rectangles on a roll: a strip of fixed width and open length, or cut into sheets of a
 * fixed length (docs/decisions.md). MaxRects with the bottom-left rule: every free
 * rectangle the placed pieces leave is kept (they overlap), and each piece goes where its far edge
 * along the roll ends earliest, then leftmost, turned by 90° when that ends earlier. Pure: the same
 * queue always nests the same way.
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
 * Places pieces (largest first, by longer side, then area) where they fit inside `rollWidth` across
 * and, when `maxLength` is set, that length along; `gap` clear of their neighbours. A piece that
 * fits nowhere is left out (undefined).
 */
function pack(pieces: readonly NestPiece[], options: NestOptions, maxLength: number): (NestPlacement | undefined)[] {
  const { rollWidth, gap } = options;
  const rotate = options.rotate ?? true;
  // Each piece claims its size plus the gap on its right and far side; the strip is widened (and
  // lengthened) by one gap so the last piece may touch the edge.
  const order = pieces
    .map((piece, index) => ({ piece, index }))
    .sort((a, b) => Math.max(b.piece.width, b.piece.height) - Math.max(a.piece.width, a.piece.height) || b.piece.width * b.piece.height - a.piece.width * a.piece.height || a.index - b.index);
  const shortSides = order.map(({ piece }) => Math.min(piece.width, piece.height) + gap);
  let free: Rect[] = [{ x: 0, y: 0, w: rollWidth + gap, h: maxLength + gap }];
  const placements: (NestPlacement | undefined)[] = new Array(pieces.length);

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
    if (!best) return;
    const used = best.rect;
    free = prune(
      free.flatMap((rect) => (overlaps(rect, used) ? splitFree(rect, used) : [rect])),
      Math.min(...shortSides.slice(rank + 1), OPEN_LENGTH),
    );
    placements[index] = { index, x: used.x, y: used.y, width: used.w - gap, height: used.h - gap, rotated: best.rotated };
  });
  return placements;
}

const lengthOf = (placements: readonly NestPlacement[]) => placements.reduce((far, p) => Math.max(far, p.y + p.height), 0);

function refuse(piece: NestPiece, options: NestOptions, maxLength?: number): never {
  const limit = maxLength === undefined ? `across a ${options.rollWidth} mm roll` : `on a ${options.rollWidth} × ${maxLength} mm sheet`;
  throw new RangeError(`A ${piece.width} × ${piece.height} mm piece does not fit ${limit}.`);
}

/**
 * Places every piece on one open-ended roll without overlap, each inside [0, rollWidth] across and
 * `gap` clear of its neighbours. Throws a RangeError for a piece the roll cannot take either way round.
 */
export function nestOnRoll(pieces: readonly NestPiece[], options: NestOptions): NestResult {
  const placed = pack(pieces, options, OPEN_LENGTH);
  const missing = placed.findIndex((placement) => !placement);
  if (missing >= 0) refuse(pieces[missing]!, options);
  const placements = placed as NestPlacement[];
  return { placements, length: lengthOf(placements) };
}

export interface NestSheet {
  /** The pieces on this sheet, as indices of the input, with their places on the sheet. */
  placements: NestPlacement[];
  /** Length used on this sheet, mm. */
  length: number;
}

/** How much piece area a sheet is offered at once, as a share of its area: what does not fit goes first on the next one. */
const SHEET_OFFER = 1.3;

/**
 * Places every piece on sheets `sheetLength` long (the roll cut into lengths a cutter registers
 * reliably). Pieces are offered to each sheet in queue order, a little more than it can hold; those
 * left over open the next sheet, so the oldest decals are on the first sheets. Throws a RangeError
 * for a piece no sheet can take.
 */
export function nestOnSheets(pieces: readonly NestPiece[], options: NestOptions & { sheetLength: number }): NestSheet[] {
  const { rollWidth, gap, sheetLength } = options;
  const sheets: NestSheet[] = [];
  let waiting = pieces.map((_, index) => index);
  const capacity = rollWidth * sheetLength * SHEET_OFFER;
  while (waiting.length > 0) {
    let offered = 0;
    let area = 0;
    while (offered < waiting.length && (offered === 0 || area < capacity)) {
      const piece = pieces[waiting[offered]!]!;
      area += (piece.width + gap) * (piece.height + gap);
      offered++;
    }
    const batch = waiting.slice(0, offered);
    const placed = pack(batch.map((index) => pieces[index]!), options, sheetLength);
    const placements = placed.flatMap((placement, k) => (placement ? [{ ...placement, index: batch[k]! }] : []));
    if (placements.length === 0) refuse(pieces[batch[0]!]!, options, sheetLength);
    sheets.push({ placements, length: lengthOf(placements) });
    waiting = [...batch.filter((_, k) => !placed[k]), ...waiting.slice(offered)];
  }
  return sheets;
}
