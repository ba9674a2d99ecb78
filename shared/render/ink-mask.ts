import type { FlatContour } from './flatten';
import type { FeatureMask } from './thin-features';

/**
 * Closed contours rasterised under the nonzero rule into a 0/1 mask: a pixel is ink when its
 * centre is (half coverage, as a canvas mask read at alpha ≥ 50 %). `box` is the area to draw, mm;
 * the mask's pixel (0, 0) is its top-left corner. Pure JavaScript, so the same on the server, in
 * a worker and in the browser.
 */
export function rasteriseContours(contours: readonly FlatContour[], box: { x: number; y: number; width: number; height: number }, pxPerMm: number): FeatureMask {
  const width = Math.max(1, Math.ceil(box.width * pxPerMm));
  const height = Math.max(1, Math.ceil(box.height * pxPerMm));
  const ink = new Uint8Array(width * height);
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
  const crossings: { x: number; winding: number }[] = [];
  for (let row = 0; row < height; row++) {
    const centre = row + 0.5;
    active = active.filter((e) => edges[e * 5 + 4]! >= row);
    for (const e of rows[row]!) active.push(e);
    crossings.length = 0;
    for (const e of active) crossings.push({ x: edges[e * 5]! + (centre - edges[e * 5 + 1]!) * edges[e * 5 + 2]!, winding: edges[e * 5 + 3]! });
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let k = 0; k < crossings.length; k++) {
      const before = winding;
      winding += crossings[k]!.winding;
      if (before !== 0 || winding === 0 || k + 1 === crossings.length) continue;
      // Ink from this crossing to the one where the winding returns to zero.
      let end = k + 1;
      let w = winding;
      for (; end < crossings.length; end++) {
        w += crossings[end]!.winding;
        if (w === 0) break;
      }
      const from = Math.max(0, Math.ceil(crossings[k]!.x - 0.5));
      const to = Math.min(width - 1, Math.ceil(crossings[Math.min(end, crossings.length - 1)]!.x - 0.5) - 1);
      ink.fill(1, row * width + from, from <= to ? row * width + to + 1 : row * width + from);
      winding = w;
      k = end;
    }
  }
  return { ink, width, height, pxPerMm };
}
