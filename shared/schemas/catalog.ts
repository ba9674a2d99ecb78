import { z } from 'zod';
import { FONTS } from '../catalog';
import { isStorableText, storableText, unstorableTextMessage } from './storable-text';

/** The admin Catalogue screen's and API's messages (design.md §9; the spec has none for them). */
export const CATALOG_MESSAGES = {
  productType: 'Choose a product type',
  variantName: 'Variant name is required',
  variantNameTooLong: 'Variant name must be at most 60 characters',
  printArea: 'Print area must be between 10 and 400 mm, to a tenth of a millimetre',
  active: 'Active must be true or false',
  nothingToChange: 'Nothing to change',
  price: 'Price must be between $0.50 and $1,000.00, in whole cents',
  compareAt: 'The struck-through price must be higher than the price, or empty',
  colorName: 'Colour name is required (at most 40 characters)',
  hex: 'Colour must be a hex code like #FF1493',
  font: `Font must be one of the bundled fonts: ${FONTS.join(', ')}`,
  variantExists: (name: string) => `A variant named “${name}” already exists`,
  colorExists: (name: string) => `A colour named “${name}” already exists`,
  compareAtTooLow: 'The struck-through price must be higher than the price',
  notFound: 'Not found in the catalogue',
  productSize: 'Product width and height must be between 10 and 1,000 mm, to a hundredth of a millimetre',
  centre: 'The centre must be a number of mm, to a hundredth of a millimetre',
  centreOutside: 'The centre must lie inside the product outline',
  areaOutside: (area: { widthMm: number; lengthMm: number }) =>
    `The print area (${area.widthMm} × ${area.lengthMm} mm) must fit inside the product outline`,
  guide: 'Guide is required (at most 120 characters)',
} as const;

export const PRINT_AREA_LIMITS_MM = { min: 10, max: 400 } as const;
export const PRODUCT_LIMITS_MM = { min: 10, max: 1000 } as const;
export const GUIDE_MAX_LENGTH = 120;
export const PRICE_LIMITS_CENTS = { min: 50, max: 100_000 } as const;

const millimetres = z
  .number({ error: CATALOG_MESSAGES.printArea })
  .min(PRINT_AREA_LIMITS_MM.min, CATALOG_MESSAGES.printArea)
  .max(PRINT_AREA_LIMITS_MM.max, CATALOG_MESSAGES.printArea)
  .refine((mm) => Number.isInteger(Math.round(mm * 10 * 1e6) / 1e6), CATALOG_MESSAGES.printArea);

export const printAreaSchema = z.strictObject({ widthMm: millimetres, lengthMm: millimetres }, { error: CATALOG_MESSAGES.printArea });

export const newVariantSchema = z.strictObject({
  productType: z.enum(['phone-case', 'water-bottle', 'champagne-glass'], { error: CATALOG_MESSAGES.productType }),
  name: z
    .string({ error: CATALOG_MESSAGES.variantName })
    .trim()
    .min(1, { error: CATALOG_MESSAGES.variantName, abort: true })
    .max(60, CATALOG_MESSAGES.variantNameTooLong)
    .refine((name) => isStorableText(name), unstorableTextMessage('Variant name')),
  printArea: printAreaSchema,
});

/** Hundredths: a seeded centre is half a width given in tenths (35.75). */
const hundredths = (mm: number) => Number.isInteger(Math.round(mm * 100 * 1e6) / 1e6);
const productMillimetres = z
  .number({ error: CATALOG_MESSAGES.productSize })
  .min(PRODUCT_LIMITS_MM.min, CATALOG_MESSAGES.productSize)
  .max(PRODUCT_LIMITS_MM.max, CATALOG_MESSAGES.productSize)
  .refine(hundredths, CATALOG_MESSAGES.productSize);
const centreMillimetres = z.number({ error: CATALOG_MESSAGES.centre }).refine(hundredths, CATALOG_MESSAGES.centre);

type PlacementShape = { productMm: { width: number; height: number }; centreMm: { x: number; y: number } };
type PrintArea = { widthMm: number; lengthMm: number };

/** The centre strictly inside the outline (design.md §9). */
export const centreInside = ({ productMm, centreMm }: PlacementShape) =>
  centreMm.x > 0 && centreMm.x < productMm.width && centreMm.y > 0 && centreMm.y < productMm.height;

