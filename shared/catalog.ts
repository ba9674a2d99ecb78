/** The product catalogue of spec.md §3. The server serves it; the web app falls back to it. */
export type ProductTypeId = 'phone-case' | 'water-bottle' | 'champagne-glass';

export interface ProductType {
  id: ProductTypeId;
  name: string;
  variants: string[];
}

export const PRODUCT_TYPES: readonly ProductType[] = [
  {
    id: 'phone-case',
    name: 'Phone Case',
    variants: [
      'iPhone 14 Pro Max',
      'iPhone 14 Pro',
      'iPhone 14',
      'iPhone 13 Pro Max',
      'iPhone 13 Pro',
      'iPhone 13',
      'Samsung Galaxy S23',
      'Samsung Galaxy S22',
    ],
  },
  { id: 'water-bottle', name: 'Water Bottle', variants: ['Standard Bottle', 'Large Bottle'] },
  { id: 'champagne-glass', name: 'Champagne Flute', variants: ['Standard Glass'] },
];

/**
 * The phone models named in the marketing copy of spec.md §1. They differ from the orderable
 * device list above; docs/decisions.md explains that the copy is shown as written and only the
 * catalogue list is orderable.
 */
export const MARKETING_PHONE_MODELS: readonly string[] = [
  'iPhone 15 Pro Max',
  'iPhone 16 Pro',
  'iPhone 14',
  'iPhone 13 Pro Max',
  'iPhone 13 Pro',
  'iPhone 13',
  'Samsung S23',
  'Samsung S22',
];

export interface ColorSwatch {
  name: string;
  hex: string;
}

export const COLORS: readonly ColorSwatch[] = [
  { name: 'Hot Pink', hex: '#FF1493' },
  { name: 'Pink', hex: '#FF8FC7' },
  { name: 'Orange', hex: '#FF7A00' },
  { name: 'Light Orange', hex: '#FFB15C' },
  { name: 'Yellow', hex: '#FFD600' },
  { name: 'Teal', hex: '#00A6A6' },
  { name: 'Blue', hex: '#1E6BFF' },
  { name: 'Purple', hex: '#8A2BE2' },
  { name: 'Dark Purple', hex: '#4B0082' },
];

/** Swatch colour for names outside the catalogue (spec.md §3: unknown names get grey). */
export const UNKNOWN_COLOR_HEX = '#808080';

export const FONTS = ['Pecita', 'Inter', 'Poppins'] as const;
export type FontName = (typeof FONTS)[number];

export const DEFAULT_FONT: FontName = 'Pecita';

/** The catalogue font of that name, or the default for a name outside the catalogue (a stored old order). */
export function fontOrDefault(name: string): FontName {
  return (FONTS as readonly string[]).includes(name) ? (name as FontName) : DEFAULT_FONT;
}
export const DEFAULT_FONT_SIZE = 24;
export const DEFAULT_CASE_TYPE = 'CLASSIC';
/** The case types on offer (spec.md §3 names only the default). */
export const CASE_TYPES = [DEFAULT_CASE_TYPE] as const;
/** Limits of a design's font size, in customizer pixels. */
export const MIN_FONT_SIZE = 8;
export const MAX_FONT_SIZE = 96;
export const MAX_TEXT_LENGTH = 20;
/** One cart line holds at most this many of a design (the cart's + button and the checkout agree). */
export const MAX_QUANTITY_PER_LINE = 99;

/** The answers of the text check (POST /api/products/validate-text, spec.md §5), kept free of zod for the first load. */
export const TEXT_MESSAGES = {
  required: 'Custom text is required',
  tooLong: 'Text too long',
  valid: 'Text is valid',
} as const;
export const UNIT_PRICE_CENTS = 595;
export const LIST_PRICE_CENTS = 745;

const colorByName = new Map(COLORS.map((c) => [c.name.toLowerCase(), c.hex]));
const productTypeByVariant = new Map(
  PRODUCT_TYPES.flatMap((type) => type.variants.map((variant) => [variant, type] as const)),
);

export function colorHex(name: string | null | undefined): string {
  return (name && colorByName.get(name.toLowerCase())) || UNKNOWN_COLOR_HEX;
}

/** The catalogue spelling of a colour name given in any case, or undefined outside the catalogue. */
export function catalogColorName(name: string): string | undefined {
  return COLORS.find((color) => color.name.toLowerCase() === name.trim().toLowerCase())?.name;
}

export function productTypeOfVariant(variant: string): ProductType | undefined {
  return productTypeByVariant.get(variant);
}

/**
 * A line's product as the print room reads it: "Phone Case · iPhone 14 Pro, classic case" (the
 * case type picks the blank), "Water Bottle · Large Bottle" (drinkware has no case type to name).
 */
export function productLineLabel(item: { device: string; caseType: string }): string {
  const type = productTypeOfVariant(item.device);
  const product = `${type?.name ?? 'Product'} · ${item.device}`;
  return type?.id === 'phone-case' ? `${product}, ${item.caseType.toLowerCase()} case` : product;
}

export function findProductType(id: string): ProductType | undefined {
  return PRODUCT_TYPES.find((type) => type.id === id);
}
