import { z } from 'zod';
import { FONTS } from '../catalog';

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
} as const;

export const PRINT_AREA_LIMITS_MM = { min: 10, max: 400 } as const;
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
    .refine((name) => [...name].every((char) => char >= ' ' && char !== '\u007f'), CATALOG_MESSAGES.variantName),
  printArea: printAreaSchema,
});

const activeFlag = z.boolean({ error: CATALOG_MESSAGES.active });

export const variantChangeSchema = z
  .strictObject({ active: activeFlag.optional(), printArea: printAreaSchema.optional() })
  .refine((change) => change.active !== undefined || change.printArea !== undefined, CATALOG_MESSAGES.nothingToChange);

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
    .max(40, CATALOG_MESSAGES.colorName),
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
