import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { createSearchTriggers } from './2026-11-21T1800_orders_search_trigram';

/**
 * SQLite only: new orders enter the trigram search index at commit, all of a transaction's orders
 * in one statement (server/orders/order-search-index.ts), instead of one by one from an insert
 * trigger. `orders_search_state.indexed_rowid` marks how far the index goes; the update and delete
 * triggers touch the index only for rows it already holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`CREATE TABLE orders_search_state (id INTEGER PRIMARY KEY CHECK (id = 1), indexed_rowid INTEGER NOT NULL)`.execute(db);
  // Every existing order was indexed by the insert trigger dropped here.
  await sql`INSERT INTO orders_search_state (id, indexed_rowid) SELECT 1, coalesce(max(rowid), 0) FROM orders`.execute(db);
  for (const trigger of ['orders_search_insert', 'orders_search_delete', 'orders_search_update']) {
    await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
  }
  await sql`CREATE TRIGGER orders_search_delete AFTER DELETE ON orders
    WHEN old.rowid <= (SELECT indexed_rowid FROM orders_search_state) BEGIN
    INSERT INTO orders_search(orders_search, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    -- A new order may take the rowid of a deleted last one: it must then count as not indexed yet.
    UPDATE orders_search_state SET indexed_rowid = old.rowid - 1 WHERE indexed_rowid = old.rowid;
  END`.execute(db);
  await sql`CREATE TRIGGER orders_search_update AFTER UPDATE OF search_text ON orders
    WHEN old.rowid <= (SELECT indexed_rowid FROM orders_search_state) BEGIN
    INSERT INTO orders_search(orders_search, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO orders_search(rowid, search_text) VALUES (new.rowid, new.search_text);
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`INSERT INTO orders_search(rowid, search_text) SELECT rowid, search_text FROM orders WHERE rowid > (SELECT indexed_rowid FROM orders_search_state)`.execute(db);
  for (const trigger of ['orders_search_delete', 'orders_search_update']) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
  await sql`DROP TABLE orders_search_state`.execute(db);
  await createSearchTriggers(db);
}
