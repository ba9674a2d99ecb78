/**
 * Which parts of a design come out thinner than the cutter can weed (MIN_FEATURE_MM): strokes of
 * ink narrower than the minimum, and counters or gaps between ink narrower than it. Works on an ink
 * mask (the designer draws one on a canvas; `thinFeaturesOf` in decal-outline.ts rasterises the cut
 * outline itself), so it measures the outlines the print file holds.
 *
 * Method: a morphological opening by a disc of the minimum's diameter. Ink no such disc fits in is
 * thinner than the minimum; the same on the gaps (closing). Not every such part risks tearing:
 * - every corner and every stroke end escapes the disc in a speck; parts below half a
 *   minimum-sized square are ignored;
 * - a tip (a stroke tapering to its end, the sharp notch where two strokes meet) is thin only near
 *   its point, at any size. A thin part touching the rest in one place counts only when it stays
 *   thin for a while (TAIL_LENGTH, SLIT_LENGTH);
 * - a thin part between two thick ones (a hairline joining strokes, a channel between letters)
 *   counts when it is at least two minimums long; one the disc reaches from nowhere (a hairline
 *   piece, a tiny counter) always counts.
 * Distances are exact (Euclidean) up to the disc's radius, which is all the test needs. The pixels
 * are kept as runs per row (spans.ts): the work follows the outline's length, not the decal's area.
 */
import { complement, FAR_LEFT, FAR_RIGHT, grow, intersect, runAt, runsOfMask, shrink, subtract, union, type Runs } from './spans';


export interface FeatureMask {
  /** 1 = ink, row-major. */
  ink: Uint8Array;
  width: number;
  height: number;
  /** Mask pixels per mm. */
  pxPerMm: number;
}

export interface ThinFeatures {
  /** Thinnest ink stroke found under the minimum, mm; null when none is. */
  thinnestStrokeMm: number | null;
  /** Narrowest counter or gap found under the minimum, mm; null when none is. */
  narrowestGapMm: number | null;
}

/**
 * The disc of `radius` px row by row: for a row dy away, `fits[dy + reach]` is the least whole
 * distance along that row that keeps dy² + h² ≥ r², and `touches[…]` the largest that keeps it ≤ r²
 * (−1 when the row is out of reach).
 */
function discRows(radius: number): { reach: number; fits: Int32Array; touches: Int32Array } {
  const reach = Math.ceil(radius);
  const r2 = radius * radius;
  const fits = new Int32Array(2 * reach + 1);
  const touches = new Int32Array(2 * reach + 1);
  for (let dy = -reach; dy <= reach; dy++) {
    const rest = r2 - dy * dy;
    fits[dy + reach] = rest > 0 ? Math.ceil(Math.sqrt(rest) - 1e-9) : 0;
    touches[dy + reach] = rest >= 0 ? Math.floor(Math.sqrt(rest) + 1e-9) : -1;
  }
  return { reach, fits, touches };
}

/**
 * A dead end counts when it stays thin this many minimums beyond where the disc fits: an ink tail
 * that long lifts with the waste; a notch of waste must be a long slit before it tears (every M and
 * every bowl meeting a stem has a sharp notch, weeded every day).
 */
const TAIL_LENGTH = 3;
const SLIT_LENGTH = 6;
const ORTHOGONAL = 2;
const DIAGONAL = 3;

/**
 * The thinnest part of a set of pixels (its runs, row by row) that a disc of `radius` px cannot
 * reach and that risks tearing (see the module's comment), as a width in px, or null. `outside`:
 * whether the set goes on beyond the mask (the gaps around the ink do).
 */
