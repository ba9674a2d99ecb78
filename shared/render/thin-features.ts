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
 * Distances are exact (Euclidean) up to the disc's radius, which is all the test needs.
 */

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
 * Steps along each row from every pixel to the nearest pixel where `source` is 0, capped at `far`;
 * beyond the row's ends counts as `outside`, and so do the `pad` rows added above and below.
 */
function rowDistances(source: Uint8Array, width: number, height: number, far: number, outside: 0 | 1, pad: number): Uint8Array {
  const along = new Uint8Array(width * (height + 2 * pad)).fill(outside ? far : 0);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const out = (y + pad) * width;
    let run = outside ? far : 0;
    for (let x = 0; x < width; x++) {
      run = source[row + x] ? Math.min(run + 1, far) : 0;
      along[out + x] = run;
    }
    run = outside ? far : 0;
    for (let x = width - 1; x >= 0; x--) {
      run = source[row + x] ? Math.min(run + 1, far) : 0;
      if (run < along[out + x]!) along[out + x] = run;
    }
  }
  return along;
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
 * The thinnest part of `inside` (1 = in) that a disc of `radius` px cannot reach and that risks
 * tearing (see the module's comment), as a width in px, or null.
 */
function thinnestUnder(inside: Uint8Array, width: number, height: number, radius: number, minSpeck: number, minTipLength: number, outside: 0 | 1): number | null {
  const size = width * height;
  const minNeckHalf = 2 * radius;
  const { reach: rows, fits, touches } = discRows(radius);
  const far = rows + 2;
  // Row distances with `pad` rows of what lies beyond the mask above and below, so the disc's rows
  // need no bounds checks.
  const pad = rows + 1;
  const along = rowDistances(inside, width, height, far, outside, pad);
  const notCentre = new Uint8Array(size).fill(1);
  for (let i = 0; i < size; i++) {
    if (!inside[i]) continue;
    let fitsHere = true;
    for (let k = 0, j = i + (pad - rows) * width; k <= 2 * rows && fitsHere; k++, j += width) fitsHere = along[j]! >= fits[k]!;
    if (fitsHere) notCentre[i] = 0;
  }
  // 1 = thin (no disc covers it), 2 = reached, 0 = outside.
  const toCentre = rowDistances(notCentre, width, height, far, 1, pad);
  const state = new Uint8Array(size);
  let thinCount = 0;
  for (let i = 0; i < size; i++) {
    if (!inside[i]) continue;
    let covered = notCentre[i] === 0;
    for (let k = 0, j = i + (pad - rows) * width; k <= 2 * rows && !covered; k++, j += width) covered = toCentre[j]! <= touches[k]!;
    state[i] = covered ? 2 : 1;
    if (!covered) thinCount++;
  }
  if (thinCount < minSpeck) return null;
  /** Squared distance to the nearest outside pixel (only asked of thin pixels, which are near one). */
  const depthAt = (i: number) => {
    let best = Infinity;
    for (let dy = -pad; dy <= pad; dy++) best = Math.min(best, dy * dy + along[i + (pad + dy) * width]! ** 2);
    return best;
  };

  // Where each thin part meets the reached part: its contacts, one label per cluster of touching
  // pixels (two pixels apart still touch: a jagged edge is one contact).
  const contact = new Int32Array(size).fill(-1);
  let contacts = 0;
  const queue = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    if (state[i] !== 1 || contact[i] !== -1 || !touchesReached(state, i, width, size)) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = i;
    contact[i] = contacts;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % width;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          if (x + dx < 0 || x + dx >= width) continue;
          const q = p + dy * width + dx;
          if (q < 0 || q >= size || contact[q] !== -1 || state[q] !== 1 || !touchesReached(state, q, width, size)) continue;
          contact[q] = contacts;
          queue[tail++] = q;
        }
      }
    }
    contacts++;
  }

  // Chamfer distance (2 per step, 3 per diagonal step) from the contacts into the thin parts.
  const reach = new Int32Array(size).fill(-1);
  const buckets: number[][] = [[], [], []];
  for (let i = 0; i < size; i++) {
    if (contact[i] === -1) continue;
    reach[i] = ORTHOGONAL;
    buckets[ORTHOGONAL]!.push(i);
  }
  for (let d = ORTHOGONAL; d < buckets.length; d++) {
    for (const i of buckets[d] ?? []) {
      if (reach[i] !== d) continue;
      const x = i % width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || x + dx < 0 || x + dx >= width) continue;
          const j = i + dy * width + dx;
          if (j < 0 || j >= size || state[j] !== 1) continue;
          const next = d + (dx && dy ? DIAGONAL : ORTHOGONAL);
          if (reach[j] === -1 || next < reach[j]!) {
            reach[j] = next;
            (buckets[next] ??= []).push(j);
          }
        }
      }
    }
  }

  let thinnest: number | null = null;
  const stack = new Int32Array(size);
  for (let start = 0; start < size; start++) {
    if (state[start] !== 1) continue;
    state[start] = 3;
    let top = 0;
    stack[top++] = start;
    let area = 0;
    let deepest = 0;
    let farthest = 0;
    let firstContact = -1;
    let bridge = false;
    while (top > 0) {
      const i = stack[--top]!;
      area++;
      deepest = Math.max(deepest, depthAt(i));
      if (reach[i]! > farthest) farthest = reach[i]!;
      if (contact[i] !== -1) {
        if (firstContact === -1) firstContact = contact[i]!;
        else if (contact[i] !== firstContact) bridge = true;
      }
      const x = i % width;
      if (x > 0 && state[i - 1] === 1) (state[i - 1] = 3), (stack[top++] = i - 1);
      if (x < width - 1 && state[i + 1] === 1) (state[i + 1] = 3), (stack[top++] = i + 1);
      if (i >= width && state[i - width] === 1) (state[i - width] = 3), (stack[top++] = i - width);
      if (i + width < size && state[i + width] === 1) (state[i + width] = 3), (stack[top++] = i + width);
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

function touchesReached(state: Uint8Array, i: number, width: number, size: number): boolean {
  const x = i % width;
  return (x > 0 && state[i - 1] === 2) || (x < width - 1 && state[i + 1] === 2) || (i >= width && state[i - width] === 2) || (i + width < size && state[i + width] === 2);
}

/** Strokes and gaps of the mask thinner than `minMm` that risk tearing. The mask should have a clear margin of at least `minMm` around the ink. */
export function findThinFeatures(mask: FeatureMask, minMm: number): ThinFeatures {
  const { ink, width, height, pxPerMm } = mask;
  const radius = (minMm * pxPerMm) / 2;
  const minSpeck = 0.5 * (minMm * pxPerMm) ** 2;
  const gaps = new Uint8Array(ink.length);
  for (let i = 0; i < ink.length; i++) gaps[i] = ink[i] === 1 ? 0 : 1;
  const stroke = thinnestUnder(ink, width, height, radius, minSpeck, TAIL_LENGTH * minMm * pxPerMm, 0);
  const gap = thinnestUnder(gaps, width, height, radius, minSpeck, SLIT_LENGTH * minMm * pxPerMm, 1);
  const mm = (px: number | null) => (px === null ? null : Math.round((px / pxPerMm) * 100) / 100);
  return { thinnestStrokeMm: mm(stroke), narrowestGapMm: mm(gap) };
}

/** Mask pixels per mm for a minimum: at least five pixels across the thinnest allowed feature. */
export function maskResolutionFor(minMm: number): number {
  return Math.max(10, Math.ceil(5 / minMm));
}
