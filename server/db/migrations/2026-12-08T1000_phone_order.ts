import type { Kysely } from 'kysely';

/**
 * The phone list opens on the spec's first model (spec.md §3, design.md §3: "iPhone 14 Pro Max",
 * …), with the two models the copy names after the spec's eight. The catalogue was seeded with
 * those two first, so the designer opened on the iPhone 15 Pro Max once the catalogue arrived,
 * after drawing its first frame on the built-in list's iPhone 14 Pro Max. Rows are only renumbered
 * while the phones still stand in the seeded order; the names are written out here so this
 * migration does the same thing whenever it runs.
 */
const SEEDED_ORDER = [
  'iPhone 15 Pro Max',
  'iPhone 16 Pro',
  'iPhone 14 Pro Max',
  'iPhone 14 Pro',
  'iPhone 14',
  'iPhone 13 Pro Max',
  'iPhone 13 Pro',
  'iPhone 13',
  'Samsung Galaxy S23',
  'Samsung Galaxy S22',
];
const SPEC_ORDER = [...SEEDED_ORDER.slice(2), ...SEEDED_ORDER.slice(0, 2)];

export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; name: string; position: number }[] = await db
    .selectFrom('catalog_variants')
    .select(['id', 'name', 'position'])
    .where('product_type', '=', 'phone-case')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const seeded = rows.slice(0, SEEDED_ORDER.length);
  if (seeded.length !== SEEDED_ORDER.length || seeded.some((row, i) => row.name !== SEEDED_ORDER[i])) return;
  const positions = seeded.map((row) => Number(row.position));
  for (const [i, name] of SPEC_ORDER.entries()) {
    await db.updateTable('catalog_variants').set({ position: positions[i]! }).where('id', '=', seeded.find((row) => row.name === name)!.id).execute();
  }
  await db.updateTable('catalog_version').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
}

export async function down(): Promise<void> {
  // The order is a presentation choice: going back leaves it as it is.
}