function thinnestUnder(inside: Runs[], width: number, radius: number, minSpeck: number, minTipLength: number, outside: boolean): number | null {
  const height = inside.length;
  const { reach: rows, fits, touches } = discRows(radius);
  const far = rows + 2;
  const beyond: Runs = outside ? [FAR_LEFT, FAR_RIGHT] : [];
  const runsAt = (y: number) => (y < 0 || y >= height ? beyond : inside[y]!);
  const whole: Runs = [0, width];
  // Centres: pixels a whole disc fits around: on each row of the disc, far enough along it from the outside.
  const centres: Runs[] = [];
  for (let y = 0; y < height; y++) {
    let fit = intersect(runsAt(y), whole);
    for (let k = 0; k <= 2 * rows && fit.length; k++) if (fits[k]! > 0) fit = intersect(fit, shrink(runsAt(y + k - rows), fits[k]!));
    centres.push(fit);
  }
  // Thin: inside, and no disc around a centre covers it.
  const thinRows: Runs[] = [];
  let thinCount = 0;
  for (let y = 0; y < height; y++) {
    let covered: Runs = [];
    for (let k = 0; k <= 2 * rows; k++) {
      const yy = y + k - rows;
      if (touches[k]! >= 0 && yy >= 0 && yy < height && centres[yy]!.length) covered = union(covered, grow(centres[yy]!, touches[k]!));
    }
    const thin = subtract(intersect(inside[y]!, whole), covered);
    for (let i = 0; i < thin.length; i += 2) thinCount += thin[i + 1]! - thin[i]!;
    thinRows.push(thin);
  }
  if (thinCount < minSpeck) return null;

  // From here on only the thin pixels matter: a list of them, and each one's place in it.
  const thin = new Int32Array(thinCount);
  for (let y = 0, k = 0; y < height; y++) {
    const runs = thinRows[y]!;
    for (let i = 0; i < runs.length; i += 2) for (let x = runs[i]!; x < runs[i + 1]!; x++) thin[k++] = y * width + x;
  }
  const slot = new Map<number, number>();
  thin.forEach((pixel, k) => slot.set(pixel, k));
  const grid: ThinGrid = {
    width,
    thin,
    slot,
    reached(x, y) {
      return x >= 0 && x < width && y >= 0 && y < height && !slot.has(y * width + x) && runAt(inside[y]!, x) >= 0;
    },
    depth(x, y) {
      let best = Infinity;
      for (let dy = -rows - 1; dy <= rows + 1; dy++) {
        const runs = runsAt(y + dy);
        const at = runAt(runs, x);
        const along = at < 0 ? 0 : Math.min(x - runs[at]! + 1, runs[at + 1]! - x, far);
        best = Math.min(best, dy * dy + along * along);
      }
      return best;
    },
  };
  return thinnestPart(grid, minSpeck, minTipLength, 2 * radius);
}

/** The thin pixels (indices y·width + x), each one's place in that list, and questions about the rest. */
interface ThinGrid {
  width: number;
  thin: Int32Array;
  slot: Map<number, number>;
  /** Inside the set and covered by a disc. */
  reached(x: number, y: number): boolean;
  /** Squared distance to the nearest pixel outside the set (thin pixels are near one). */
  depth(x: number, y: number): number;
}

const xy = (pixel: number, width: number): [number, number] => [pixel % width, Math.floor(pixel / width)];

function touchesReached(grid: ThinGrid, x: number, y: number): boolean {
  return grid.reached(x - 1, y) || grid.reached(x + 1, y) || grid.reached(x, y - 1) || grid.reached(x, y + 1);
}

