import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MMAP_BYTES, openSqliteConnection, PAGE_CACHE_KIB } from './sqlite-connection';

/** The settings every SQLite connection of the shop opens with: durability and a large file's pace. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a SQLite connection of the shop', () => {
  it('opens in WAL mode with synchronous=FULL, the default checkpoint bound, 128 MiB of page cache and a 2 GB memory map', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-connection-'));
    dirs.push(dir);
    const db = openSqliteConnection(path.join(dir, 'shop.db'));
    try {
      const setting = async (name: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0]!)[0];
      expect(await setting('journal_mode')).toBe('wal');
      // 2 = FULL: every commit is on disk before the checkout is answered.
      expect(await setting('synchronous')).toBe(2);
      expect(await setting('cache_size')).toBe(-PAGE_CACHE_KIB);
      expect(PAGE_CACHE_KIB).toBe(128 * 1024);
      expect(await setting('mmap_size')).toBe(MMAP_BYTES);
      expect(MMAP_BYTES).toBeGreaterThanOrEqual(2 * 1000 ** 3);
      // SQLite checkpoints the WAL itself, at its default bound.
      expect(await setting('wal_autocheckpoint')).toBe(1000);
    } finally {
      await db.destroy();
    }
  });

  it('answers a query it has answered before with the columns a later ALTER TABLE added', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-connection-'));
    dirs.push(dir);
    const db = openSqliteConnection(path.join(dir, 'shop.db'));
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(db);
      await sql`insert into notes (body) values ('a')`.execute(db);
      const notes = db as unknown as Kysely<{ notes: { id: number; body: string } }>;
      const all = () => notes.selectFrom('notes').selectAll().orderBy('id').execute();
      expect(await all()).toEqual([{ id: 1, body: 'a' }]);
      await sql`alter table notes add column author text`.execute(db);
      await sql`update notes set author = 'x'`.execute(db);
      expect(await all()).toEqual([{ id: 1, body: 'a', author: 'x' }]);
    } finally {
      await db.destroy();
    }
  });
});
