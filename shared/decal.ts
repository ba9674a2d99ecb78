/**
 * What the shop sells: a custom vinyl decal cut to fit the chosen device. One name and one size for
 * it everywhere (designer, cart, checkout, mail, print file), and where on the product it goes:
 * the mockup draws the decal there at the product's true scale, the print file tells whoever
 * applies it the same place.
 */
import { catalogVariant, findProductType, productTypeOfVariant, type ProductTypeId } from './catalog';
import { letterMm, letterSizeLabel, measuredSize } from './decal-size';

/**
 * A variant's usable area in mm: the part of the product a decal may occupy, `width` across the
 * text, `length` along it (the text runs down the product). Margins are already taken off.
 */
export interface PrintArea {
  width: number;
  length: number;
}

/** What a phone decal keeps clear of the case's edges and of the camera module, mm. */
export const PHONE_EDGE_MARGIN_MM = 4;

const tenth = (mm: number) => Math.round(mm * 10) / 10;

/** A phone's back below its camera module, less the edge margin all round. */
function phoneArea(device: string): PrintArea {
  const back = phoneBack(device);
  return { width: tenth(back.widthMm - 2 * PHONE_EDGE_MARGIN_MM), length: tenth(back.heightMm - back.cameraBottomMm - 2 * PHONE_EDGE_MARGIN_MM) };
}

const PRINT_AREAS: Record<ProductTypeId, (device: string) => PrintArea> = {
  'phone-case': phoneArea,
  // The straight wall of the bottle less 10 mm at each end; across, a third of the circumference.
  'water-bottle': (device) => (device === 'Large Bottle' ? { width: 80, length: 220 } : { width: 70, length: 180 }),
  // The flute's bowl from 25 mm under the rim to where it narrows towards the stem.
  'champagne-glass': () => ({ width: 40, length: 100 }),
};

/** A design's variant; an order line also carries the print area it was placed with. */
type DeviceOf = { device: string; productType?: string | null; printArea?: PrintArea | null };

/** The product a design goes on: the variant's, whatever else was sent; a stored unknown variant falls back to productType, then phone case. */
export function productTypeOf(design: DeviceOf): ProductTypeId {
  return productTypeOfVariant(design.device)?.id ?? findProductType(design.productType ?? '')?.id ?? 'phone-case';
}

/** The decal's print area, in mm, for a product type and variant: the live catalogue's, else the built-in rule. */
export function printAreaFor(productType: ProductTypeId, device: string): PrintArea {
  const live = catalogVariant(device)?.printArea;
  return live ? { width: live.widthMm, length: live.lengthMm } : builtInPrintArea(productType, device);
}

/** The print areas of design.md §6, which seed the catalogue. */
export function builtInPrintArea(productType: ProductTypeId, device: string): PrintArea {
  return (PRINT_AREAS[productType] ?? PRINT_AREAS['phone-case'])(device);
}

export function printAreaOf(design: DeviceOf): PrintArea {
  return design.printArea ?? printAreaFor(productTypeOf(design), design.device);
}

/** The device as the decal's name says it: "iPhone 14 Pro Max", "Large Water Bottle", "Champagne Flute". */
function deviceName(design: DeviceOf): string {
  const type = productTypeOf(design);
  if (type === 'water-bottle') return design.device.replace(/ Bottle$/, ' Water Bottle');
  if (type === 'champagne-glass') return 'Champagne Flute';
  return design.device;
}

/** "Vinyl decal for iPhone 14 Pro Max": what a line is, said the same way on every screen and in every mail. */
export function decalName(design: DeviceOf): string {
  return `Vinyl decal for ${deviceName(design)}`;
}

/** "63.5 × 96.5 mm": the variant's usable area as it is read (along the text × across it); no-break spaces keep it on one line. */
export function usableAreaSize(design: DeviceOf): string {
  const area = printAreaOf(design);
  return `${area.length}\u00a0×\u00a0${area.width}\u00a0mm`;
}

type SizedDesign = DeviceOf & { font: string; fontSize: number };

/**
 * "Vinyl decal · iPhone 13 · Pecita, 12 mm letters", and " · 54 × 12 mm" where the decal was
 * measured: the decal as it ships, said the same way in the cart, checkout, mail, print files and admin.
 */
export function decalTitle(design: SizedDesign, measured?: { widthMm: number; heightMm: number } | null): string {
  const title = `Vinyl decal · ${deviceName(design)} · ${letterSizeLabel(design)}`;
  return measured ? `${title} · ${measuredSize(measured)}` : title;
}

/** Where on the product the usable area lies, as a shopper reads it: "the Samsung Galaxy S22's back". */
export function usableSurface(design: DeviceOf): string {
  const type = productTypeOf(design);
  const part = type === 'phone-case' ? 'back' : type === 'water-bottle' ? 'wrap band' : 'bowl';
  return `the ${deviceName(design)}'s ${part}`;
}

