/**
 * Which parts of a design come out thinner than the cutter can weed (MIN_FEATURE_MM): strokes of
 * ink narrower than the minimum, and counters or gaps between ink narrower than it. Works on a
 * rasterised ink mask (the browser draws it on a canvas, tests with resvg), so it measures exactly
 * the outlines the print file holds.
 *
 * Method: a morphological opening by a disc of the minimum's diameter. Ink no such disc fits in is
 * thinner than the minimum; the same on the gaps (closing). Sharp corners also escape the disc, but
 * only in specks far smaller than a stroke: parts below half a minimum-sized square are ignored.
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

const FAR = 1e20;

/** Squared Euclidean distance transform along one line (Felzenszwalb & Huttenlocher's lower envelope). */
function transformLine(f: Float64Array, n: number, out: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -FAR;
  z[1] = FAR;
  for (let q = 1; q < n; q++) {
    let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
    while (s <= z[k]!) {
      k--;
      s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = FAR;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    out[q] = (q - v[k]!) * (q - v[k]!) + f[v[k]!]!;
  }
}

/** Squared distance of every pixel to the nearest pixel where `source` is true. */
function squaredDistanceTo(source: (index: number) => boolean, width: number, height: number): Float64Array {
  const size = Math.max(width, height);
  const f = new Float64Array(size);
  const out = new Float64Array(size);
  const v = new Int32Array(size);
  const z = new Float64Array(size + 1);
  const grid = new Float64Array(width * height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = source(y * width + x) ? 0 : FAR;
    transformLine(f, height, out, v, z);
    for (let y = 0; y < height; y++) grid[y * width + x] = out[y]!;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) f[x] = grid[y * width + x]!;
    transformLine(f, width, out, v, z);
    for (let x = 0; x < width; x++) grid[y * width + x] = out[x]!;
  }
  return grid;
}

/**
 * The thinnest part of `inside` (a pixel set) that a disc of `radius` px cannot reach, in px of
 * width (twice its deepest point), or null when every part worth counting fits the disc.
 */
function thinnestUnder(inside: (index: number) => boolean, width: number, height: number, radius: number, minSpeck: number): number | null {
  const depth = squaredDistanceTo((i) => !inside(i), width, height);
  const r2 = radius * radius;
  const toCentres = squaredDistanceTo((i) => depth[i]! >= r2, width, height);
  const thin = new Uint8Array(width * height);
  for (let i = 0; i < thin.length; i++) if (inside(i) && toCentres[i]! > r2) thin[i] = 1;

  let thinnest: number | null = null;
  const stack: number[] = [];
  for (let start = 0; start < thin.length; start++) {
    if (thin[start] !== 1) continue;
    thin[start] = 2;
    stack.push(start);
    let area = 0;
    let deepest = 0;
    while (stack.length) {
      const i = stack.pop()!;
      area++;
      deepest = Math.max(deepest, depth[i]!);
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j >= 0 && j < thin.length && thin[j] === 1) {
          thin[j] = 2;
          stack.push(j);
        }
      }
    }
    // Depth runs from pixel centre to the nearest outside pixel's centre, so a stroke w px wide
    // peaks at about (w + 1) / 2.
    if (area >= minSpeck) thinnest = Math.min(thinnest ?? Infinity, Math.max(1, 2 * Math.sqrt(deepest) - 1));
  }
  return thinnest;
}

/** Strokes and gaps of the mask thinner than `minMm`. The mask should have a clear margin of at least `minMm` around the ink. */
export function findThinFeatures(mask: FeatureMask, minMm: number): ThinFeatures {
  const { ink, width, height, pxPerMm } = mask;
  const radius = (minMm * pxPerMm) / 2;
  const minSpeck = 0.5 * (minMm * pxPerMm) ** 2;
  const stroke = thinnestUnder((i) => ink[i] === 1, width, height, radius, minSpeck);
  const gap = thinnestUnder((i) => ink[i] !== 1, width, height, radius, minSpeck);
  const mm = (px: number | null) => (px === null ? null : Math.round((px / pxPerMm) * 100) / 100);
  return { thinnestStrokeMm: mm(stroke), narrowestGapMm: mm(gap) };
}

/** Mask pixels per mm for a minimum: at least five pixels across the thinnest allowed feature. */
export function maskResolutionFor(minMm: number): number {
  return Math.max(10, Math.ceil(5 / minMm));
}
