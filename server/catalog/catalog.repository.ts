import { sql } from 'kysely';
import type { CatalogPlacement, CatalogProductType, FontName, LiveCatalog, ProductTypeId } from '../../shared/catalog';
import type { Db } from '../db/database';
import type { DbOrTrx, Trx } from '../db/transaction';
import type { CatalogVariantRow } from './catalog.table';

/** The catalogue's version stamp: one small row, read by every process's cache to see an edit. */
export async function readCatalogVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('catalog_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * Bumps the stamp: the first write of every edit's transaction, so concurrent edits queue on this
 * row (PostgreSQL's row lock; SQLite has one writer) and every cache sees the edit once it commits.
 */
export async function bumpCatalogVersion(trx: Trx): Promise<void> {
  await trx
    .updateTable('catalog_version')
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', 1)
    .execute();
}

export function toVariant(row: CatalogVariantRow) {
  return {
    id: Number(row.id),
    name: row.name,
    printArea: { widthMm: Number(row.width_mm), lengthMm: Number(row.length_mm) },
    placement: JSON.parse(row.placement) as CatalogPlacement,
    active: row.active === 1,
  };
}

/** The whole catalogue, retired entries included, in the owner's order, with its version. */
export async function loadCatalog(db: DbOrTrx): Promise<LiveCatalog> {
  const [version, types, variants, colors, fonts] = await Promise.all([
    db.selectFrom('catalog_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('catalog_product_types').selectAll().orderBy('position').execute(),
    db.selectFrom('catalog_variants').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('catalog_colors').selectAll().orderBy('position').execute(),
    db.selectFrom('catalog_fonts').selectAll().orderBy('position').execute(),
  ]);
  const productTypes: CatalogProductType[] = types.map((type) => ({
    id: type.id as ProductTypeId,
    name: type.name,
    priceCents: Number(type.price_cents),
    compareAtCents: type.compare_at_cents === null ? null : Number(type.compare_at_cents),
    variants: variants.filter((variant) => variant.product_type === type.id).map(toVariant),
  }));
  return {
    version: String(version.version),
    productTypes,
    colors: colors.map((color) => ({ name: color.name, hex: color.hex, active: color.active === 1 })),
    fonts: fonts.map((font) => ({ name: font.name as FontName, active: font.active === 1 })),
  };
}

export function findVariantById(db: DbOrTrx, id: number) {
  return db.selectFrom('catalog_variants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A variant of that name in any product type, compared without case (an order line names its variant). */
export function findVariantByName(db: DbOrTrx, name: string) {
  return db
    .selectFrom('catalog_variants')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function insertVariant(
  trx: Trx,
  variant: { productType: string; name: string; widthMm: number; lengthMm: number; placement: string },
): Promise<CatalogVariantRow> {
  const last = await trx.selectFrom('catalog_variants').select(sql<number>`coalesce(max(position), 0)`.as('position')).executeTakeFirstOrThrow();
  return trx
    .insertInto('catalog_variants')
    .values({
      product_type: variant.productType,
      name: variant.name,
      width_mm: variant.widthMm,
      length_mm: variant.lengthMm,
      placement: variant.placement,
      active: 1,
      position: Number(last.position) + 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateVariant(
  trx: Trx,
  id: number,
  change: { active?: boolean; widthMm?: number; lengthMm?: number; placement?: CatalogPlacement },
): Promise<void> {
  await trx
    .updateTable('catalog_variants')
    .set({
      ...(change.active === undefined ? {} : { active: change.active ? 1 : 0 }),
      ...(change.widthMm === undefined ? {} : { width_mm: change.widthMm }),
      ...(change.lengthMm === undefined ? {} : { length_mm: change.lengthMm }),
      ...(change.placement === undefined ? {} : { placement: JSON.stringify(change.placement) }),
    })
    .where('id', '=', id)
    .execute();
}

export function findProductTypeRow(db: DbOrTrx, id: string) {
  return db.selectFrom('catalog_product_types').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateProductType(trx: Trx, id: string, change: { priceCents: number; compareAtCents: number | null }): Promise<void> {
  await trx.updateTable('catalog_product_types').set({ price_cents: change.priceCents, compare_at_cents: change.compareAtCents }).where('id', '=', id).execute();
}

export function findColor(db: DbOrTrx, name: string) {
  return db
    .selectFrom('catalog_colors')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

export async function insertColor(trx: Trx, color: { name: string; hex: string }): Promise<void> {
  const last = await trx.selectFrom('catalog_colors').select(sql<number>`coalesce(max(position), 0)`.as('position')).executeTakeFirstOrThrow();
  await trx.insertInto('catalog_colors').values({ name: color.name, hex: color.hex, active: 1, position: Number(last.position) + 1 }).execute();
}

export async function updateColor(trx: Trx, name: string, change: { active?: boolean; hex?: string }): Promise<void> {
  await trx
    .updateTable('catalog_colors')
    .set({ ...(change.active === undefined ? {} : { active: change.active ? 1 : 0 }), ...(change.hex === undefined ? {} : { hex: change.hex }) })
    .where('name', '=', name)
    .execute();
}

export function findFont(db: DbOrTrx, name: string) {
  return db.selectFrom('catalog_fonts').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function updateFont(trx: Trx, name: string, active: boolean): Promise<void> {
  await trx.updateTable('catalog_fonts').set({ active: active ? 1 : 0 }).where('name', '=', name).execute();
}
