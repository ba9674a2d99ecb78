import type { Font } from 'fontkit';
import { colorHex, fontOrDefault, type FontName, type ProductTypeId } from '../catalog';
import { printAreaFor, printAreaOf, productTypeOf, type PrintArea } from '../decal';
import { MM_PER_DESIGN_PX } from '../decal-size';
import { normalizeDesignText } from './coverage';
import { outlineGrowthMm, placedOutline, weightCompensationOf } from './cut-outline';
import type { DesignFonts } from './font-loader';
import { applyAffine, linePathData, shapeLine, type Affine } from './outline';
import { rememberPlacedLine, type PlacedLine } from './placed-lines';
import type { Design } from '../design';

/** What the renderer needs of a design: a cart line, an order line or the customizer's state. */
export interface RenderableDesign extends Pick<Design, 'device' | 'text' | 'color' | 'font' | 'fontSize'> {
  /** Only consulted when the device (the variant: "iPhone 14 Pro", "Large Bottle") is not a catalogue variant. */
  productType?: string | null;
  /** The catalogue facts an order line was placed with (design.md §9); unset: the live catalogue's. */
  printArea?: PrintArea | null;
  colorHex?: string | null;
  placementGuide?: string | null;
  /**
   * Laid out at the size asked for even where it runs past the area: the designer shows a text
   * that does not fit as it would be, beside the message, rather than shrunk to look as if it did.
   */
  atChosenSize?: boolean;
}

export { printAreaOf, productTypeOf, type PrintArea };

export interface MmBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A design laid out on its print area. Coordinates are mm in the area: x across (0…width), y along
 * (0…length), y down, the text running top to bottom with the letters' tops facing +x (rotated 90°
 * clockwise, as the customizer shows it).
 */
export interface DesignLayout {
  productType: ProductTypeId;
  device: string;
  area: PrintArea;
  /** The text as laid out (NFC). */
  text: string;
  font: FontName;
  /** The fill colour, #RRGGBB (grey for a colour outside the catalogue, spec.md §3). */
  fill: string;
  /** The em size the text is set at, in mm. */
  fontSizeMm: number;
  /** The size the design asked for (fontSize × 0.5 mm); fontSizeMm is smaller when the text had to shrink to fit. */
  preferredFontSizeMm: number;
  /** How tall a capital prints, mm: the font's "H" measured from its outline at fontSizeMm. */
  capHeightMm: number;
  /**
   * The ink as SVG path data in mm, fill rule nonzero; empty for empty text. The glyph outlines, or
   * for a weight-compensated font (cut-outline.ts) its cut outline, so that whatever draws this
   * draws what is cut.
   */
  pathData: string;
  /** The ink's bounding box in mm (the cut outline's: glyphs plus any compensation), null when nothing is drawn. */
  ink: MmBox | null;
  /** Characters the font cannot draw, left out of pathData (validation refuses them before an order). */
  missing: string[];
  /** The decal at the size the design asked for, and whether it lies inside the area; null when nothing is drawn. */
  fit: DecalFit | null;
}

/**
 * A decal at its asked-for letter size: its size as it is read (along the text × across it, mm),
 * whether it runs past the area's length or width, and the largest letter size (em, mm) that fits
 * each way.
 */
export interface DecalFit {
  widthMm: number;
  heightMm: number;
  tooLong: boolean;
  tooTall: boolean;
  largestAlongMm: number;
  largestAcrossMm: number;
}

export { MM_PER_DESIGN_PX };
/**
 * The text's ink may fill this share of the area across it and along it: the whole of it, since a
 * variant's area is the usable area on the product with its edge margin already taken off.
 */
export const FILL_ACROSS = 1;
export const FILL_ALONG = 1;

const round = (value: number) => Math.round(value * 1000) / 1000;

/** A capital's height as a share of the em: the top of the face's "H" outline (its OS/2 capHeight if it has no H). */
function capitalHeightShare(face: Font): number {
  const h = face.hasGlyphForCodePoint(0x48) ? face.glyphForCodePoint(0x48).bbox.maxY : face.capHeight;
  return h / face.unitsPerEm;
}