/** Contacts, reach and parts of the thin pixels; the width of the thinnest part that counts. */
function thinnestPart(grid: ThinGrid, minSpeck: number, minTipLength: number, minNeckHalf: number): number | null {
  const { thin, slot, width } = grid;
  const count = thin.length;
  const slotAt = (x: number, y: number) => (x < 0 || x >= width ? -1 : (slot.get(y * width + x) ?? -1));
  // Where each thin part meets the reached part: its contacts, one label per cluster of touching
  // pixels (two pixels apart still touch: a jagged edge is one contact).
  const contact = new Int32Array(count).fill(-1);
  const queue = new Int32Array(count);
  let contacts = 0;
  for (let k = 0; k < count; k++) {
    const [x0, y0] = xy(thin[k]!, width);
    if (contact[k] !== -1 || !touchesReached(grid, x0, y0)) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = k;
    contact[k] = contacts;
    while (head < tail) {
      const [x, y] = xy(thin[queue[head++]!]!, width);
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const m = slotAt(x + dx, y + dy);
          if (m < 0 || contact[m] !== -1 || !touchesReached(grid, x + dx, y + dy)) continue;
          contact[m] = contacts;
          queue[tail++] = m;
        }
      }
    }
    contacts++;
  }

  // Chamfer distance (2 per step, 3 per diagonal step) from the contacts into the thin parts.
  const reach = new Int32Array(count).fill(-1);
  const buckets: number[][] = [[], [], []];
  for (let k = 0; k < count; k++) {
    if (contact[k] === -1) continue;
    reach[k] = ORTHOGONAL;
    buckets[ORTHOGONAL]!.push(k);
  }
  for (let d = ORTHOGONAL; d < buckets.length; d++) {
    for (const k of buckets[d] ?? []) {
      if (reach[k] !== d) continue;
      const [x, y] = xy(thin[k]!, width);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const m = dx === 0 && dy === 0 ? -1 : slotAt(x + dx, y + dy);
          if (m < 0) continue;
          const next = d + (dx && dy ? DIAGONAL : ORTHOGONAL);
          if (reach[m] === -1 || next < reach[m]!) {
            reach[m] = next;
            (buckets[next] ??= []).push(m);
          }
        }
      }
    }
  }

  let thinnest: number | null = null;
  const seen = new Uint8Array(count);
  const stack = new Int32Array(count);
  for (let start = 0; start < count; start++) {
    if (seen[start]) continue;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    let area = 0;
    let deepest = 0;
    let farthest = 0;
    let firstContact = -1;
    let bridge = false;
    while (top > 0) {
      const k = stack[--top]!;
      const [x, y] = xy(thin[k]!, width);
      area++;
      deepest = Math.max(deepest, grid.depth(x, y));
      farthest = Math.max(farthest, reach[k]!);
      if (contact[k] !== -1) {
        if (firstContact === -1) firstContact = contact[k]!;
        else if (contact[k] !== firstContact) bridge = true;
      }
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
        const m = slotAt(nx, ny);
        if (m >= 0 && !seen[m]) {
          seen[m] = 1;
          stack[top++] = m;
        }
      }
    }
    if (area < minSpeck) continue;
    // A dead end (one contact) counts when it runs on well beyond where the disc fits; a neck
    // between two thick parts when it is longer than it is wide would allow (reached from both ends).
    const length = farthest / ORTHOGONAL;
    if (firstContact !== -1 && (bridge ? length < minNeckHalf : length < minTipLength)) continue;
    // Depth runs from pixel centre to the nearest outside pixel's centre, so a stroke w px wide
    // peaks at about (w + 1) / 2.
    thinnest = Math.min(thinnest ?? Infinity, Math.max(1, 2 * Math.sqrt(deepest) - 1));
  }
  return thinnest;
}

/** Strokes and gaps of the mask thinner than `minMm` that risk tearing. The mask should have a clear margin of at least `minMm` around the ink. */
export function findThinFeatures(mask: FeatureMask, minMm: number): ThinFeatures {
  return thinFeaturesOfRuns(runsOfMask(mask.ink, mask.width, mask.height), mask.width, mask.pxPerMm, minMm);
}

/** The same, of ink given as runs per row (`inkRuns` in ink-mask.ts draws them without a bitmap). */
export function thinFeaturesOfRuns(ink: Runs[], width: number, pxPerMm: number, minMm: number): ThinFeatures {
  const radius = (minMm * pxPerMm) / 2;
  const minSpeck = 0.5 * (minMm * pxPerMm) ** 2;
  const gaps = ink.map((runs) => complement(runs, width, true));
  const stroke = thinnestUnder(ink, width, radius, minSpeck, TAIL_LENGTH * minMm * pxPerMm, false);
  const gap = thinnestUnder(gaps, width, radius, minSpeck, SLIT_LENGTH * minMm * pxPerMm, true);
  const mm = (px: number | null) => (px === null ? null : Math.round((px / pxPerMm) * 100) / 100);
  return { thinnestStrokeMm: mm(stroke), narrowestGapMm: mm(gap) };
}

/** Mask pixels per mm for a minimum: at least five pixels across the thinnest allowed feature. */
export function maskResolutionFor(minMm: number): number {
  return Math.max(10, Math.ceil(5 / minMm));
}