/**
 * The print area as the renderer lays it on the product (shared/render: the text runs down, so the
 * area's width is across, its length down) is no wider and no taller than the outline. Not checked
 * around the centre: the seeded phone placements (centre below the camera) let the 140 mm area run
 * past the case's bottom edge (iPhone 16 Pro: 166.8 mm on 149.6 mm), so that rule would refuse
 * every phone's current placement (docs/decisions.md).
 */
export function areaFits({ productMm }: PlacementShape, area: PrintArea): boolean {
  return area.widthMm <= productMm.width && area.lengthMm <= productMm.height;
}

/** Where the decal goes on the product (shared/decal.ts DecalPlacement), without the print-area check. */
export const placementSchema = z
  .strictObject(
    {
      productMm: z.strictObject({ width: productMillimetres, height: productMillimetres }, { error: CATALOG_MESSAGES.productSize }),
      centreMm: z.strictObject({ x: centreMillimetres, y: centreMillimetres }, { error: CATALOG_MESSAGES.centre }),
      guide: storableText(
        z
          .string({ error: CATALOG_MESSAGES.guide })
          .trim()
          .min(1, { error: CATALOG_MESSAGES.guide, abort: true })
          .max(GUIDE_MAX_LENGTH, CATALOG_MESSAGES.guide),
        'Guide',
      ),
    },
    { error: CATALOG_MESSAGES.centre },
  )
  .refine(centreInside, { error: CATALOG_MESSAGES.centreOutside, path: ['centreMm'] });

/** The placement with the check that the variant's print area fits (the admin form's schema). */
export const placementFor = (area: PrintArea) =>
  placementSchema.refine((placement) => areaFits(placement, area), { error: CATALOG_MESSAGES.areaOutside(area), path: ['productMm'] });

const activeFlag = z.boolean({ error: CATALOG_MESSAGES.active });

export const variantChangeSchema = z
  .strictObject({ active: activeFlag.optional(), printArea: printAreaSchema.optional(), placement: placementSchema.optional() })
  .refine((change) => change.active !== undefined || change.printArea !== undefined || change.placement !== undefined, CATALOG_MESSAGES.nothingToChange)
  .refine((change) => !change.placement || !change.printArea || areaFits(change.placement, change.printArea), {
    error: (issue) => CATALOG_MESSAGES.areaOutside((issue.input as { printArea: PrintArea }).printArea),
    path: ['placement', 'productMm'],
  });

const cents = z.number({ error: CATALOG_MESSAGES.price }).int(CATALOG_MESSAGES.price).min(PRICE_LIMITS_CENTS.min, CATALOG_MESSAGES.price).max(PRICE_LIMITS_CENTS.max, CATALOG_MESSAGES.price);

export const productTypeChangeSchema = z
  .strictObject({
    priceCents: cents.optional(),
    compareAtCents: z.union([cents, z.null()], { error: CATALOG_MESSAGES.compareAt }).optional(),
  })
  .refine((change) => change.priceCents !== undefined || change.compareAtCents !== undefined, CATALOG_MESSAGES.nothingToChange);

const hex = z
  .string({ error: CATALOG_MESSAGES.hex })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, CATALOG_MESSAGES.hex)
  .transform((value) => value.toUpperCase());

export const newColorSchema = z.strictObject({
  name: z
    .string({ error: CATALOG_MESSAGES.colorName })
    .trim()
    .min(1, { error: CATALOG_MESSAGES.colorName, abort: true })
    .max(40, CATALOG_MESSAGES.colorName)
    .refine((name) => isStorableText(name), unstorableTextMessage('Colour name')),
  hex,
});

export const colorChangeSchema = z
  .strictObject({ active: activeFlag.optional(), hex: hex.optional() })
  .refine((change) => change.active !== undefined || change.hex !== undefined, CATALOG_MESSAGES.nothingToChange);

export const fontChangeSchema = z.strictObject({ active: activeFlag });

export type NewVariant = z.output<typeof newVariantSchema>;
export type VariantChange = z.output<typeof variantChangeSchema>;
export type ProductTypeChange = z.output<typeof productTypeChangeSchema>;
export type NewColor = z.output<typeof newColorSchema>;
export type ColorChange = z.output<typeof colorChangeSchema>;
