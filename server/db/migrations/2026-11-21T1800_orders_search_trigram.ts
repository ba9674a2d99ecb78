import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * SQLite only: a trigram full-text index over orders.search_text, kept by triggers. FTS5's trigram
 * tokenizer answers `LIKE '%term%'` from the index for terms of 3+ characters, so a search inside a
 * status holding most orders (delivered, after a year) no longer scans that status's rows.
 * PostgreSQL keeps the plain LIKE (pg_trgm would need an extension the deployment may not allow).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`CREATE VIRTUAL TABLE orders_search USING fts5(search_text, content='orders', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`INSERT INTO orders_search(orders_search) VALUES ('rebuild')`.execute(db);
  await createSearchTriggers(db);
}

/** The index's insert, delete and update triggers (also restored by 2026-11-22T0100's down). */
export async function createSearchTriggers(db: Kysely<any>): Promise<void> {
  await sql`CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
    INSERT INTO orders_search(rowid, search_text) VALUES (new.rowid, new.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
    INSERT INTO orders_search(orders_search, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER orders_search_update AFTER UPDATE OF search_text ON orders BEGIN
    INSERT INTO orders_search(orders_search, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO orders_search(rowid, search_text) VALUES (new.rowid, new.search_text);
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['orders_search_insert', 'orders_search_delete', 'orders_search_update']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS orders_search`.execute(db);
}
