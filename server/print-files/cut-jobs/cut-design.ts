/**
 * What a cut job needs of one design, worked out once: the box of its cut outline, the outline
 * itself (the union of its glyphs, weight-compensated for a thin face: shared/render/cut-outline.ts)
 * and whether any part of it is too thin to weed. That is milliseconds of layout, geometry and
 * measuring a design, so each is worked out on the cut-job threads the first time a job needs it
 * and kept in the database under its design key (cut-design.service.ts): every later job, in any
 * process, reads it back.
 */
import { createHash } from 'node:crypto';
import { decalOutline, FLATTEN_TOLERANCE_MM, layoutDesign, thinFeaturesOf, type DesignFonts, type MmBox, type PrintLine, type ThinFeatures } from '../../../shared/render';

export interface CutDesign {
  /** The cut outline's box in the print area, mm. */
  box: MmBox;
  /** The cut outline in the print area, whole µm (x0, y0, x1, y1, …), one array per contour. */
  microns: Int32Array[];
  /** Parts under the minimum that risk tearing; null when there are none. */
  thin: ThinFeatures | null;
}

/**
 * Changes whenever what a design key stands for would come out differently: the renderer, the
 * font files, the flattening or the thin-feature rule. Stored designs of another version are never read.
 */
export const CUT_DESIGN_VERSION = 2;

/** What decides a design's cut: everything layoutDesign reads except the colour, and the weeding minimum. */
export function designKey(item: PrintLine, minFeatureMm: number): string {
  const area = item.printArea ? `${item.printArea.width}x${item.printArea.length}` : '';
  const facts = [CUT_DESIGN_VERSION, FLATTEN_TOLERANCE_MM, minFeatureMm, item.device, item.productType ?? '', area, item.font, item.fontSize, item.text];
  return createHash('sha256').update(facts.join('\u0001')).digest('base64url');
}

/** The design of an order line, or null when it has no ink (blank text: nothing to cut). */
export function computeCutDesign(item: PrintLine, fonts: DesignFonts, minFeatureMm: number): CutDesign | null {
  const layout = layoutDesign(item, fonts);
  if (!layout.ink) return null;
  const found = thinFeaturesOf(layout, minFeatureMm);
  const { microns } = decalOutline(layout);
  return {
    box: boxOf(microns),
    microns,
    thin: found.thinnestStrokeMm === null && found.narrowestGapMm === null ? null : found,
  };
}

function boxOf(contours: readonly Int32Array[]): MmBox {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const contour of contours) {
    for (let i = 0; i < contour.length; i += 2) {
      minX = Math.min(minX, contour[i]!);
      maxX = Math.max(maxX, contour[i]!);
      minY = Math.min(minY, contour[i + 1]!);
      maxY = Math.max(maxY, contour[i + 1]!);
    }
  }
  return { x: minX / 1000, y: minY / 1000, width: (maxX - minX) / 1000, height: (maxY - minY) / 1000 };
}

/** Contours as bytes: the number of contours, each one's length, then every coordinate, all 32-bit little-endian. */
export function encodeOutline(contours: readonly Int32Array[]): Uint8Array {
  const total = contours.reduce((sum, contour) => sum + contour.length, 0);
  const ints = new Int32Array(1 + contours.length + total);
  ints[0] = contours.length;
  contours.forEach((contour, index) => (ints[1 + index] = contour.length));
  let at = 1 + contours.length;
  for (const contour of contours) {
    ints.set(contour, at);
    at += contour.length;
  }
  if (!LITTLE_ENDIAN) swapBytes(ints);
  return new Uint8Array(ints.buffer);
}

/** The contours of encodeOutline's bytes, as views of one copy of them. */
export function decodeOutline(bytes: Uint8Array): Int32Array[] {
  const ints = new Int32Array(bytes.slice().buffer, 0, bytes.byteLength >> 2);
  if (!LITTLE_ENDIAN) swapBytes(ints);
  const count = ints[0] ?? 0;
  const contours: Int32Array[] = [];
  let at = 1 + count;
  for (let index = 0; index < count; index++) {
    const length = ints[1 + index]!;
    contours.push(ints.subarray(at, at + length));
    at += length;
  }
  return contours;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function swapBytes(ints: Int32Array): void {
  const view = new DataView(ints.buffer, ints.byteOffset, ints.byteLength);
  for (let i = 0; i < ints.length; i++) view.setInt32(4 * i, view.getInt32(4 * i, true), false);
}
