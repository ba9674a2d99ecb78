import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { insertRow, precompile } from './precompiled';
import type { Database } from './schema';

const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
afterAll(() => db.destroy());

async function freshCounters() {
  await db.schema.dropTable('change_counters').ifExists().execute();
  await db.schema.createTable('change_counters').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('value', 'integer', (c) => c.notNull()).execute();
}

describe('precompiled queries', () => {
  it('put each call’s arguments where the builder used them and keep the query’s own constants', async () => {
    await freshCounters();
    await db.insertInto('change_counters').values([{ name: 'a', value: 1 }, { name: 'b', value: 10 }]).execute();
    // The constant 5 sits between the two arguments among the compiled parameters.
    const bump = precompile(2, (qb, by: number, name: string) =>
      qb.updateTable('change_counters').set((eb) => ({ value: eb(eb('value', '+', by), '+', 5) })).where('name', '=', name).returning('value'),
    );
    expect(await bump.first(db, 2, 'b')).toEqual({ value: 17 });
    expect(await bump.first(db, 100, 'a')).toEqual({ value: 106 });
    expect(await bump.first(db, 1, 'missing')).toBeUndefined();
    const both = precompile(2, (qb, low: number, high: number) => qb.selectFrom('change_counters').select('name').where('value', '>=', low).where('value', '<=', high).orderBy('name'));
    expect(await both.rows(db, 0, 200)).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(await both.rows(db, 107, 200)).toEqual([]);
  });

  it('refuse a query that does not use every argument as a plain parameter', async () => {
    const unused = precompile(2, (qb, name: string, _ignored: string) => qb.selectFrom('change_counters').selectAll().where('name', '=', name));
    await expect(unused.rows(db, 'a', 'b')).rejects.toThrow(/uses 1 of its 2 arguments/);
  });

  it('insert single rows, skipping a conflicting one only when asked', async () => {
    await freshCounters();
    expect(await insertRow(db, 'change_counters', { name: 'orders', value: 1 })).toBe(true);
    expect(await insertRow(db, 'change_counters', { name: 'orders', value: 2 }, { ignoreConflict: true })).toBe(false);
    await expect(insertRow(db, 'change_counters', { name: 'orders', value: 3 })).rejects.toThrow(/UNIQUE/);
    expect(await insertRow(db, 'change_counters', { value: 4, name: 'other' })).toBe(true);
    expect(await db.selectFrom('change_counters').selectAll().orderBy('name').execute()).toEqual([
      { name: 'orders', value: 1 },
      { name: 'other', value: 4 },
    ]);
  });
});