/** What the designer and the server say of a decal that does not fit its product; null when it fits. */
export function decalFitProblem(
  design: SizedDesign,
  fit: { widthMm: number; heightMm: number; tooLong: boolean; tooTall: boolean } | null,
  smallestFontSize: number,
): string | null {
  if (!fit || (!fit.tooLong && !fit.tooTall)) return null;
  const area = printAreaOf(design);
  const letters = `${letterMm(design.fontSize)} mm letters`;
  const smaller = design.fontSize > smallestFontSize ? 'pick a smaller size' : 'pick another font';
  if (fit.tooLong) {
    return `Too long for ${usableSurface(design)}: ${Math.round(fit.widthMm)} mm at ${letters}, where ${area.length} mm fit. Shorten it or ${smaller}.`;
  }
  return `Too tall for ${usableSurface(design)}: ${Math.round(fit.heightMm)} mm at ${letters}, where ${area.width} mm fit. Pick a smaller size.`;
}

/** The backs of the catalogue's phones, mm: the case's outline and how far down its camera module reaches. */
export interface PhoneBack {
  widthMm: number;
  heightMm: number;
  cameraBottomMm: number;
}

const PHONE_BACKS: Record<string, PhoneBack> = {
  'iPhone 14 Pro Max': { widthMm: 77.6, heightMm: 160.7, cameraBottomMm: 44 },
  'iPhone 14 Pro': { widthMm: 71.5, heightMm: 147.5, cameraBottomMm: 43 },
  'iPhone 14': { widthMm: 71.5, heightMm: 146.7, cameraBottomMm: 37 },
  'iPhone 13 Pro Max': { widthMm: 78.1, heightMm: 160.8, cameraBottomMm: 43 },
  'iPhone 13 Pro': { widthMm: 71.5, heightMm: 146.7, cameraBottomMm: 41 },
  'iPhone 13': { widthMm: 71.5, heightMm: 146.7, cameraBottomMm: 35 },
  'Samsung Galaxy S23': { widthMm: 70.9, heightMm: 146.3, cameraBottomMm: 46 },
  'Samsung Galaxy S22': { widthMm: 70.6, heightMm: 146, cameraBottomMm: 56 },
  'iPhone 15 Pro Max': { widthMm: 76.7, heightMm: 159.9, cameraBottomMm: 45 },
  'iPhone 16 Pro': { widthMm: 71.5, heightMm: 149.6, cameraBottomMm: 44 },
};

/** A phone's back; an unknown model (from a newer server catalogue) gets a generic one. */
export function phoneBack(device: string): PhoneBack {
  return PHONE_BACKS[device] ?? { widthMm: 71.5, heightMm: 147, cameraBottomMm: 36 };
}

/** The drinkware's outlines seen from the front, mm, and the band of it the decal wraps. */
export const BOTTLES = {
  standard: { widthMm: 76, heightMm: 270, bodyMm: 200, neckMm: 52, decalCentreAboveBaseMm: 100 },
  large: { widthMm: 92, heightMm: 310, bodyMm: 240, neckMm: 60, decalCentreAboveBaseMm: 120 },
} as const;

export function bottleOf(device: string) {
  return device === 'Large Bottle' ? BOTTLES.large : BOTTLES.standard;
}

export const FLUTE_MM = { widthMm: 66, heightMm: 227, decalCentreBelowRimMm: 75 } as const;

/** Where a decal goes on its product, seen from the front. */
export interface DecalPlacement {
  /** The product's outline box, mm. */
  productMm: { width: number; height: number };
  /** The centre of the print area, mm from the outline's top-left corner. */
  centreMm: { x: number; y: number };
  /** For whoever applies it: where the decal's centre goes. */
  guide: string;
}

/**
 * A phone case's decal sits on the back below the camera module, centred on the free part of the
 * back; a bottle's on the straight wall above the base; a flute's on the bowl below the rim.
 */
export function decalPlacementOf(design: DeviceOf): DecalPlacement {
  return catalogVariant(design.device)?.placement ?? builtInPlacement(design);
}

/** The placement rules of the built-in catalogue, which seed each variant's placement. */
export function builtInPlacement(design: DeviceOf): DecalPlacement {
  const type = productTypeOf(design);
  if (type === 'water-bottle') {
    const bottle = bottleOf(design.device);
    return {
      productMm: { width: bottle.widthMm, height: bottle.heightMm },
      centreMm: { x: bottle.widthMm / 2, y: bottle.heightMm - bottle.decalCentreAboveBaseMm },
      guide: `Centre ${bottle.decalCentreAboveBaseMm} mm above the base, text running down the bottle`,
    };
  }
  if (type === 'champagne-glass') {
    return {
      productMm: { width: FLUTE_MM.widthMm, height: FLUTE_MM.heightMm },
      centreMm: { x: FLUTE_MM.widthMm / 2, y: FLUTE_MM.decalCentreBelowRimMm },
      guide: `Centre ${FLUTE_MM.decalCentreBelowRimMm} mm below the rim, text running down the bowl`,
    };
  }
  const back = phoneBack(design.device);
  const belowCamera = (back.heightMm - back.cameraBottomMm) / 2;
  return {
    productMm: { width: back.widthMm, height: back.heightMm },
    centreMm: { x: back.widthMm / 2, y: back.cameraBottomMm + belowCamera },
    guide: `Centre ${Math.round(belowCamera)} mm below the camera, on the middle of the case's back`,
  };
}
