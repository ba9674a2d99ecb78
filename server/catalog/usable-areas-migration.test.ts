import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../db/migrations/2026-12-07T1020_usable_areas';
import { startTestApp, type TestApp } from '../test/test-app';

/** The migration to usable areas changes the areas still as seeded, and keeps the owner's own. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const areaOf = async (name: string) =>
  t.app.context.db.selectFrom('catalog_variants').select(['width_mm', 'length_mm']).where('name', '=', name).executeTakeFirstOrThrow();

describe('migration 2026-12-07T1020_usable_areas', () => {
  it('moves a variant still at its seeded area to its usable area, leaves an edited one, and bumps the catalogue version', async () => {
    const db = t.app.context.db;
    // As a database migrated before the usable areas holds them: the seeded 68 × 140 mm and 40 × 110 mm.
    await db.updateTable('catalog_variants').set({ width_mm: 68, length_mm: 140 }).where('name', 'in', ['Samsung Galaxy S22', 'iPhone 14 Pro Max']).execute();
    await db.updateTable('catalog_variants').set({ width_mm: 40, length_mm: 110 }).where('name', '=', 'Standard Glass').execute();
    await db.updateTable('catalog_variants').set({ width_mm: 66, length_mm: 120 }).where('name', '=', 'iPhone 13').execute();
    const before = await db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow();

    await up(db);

    expect(await areaOf('Samsung Galaxy S22')).toEqual({ width_mm: 62.6, length_mm: 82 });
    expect(await areaOf('iPhone 14 Pro Max')).toEqual({ width_mm: 69.6, length_mm: 108.7 });
    expect(await areaOf('Standard Glass')).toEqual({ width_mm: 40, length_mm: 100 });
    expect(await areaOf('iPhone 13')).toEqual({ width_mm: 66, length_mm: 120 });
    const after = await db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow();
    expect(Number(after.version)).toBe(Number(before.version) + 1);
  });
});
