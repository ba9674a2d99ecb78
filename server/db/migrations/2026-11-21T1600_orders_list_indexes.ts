import type { Kysely } from 'kysely';

/**
 * Covering indexes for the admin order list, search and export (docs/benchmarks.md): the
 * newest-first order (created_at, id) with the lower-cased search text, so a search is checked on
 * index entries and only the 50 rows of a page are read from the table; with and without a
 * status filter. They start with the columns of the two core indexes they replace.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_status_list_idx').on('orders').columns(['status', 'created_at', 'id', 'search_text']).execute();
  await db.schema.createIndex('orders_list_idx').on('orders').columns(['created_at', 'id', 'search_text']).execute();
  await db.schema.dropIndex('orders_status_created_idx').ifExists().execute();
  await db.schema.dropIndex('orders_created_idx').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_created_idx').ifNotExists().on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created_idx').ifNotExists().on('orders').columns(['status', 'created_at']).execute();
  await db.schema.dropIndex('orders_list_idx').ifExists().execute();
  await db.schema.dropIndex('orders_status_list_idx').ifExists().execute();
}
