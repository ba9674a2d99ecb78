/**
 * Where each product sits on the 600x600 preview, and where its text goes. Pure numbers, no
 * drawing: the mockup, the gallery thumbnails and the long-text note all read the same geometry.
 * Phones are drawn to scale from their published dimensions (mm), so a Max is visibly bigger.
 */
import type { ProductTypeId } from '../../../shared/catalog';

export const CANVAS_SIZE = 600;
/** Phones: canvas pixels per millimetre of the real device. */
export const PHONE_PX_PER_MM = 3.2;

/** Where the text goes: centre, the length it may run along and the room across it. */
export interface TextRegion {
  cx: number;
  cy: number;
  length: number;
  thickness: number;
}

/**
 * The camera layouts of the catalogue's phones, as seen on the back:
 * - `pro`: a large square bump, three lenses in a triangle, flash and LiDAR on the right;
 * - `dual`: a smaller bump with two lenses on the diagonal and the flash top right;
 * - `floating`: three separate lenses in a column, no bump, flash beside them (Galaxy S23);
 * - `contour`: three lenses on an island that flows into the frame (Galaxy S22).
 */
export type CameraLayout = 'pro' | 'dual' | 'floating' | 'contour';

export interface PhoneSpec {
  widthMm: number;
  heightMm: number;
  /** Corner radius as a share of the width (Samsung's corners are tighter). */
  corner: number;
  camera: CameraLayout;
  /** Side of the camera square (or column) in mm. */
  cameraMm: number;
}

const PHONES: Record<string, PhoneSpec> = {
  'iPhone 14 Pro Max': { widthMm: 77.6, heightMm: 160.7, corner: 0.2, camera: 'pro', cameraMm: 38 },
  'iPhone 14 Pro': { widthMm: 71.5, heightMm: 147.5, corner: 0.2, camera: 'pro', cameraMm: 37 },
  'iPhone 14': { widthMm: 71.5, heightMm: 146.7, corner: 0.2, camera: 'dual', cameraMm: 31 },
  'iPhone 13 Pro Max': { widthMm: 78.1, heightMm: 160.8, corner: 0.2, camera: 'pro', cameraMm: 37 },
  'iPhone 13 Pro': { widthMm: 71.5, heightMm: 146.7, corner: 0.2, camera: 'pro', cameraMm: 35 },
  'iPhone 13': { widthMm: 71.5, heightMm: 146.7, corner: 0.2, camera: 'dual', cameraMm: 29 },
  'Samsung Galaxy S23': { widthMm: 70.9, heightMm: 146.3, corner: 0.15, camera: 'floating', cameraMm: 12 },
  'Samsung Galaxy S22': { widthMm: 70.6, heightMm: 146, corner: 0.15, camera: 'contour', cameraMm: 15 },
};

/** A phone's spec; an unknown model (from a newer server catalogue) gets a generic dual-camera body. */
export function phoneSpec(variant: string): PhoneSpec {
  return PHONES[variant] ?? { widthMm: 71.5, heightMm: 147, corner: 0.18, camera: variant.startsWith('Samsung') ? 'floating' : 'dual', cameraMm: 30 };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The case's outline on the canvas: centred, lifted a little to leave room for its shadow. */
export function phoneBox(variant: string): Box {
  const spec = phoneSpec(variant);
  const w = spec.widthMm * PHONE_PX_PER_MM;
  const h = spec.heightMm * PHONE_PX_PER_MM;
  return { x: (CANVAS_SIZE - w) / 2, y: (CANVAS_SIZE - h) / 2 - 12, w, h };
}

export interface BottleShape {
  /** Body width, shoulder and base lines. */
  w: number;
  shoulder: number;
  base: number;
  neckW: number;
  capTop: number;
}

export function bottleShape(variant: string): BottleShape {
  return variant.startsWith('Large')
    ? { w: 204, shoulder: 138, base: 566, neckW: 122, capTop: 34 }
    : { w: 180, shoulder: 172, base: 560, neckW: 110, capTop: 66 };
}

/** The flute's fixed shape: rim, widest point, bowl bottom, stem and foot. */
export const FLUTE = { rimY: 44, rimHalf: 62, bellyY: 170, bellyHalf: 74, bowlBottom: 372, footY: 540, footRx: 88, footRy: 16, liquidTop: 104 } as const;

/** The band of the product the text is printed on, as the mockup draws it. */
export function textRegion(productType: ProductTypeId, variant: string): TextRegion {
  if (productType === 'water-bottle') {
    const bottle = bottleShape(variant);
    const length = (bottle.base - bottle.shoulder) * 0.74;
    return { cx: CANVAS_SIZE / 2, cy: (bottle.shoulder + bottle.base) / 2 + 14, length, thickness: bottle.w * 0.62 };
  }
  if (productType === 'champagne-glass') {
    return { cx: CANVAS_SIZE / 2, cy: (FLUTE.liquidTop + FLUTE.bowlBottom) / 2 - 6, length: 220, thickness: 92 };
  }
  const box = phoneBox(variant);
  // Below the camera, along the long side of the case.
  return { cx: box.x + box.w / 2, cy: box.y + box.h * 0.63, length: box.h * 0.56, thickness: box.w * 0.64 };
}
