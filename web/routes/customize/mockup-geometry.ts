/**
 * Where each product sits on the 600x600 preview, and where its decal goes. Pure numbers, no
 * drawing: the mockup, the gallery thumbnails and the zoom all read the same geometry. Every
 * product is drawn to scale from its dimensions in mm (shared/decal.ts), and its decal at the
 * same scale, at the place the print file names: what the shopper sees is the size that arrives.
 */
import type { ProductTypeId } from '../../../shared/catalog';
import { bottleOf, decalPlacementOf, FLUTE_MM, phoneBack, type PrintArea } from '../../../shared/decal';

export const CANVAS_SIZE = 600;
/** Canvas pixels per millimetre of the real product: phones fill the canvas at 3.2, bottles (up to 31 cm tall) at 1.65, the flute at 2.25. */
export const PHONE_PX_PER_MM = 3.2;
export const BOTTLE_PX_PER_MM = 1.65;
export const FLUTE_PX_PER_MM = 2.25;

/** Where the print area lies on the canvas: its top-left corner and the canvas pixels per mm. */
export interface AreaPlacement {
  x: number;
  y: number;
  pxPerMm: number;
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
  /** Corner radius as a share of the width (Samsung's corners are tighter). */
  corner: number;
  camera: CameraLayout;
  /** Side of the camera square (or column) in mm. */
  cameraMm: number;
}

/** How each phone's back is drawn; its size and camera depth come from shared/decal.ts. */
const PHONES: Record<string, PhoneSpec> = {
  'iPhone 16 Pro': { corner: 0.2, camera: 'pro', cameraMm: 37 },
  'iPhone 15 Pro Max': { corner: 0.2, camera: 'pro', cameraMm: 38 },
  'iPhone 14 Pro Max': { corner: 0.2, camera: 'pro', cameraMm: 38 },
  'iPhone 14 Pro': { corner: 0.2, camera: 'pro', cameraMm: 37 },
  'iPhone 14': { corner: 0.2, camera: 'dual', cameraMm: 31 },
  'iPhone 13 Pro Max': { corner: 0.2, camera: 'pro', cameraMm: 37 },
  'iPhone 13 Pro': { corner: 0.2, camera: 'pro', cameraMm: 35 },
  'iPhone 13': { corner: 0.2, camera: 'dual', cameraMm: 29 },
  'Samsung Galaxy S23': { corner: 0.15, camera: 'floating', cameraMm: 12 },
  'Samsung Galaxy S22': { corner: 0.15, camera: 'contour', cameraMm: 15 },
};

/** A phone's drawing spec; an unknown model (from a newer server catalogue) gets a generic body: three lenses for a Pro, else two. */
export function phoneSpec(variant: string): PhoneSpec {
  const camera = variant.startsWith('Samsung') ? 'floating' : / Pro\b/.test(variant) ? 'pro' : 'dual';
  return PHONES[variant] ?? { corner: 0.18, camera, cameraMm: camera === 'pro' ? 37 : 30 };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The case's outline on the canvas: centred, lifted a little to leave room for its shadow. */
export function phoneBox(variant: string): Box {
  const back = phoneBack(variant);
  const w = back.widthMm * PHONE_PX_PER_MM;
  const h = back.heightMm * PHONE_PX_PER_MM;
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

/** The floor line every bottle stands on. */
const BOTTLE_BASE_Y = 566;

export function bottleShape(variant: string): BottleShape {
  const bottle = bottleOf(variant);
  return {
    w: bottle.widthMm * BOTTLE_PX_PER_MM,
    shoulder: BOTTLE_BASE_Y - bottle.bodyMm * BOTTLE_PX_PER_MM,
    base: BOTTLE_BASE_Y,
    neckW: bottle.neckMm * BOTTLE_PX_PER_MM,
    capTop: BOTTLE_BASE_Y - bottle.heightMm * BOTTLE_PX_PER_MM,
  };
}

/** The flute's fixed shape, drawn at FLUTE_PX_PER_MM: rim, widest point, bowl bottom, stem and foot. */
export const FLUTE = { rimY: 44, rimHalf: 62, bellyY: 170, bellyHalf: 74, bowlBottom: 372, footY: 540, footRx: 88, footRy: 16, liquidTop: 104 } as const;

/** The product's outline box on the canvas (top-left, px) and its scale: the frame its mm are drawn in. */
export function productFrame(productType: ProductTypeId, variant: string): AreaPlacement {
  if (productType === 'water-bottle') {
    const bottle = bottleShape(variant);
    return { x: CANVAS_SIZE / 2 - bottle.w / 2, y: bottle.capTop, pxPerMm: BOTTLE_PX_PER_MM };
  }
  if (productType === 'champagne-glass') {
    return { x: CANVAS_SIZE / 2 - (FLUTE_MM.widthMm * FLUTE_PX_PER_MM) / 2, y: FLUTE.rimY, pxPerMm: FLUTE_PX_PER_MM };
  }
  const box = phoneBox(variant);
  return { x: box.x, y: box.y, pxPerMm: PHONE_PX_PER_MM };
}

/** The print area on the canvas: at the product's own scale, centred where shared/decal.ts places it. */
export function printAreaPlacement(productType: ProductTypeId, variant: string, area: PrintArea): AreaPlacement {
  const frame = productFrame(productType, variant);
  const { centreMm } = decalPlacementOf({ productType, device: variant });
  const s = frame.pxPerMm;
  return { x: frame.x + (centreMm.x - area.width / 2) * s, y: frame.y + (centreMm.y - area.length / 2) * s, pxPerMm: s };
}
