import type { Kysely } from 'kysely';

/**
 * Each variant's print area becomes its usable area: the part of the product a decal may occupy
 * (docs/decisions.md "Usable areas"). Phones: the back below the camera module, 4 mm clear of the
 * module and of the case's edges (the seeded placement already centres it there); the flute: its
 * bowl. Only rows still holding the
 * area they were seeded with change, so an area the owner set stays. The figures are written out
 * here, not read from shared/decal.ts, so this migration does the same thing whenever it runs.
 */
const SEEDED = {
  'phone-case': { width: 68, length: 140 },
  'champagne-glass': { width: 40, length: 110 },
} as const;

const USABLE: Record<string, { width: number; length: number }> = {
  'iPhone 16 Pro': { width: 63.5, length: 97.6 },
  'iPhone 15 Pro Max': { width: 68.7, length: 106.9 },
  'iPhone 14 Pro Max': { width: 69.6, length: 108.7 },
  'iPhone 14 Pro': { width: 63.5, length: 96.5 },
  'iPhone 14': { width: 63.5, length: 101.7 },
  'iPhone 13 Pro Max': { width: 70.1, length: 109.8 },
  'iPhone 13 Pro': { width: 63.5, length: 97.7 },
  'iPhone 13': { width: 63.5, length: 103.7 },
  'Samsung Galaxy S23': { width: 62.9, length: 92.3 },
  'Samsung Galaxy S22': { width: 62.6, length: 82 },
  'Standard Glass': { width: 40, length: 100 },
};

export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; product_type: string; name: string; width_mm: number; length_mm: number }[] = await db
    .selectFrom('catalog_variants')
    .select(['id', 'product_type', 'name', 'width_mm', 'length_mm'])
    .execute();
  let changed = 0;
  for (const row of rows) {
    const seeded = SEEDED[row.product_type as keyof typeof SEEDED];
    const usable = USABLE[row.name];
    if (!seeded || !usable || Number(row.width_mm) !== seeded.width || Number(row.length_mm) !== seeded.length) continue;
    await db
      .updateTable('catalog_variants')
      .set({ width_mm: usable.width, length_mm: usable.length })
      .where('id', '=', row.id)
      .execute();
    changed++;
  }
  if (changed) await db.updateTable('catalog_version').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
}

export async function down(): Promise<void> {
  // The areas stay: a shop rolled back keeps decals that fit.
}
