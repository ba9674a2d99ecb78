import type { Kysely } from 'kysely';
import { catalogSeed } from '../catalog.seed';
import { autoIncrementPrimaryKey } from '../dialect';

/**
 * The catalogue in the database (design.md §9, docs/decisions.md), seeded from the lists
 * shared/catalog.ts held; and the catalogue facts an order line keeps (its print area, colour hex,
 * placement guide), so a later edit changes no placed order. Older lines keep null: their print
 * files follow the catalogue as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalog_product_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('compare_at_cents', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalog_variants')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('product_type', 'text', (c) => c.notNull().references('catalog_product_types.id'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('width_mm', 'double precision', (c) => c.notNull())
    .addColumn('length_mm', 'double precision', (c) => c.notNull())
    .addColumn('placement', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalog_colors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('hex', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalog_fonts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  const seed = catalogSeed();
  await db.insertInto('catalog_product_types').values(seed.productTypes).execute();
  await db
    .insertInto('catalog_variants')
    .values(seed.variants.map((v, position) => ({ product_type: v.productType, name: v.name, width_mm: v.widthMm, length_mm: v.lengthMm, placement: v.placement, active: 1, position })))
    .execute();
  await db.insertInto('catalog_colors').values(seed.colors).execute();
  await db.insertInto('catalog_fonts').values(seed.fonts).execute();
  await db.insertInto('catalog_version').values({ id: 1, version: 1 }).execute();

  for (const [column, type] of [
    ['print_width_mm', 'double precision'],
    ['print_length_mm', 'double precision'],
    ['color_hex', 'text'],
    ['placement_guide', 'text'],
  ] as const) {
    await db.schema.alterTable('order_items').addColumn(column, type).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['print_width_mm', 'print_length_mm', 'color_hex', 'placement_guide']) {
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  }
  for (const table of ['catalog_version', 'catalog_fonts', 'catalog_colors', 'catalog_variants', 'catalog_product_types']) {
    await db.schema.dropTable(table).execute();
  }
}
