import type { Generated, Selectable } from 'kysely';

/** The live catalogue (design.md §9). Booleans are 0/1, money integer cents, lengths mm. */
export interface CatalogProductTypeTable {
  id: string;
  name: string;
  price_cents: number;
  compare_at_cents: number | null;
  position: number;
}

export interface CatalogVariantTable {
  id: Generated<number>;
  product_type: string;
  /** Unique across the catalogue: an order line names its variant by this name. */
  name: string;
  width_mm: number;
  length_mm: number;
  /** JSON of shared/decal.ts DecalPlacement: where the decal goes on the product. */
  placement: string;
  active: number;
  position: number;
}

export interface CatalogColorTable {
  name: string;
  hex: string;
  active: number;
  position: number;
}

export interface CatalogFontTable {
  name: string;
  active: number;
  position: number;
}

/** One row (id 1): bumped in the transaction of every catalogue edit, read by every process's cache. */
export interface CatalogVersionTable {
  id: number;
  version: number;
}

declare module '../db/schema' {
  interface Database {
    catalog_product_types: CatalogProductTypeTable;
    catalog_variants: CatalogVariantTable;
    catalog_colors: CatalogColorTable;
    catalog_fonts: CatalogFontTable;
    catalog_version: CatalogVersionTable;
  }
}

export type CatalogVariantRow = Selectable<CatalogVariantTable>;