/**
 * Lays out a design on its print area from the real glyphs of its font file: the design's size,
 * shrunk when the ink would leave FILL_ACROSS of the width or FILL_ALONG of the length (`fit` says
 * whether it had to; `atChosenSize` keeps the size and lets the ink run past). Across the
 * area the text is centred between baseline and cap height (so it does not jump as descenders are
 * typed); along it, on its ink.
 */
export function layoutDesign(design: RenderableDesign, fonts: DesignFonts): DesignLayout {
  const productType = productTypeOf(design);
  const area = design.printArea ?? printAreaFor(productType, design.device);
  const font = fontOrDefault(design.font);
  const loaded = fonts.get(font);
  const text = normalizeDesignText(design.text);
  const line = shapeLine(text, loaded);
  const preferred = Math.max(1, design.fontSize) * MM_PER_DESIGN_PX;
  const first = loaded.faces[0]!;
  const capShare = capitalHeightShare(first);
  const base = { productType, device: design.device, area, text, font, fill: design.colorHex ?? colorHex(design.color), preferredFontSizeMm: preferred, missing: line.missing };
  if (!line.ink) return { ...base, fontSizeMm: preferred, capHeightMm: round(capShare * preferred), pathData: '', ink: null, fit: null };

  const centreAcross = -first.capHeight / first.unitsPerEm / 2;
  const centreAlong = (line.ink.minX + line.ink.maxX) / 2;
  const halfAcross = Math.max(centreAcross - line.ink.minY, line.ink.maxY - centreAcross);
  const halfAlong = (line.ink.maxX - line.ink.minX) / 2;
  // A compensated outline reaches `growth` mm past the glyphs all round, at any size.
  const growth = outlineGrowthMm(font);
  const largestAcross = ((area.width * FILL_ACROSS) / 2 - growth) / halfAcross;
  const largestAlong = ((area.length * FILL_ALONG) / 2 - growth) / halfAlong;
  // A text that does not fit is refused before an order (the designer and the server say why); an
  // older line that does not is still drawn, shrunk into its area.
  const size = design.atChosenSize ? preferred : Math.min(preferred, largestAcross, largestAlong);
  const fit: DecalFit = {
    widthMm: round(2 * halfAlong * preferred + 2 * growth),
    heightMm: round((line.ink.maxY - line.ink.minY) * preferred + 2 * growth),
    tooLong: preferred > largestAlong * (1 + 1e-9),
    tooTall: preferred > largestAcross * (1 + 1e-9),
    largestAlongMm: round(largestAlong),
    largestAcrossMm: round(largestAcross),
  };

  // Rotated 90° clockwise: along the line is +y of the area, "up" in the glyphs is +x.
  const toArea: Affine = { a: 0, b: size, c: -size, d: 0, e: area.width / 2 + centreAcross * size, f: area.length / 2 - centreAlong * size };
  const [left] = applyAffine(toArea, 0, line.ink.maxY);
  const [right] = applyAffine(toArea, 0, line.ink.minY);
  const [, top] = applyAffine(toArea, line.ink.minX, 0);
  const [, bottom] = applyAffine(toArea, line.ink.maxX, 0);
  const placed: PlacedLine = { line, toArea };
  const compensated = weightCompensationOf(font) !== null;
  const layout: DesignLayout = {
    ...base,
    fontSizeMm: round(size),
    capHeightMm: round(capShare * size),
    pathData: compensated ? '' : linePathData(line, toArea),
    ink: { x: round(left - growth), y: round(top - growth), width: round(right - left + 2 * growth), height: round(bottom - top + 2 * growth) },
    fit,
  };
  if (compensated) pathDataOnFirstRead(layout, () => placedOutline(font, text, placed).pathData);
  return rememberPlacedLine(layout, placed);
}

/**
 * A compensated font's path data is its cut outline, merged when first read (then kept): the
 * server's fit check at checkout reads only the fit and never pays for the merge; a worker posting
 * the layout, a canvas or a print file reads it as any other property.
 */
function pathDataOnFirstRead(layout: DesignLayout, draw: () => string): void {
  Object.defineProperty(layout, 'pathData', {
    enumerable: true,
    configurable: true,
    get() {
      const value = draw();
      Object.defineProperty(layout, 'pathData', { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
  });
}
