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
/** The built-in price of every product (the seed's); the live catalogue prices each product type. */
export const UNIT_PRICE_CENTS = 595;
export const LIST_PRICE_CENTS = 745;

/**
 * The live catalogue (design.md §9): what the database holds, as GET /api/products/catalog serves
 * it. Installed with installCatalog by the server's catalogue cache and by the shop when it loads;
 * until then every look-up below answers from the built-in lists above.
 */
export interface CatalogVariant {
  id: number;
  name: string;
  printArea: { widthMm: number; lengthMm: number };
  /** Where the decal goes on the product (shared/decal.ts DecalPlacement); null: the product type's rule. */
  placement: CatalogPlacement | null;
  active: boolean;
}
export interface CatalogPlacement {
  productMm: { width: number; height: number };
  centreMm: { x: number; y: number };
  guide: string;
}
export interface CatalogProductType {
  id: ProductTypeId;
  name: string;
  priceCents: number;
  compareAtCents: number | null;
  variants: CatalogVariant[];
}
export interface LiveCatalog {
  /** Changes with every edit: the ETag of the shop's copy and the server caches' stamp. */
  version: string;
  productTypes: CatalogProductType[];
  colors: { name: string; hex: string; active: boolean }[];
  fonts: { name: FontName; active: boolean }[];
}

interface CatalogIndex {
  catalog: LiveCatalog | null;
  productTypes: readonly ProductType[];
  typeByVariant: Map<string, { type: ProductType; live?: CatalogProductType; variant?: CatalogVariant }>;
  colorByName: Map<string, ColorSwatch & { active: boolean }>;
  activeColors: readonly ColorSwatch[];
  activeFonts: readonly string[];
}

function indexOf(catalog: LiveCatalog | null): CatalogIndex {
  const typeByVariant: CatalogIndex['typeByVariant'] = new Map();
  if (!catalog) {
    for (const type of PRODUCT_TYPES) for (const name of type.variants) typeByVariant.set(name, { type });
    const colorByName = new Map(COLORS.map((color) => [color.name.toLowerCase(), { ...color, active: true }]));
    return { catalog, productTypes: PRODUCT_TYPES, typeByVariant, colorByName, activeColors: COLORS, activeFonts: FONTS };
  }
  const productTypes = catalog.productTypes.map((live) => {
    const type: ProductType = { id: live.id, name: live.name, variants: live.variants.filter((v) => v.active).map((v) => v.name) };
    for (const variant of live.variants) typeByVariant.set(variant.name, { type, live, variant });
    return type;
  });
  return {
    catalog,
    productTypes,
    typeByVariant,
    colorByName: new Map(catalog.colors.map((color) => [color.name.toLowerCase(), color])),
    activeColors: catalog.colors.filter((color) => color.active).map(({ name, hex }) => ({ name, hex })),
    activeFonts: catalog.fonts.filter((font) => font.active && (FONTS as readonly string[]).includes(font.name)).map((font) => font.name),
  };
}

let current: CatalogIndex = indexOf(null);

/** Makes `catalog` the one every look-up reads (null: back to the built-in lists). */
export function installCatalog(catalog: LiveCatalog | null): void {
  if (current.catalog !== catalog) current = indexOf(catalog);
}

export function installedCatalog(): LiveCatalog | null {
  return current.catalog;
}

/** The product types with their orderable (active) variants. */
export function orderableProductTypes(): readonly ProductType[] {
  return current.productTypes;
}

export function offeredColors(): readonly ColorSwatch[] {
  return current.activeColors;
}

export function offeredFonts(): readonly string[] {
  return current.activeFonts;
}

/** A variant a new order may name: in the catalogue and not retired. */
export function isOrderableVariant(name: string): boolean {
  const found = current.typeByVariant.get(name);
  return !!found && (found.variant?.active ?? true);
}

/** The live catalogue's entry for a variant (retired ones too: stored orders name them). */
export function catalogVariant(name: string): CatalogVariant | undefined {
  return current.typeByVariant.get(name)?.variant;
}

/** What one of this variant sells for now, and the struck-through price (null when none). */
export function priceOf(device: string): { priceCents: number; compareAtCents: number | null } {
  const live = current.typeByVariant.get(device)?.live;
  return live ? { priceCents: live.priceCents, compareAtCents: live.compareAtCents } : { priceCents: UNIT_PRICE_CENTS, compareAtCents: LIST_PRICE_CENTS };
}

export function productTypePrice(id: string): { priceCents: number; compareAtCents: number | null } {
  const live = current.catalog?.productTypes.find((type) => type.id === id);
  return live ? { priceCents: live.priceCents, compareAtCents: live.compareAtCents } : { priceCents: UNIT_PRICE_CENTS, compareAtCents: LIST_PRICE_CENTS };
}

export function colorHex(name: string | null | undefined): string {
  return (name && current.colorByName.get(name.toLowerCase())?.hex) || UNKNOWN_COLOR_HEX;
}

/** The catalogue spelling of a colour name given in any case, or undefined outside the catalogue. */
export function catalogColorName(name: string): string | undefined {
  return current.colorByName.get(name.trim().toLowerCase())?.name;
}

export function productTypeOfVariant(variant: string): ProductType | undefined {
  return current.typeByVariant.get(variant)?.type;
}

export function findProductType(id: string): ProductType | undefined {
  return current.productTypes.find((type) => type.id === id);
}
