import type { FlatContour } from './flatten';
import type { Runs } from './spans';

type Box = { x: number; y: number; width: number; height: number };

/**
 * Closed contours rasterised under the nonzero rule into runs of ink per row (spans.ts): a pixel
 * is ink when its centre is (half coverage, as a canvas mask read at alpha ≥ 50 %). `box` is the
 * area to draw, mm; pixel (0, 0) is its top-left corner. Pure JavaScript, so the same on the
 * server, in a worker and in the browser.
 */
export function inkRuns(contours: readonly FlatContour[], box: Box, pxPerMm: number): { runs: Runs[]; width: number } {
  const width = Math.max(1, Math.ceil(box.width * pxPerMm));
  const height = Math.max(1, Math.ceil(box.height * pxPerMm));
  const runs: Runs[] = [];
  // Edges in pixel space, bucketed by the first row whose centre they cross.
  const rows: number[][] = Array.from({ length: height }, () => []);
  const edges: number[] = [];
  for (const contour of contours) {
    const n = contour.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const x0 = (contour[2 * i]! - box.x) * pxPerMm;
      const y0 = (contour[2 * i + 1]! - box.y) * pxPerMm;
      const x1 = (contour[2 * j]! - box.x) * pxPerMm;
      const y1 = (contour[2 * j + 1]! - box.y) * pxPerMm;
      if (y0 === y1) continue;
      const [top, bottom] = y0 < y1 ? [y0, y1] : [y1, y0];
      // Rows whose centre (r + 0.5) lies in [top, bottom).
      const first = Math.max(0, Math.ceil(top - 0.5));
      const last = Math.min(height - 1, Math.ceil(bottom - 0.5) - 1);
      if (first > last) continue;
      const index = edges.length / 5;
      edges.push(x0, y0, (x1 - x0) / (y1 - y0), y1 > y0 ? 1 : -1, last);
      rows[first]!.push(index);
    }
  }
  let active: number[] = [];
  let xs = new Float64Array(64);
  let ws = new Int8Array(64);
  for (let row = 0; row < height; row++) {
    const centre = row + 0.5;
    active = active.filter((e) => edges[e * 5 + 4]! >= row);
    for (const e of rows[row]!) active.push(e);
    if (active.length > xs.length) [xs, ws] = [new Float64Array(active.length * 2), new Int8Array(active.length * 2)];
    // Crossings of the row's centre line, sorted by x (insertion sort: a row crosses few edges).
    let n = 0;
    for (const e of active) {
      const x = edges[e * 5]! + (centre - edges[e * 5 + 1]!) * edges[e * 5 + 2]!;
      const w = edges[e * 5 + 3]!;
      let k = n++;
      while (k > 0 && xs[k - 1]! > x) {
        xs[k] = xs[k - 1]!;
        ws[k] = ws[k - 1]!;
        k--;
      }
      xs[k] = x;
      ws[k] = w;
    }
    // Ink wherever the winding number is not zero.
    const out: Runs = [];
    runs.push(out);
    let winding = 0;
    for (let k = 0; k < n; k++) {
      const before = winding;
      winding += ws[k]!;
      if (before === 0 && winding !== 0) {
        let end = k + 1;
        for (let w = winding; end < n; end++) {
          w += ws[end]!;
          if (w === 0) break;
        }
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(width, Math.ceil(xs[Math.min(end, n - 1)]! - 0.5));
        if (to > from) {
          if (out.length && out[out.length - 1]! >= from) out[out.length - 1] = Math.max(out[out.length - 1]!, to);
          else out.push(from, to);
        }
        for (; k < end && k < n - 1; ) winding += ws[++k]!;
      }
    }
  }
  return { runs, width };
}
