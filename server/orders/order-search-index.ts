import { CompiledQuery, sql, type DatabaseConnection, type RawBuilder } from 'kysely';

/**
 * SQLite's trigram search index over orders.search_text (migrations T1800 and 2026-11-22T0100) is
 * filled at commit rather than by an insert trigger: FTS5 writes its pending terms out at the start
 * of every later statement of the transaction that may need a statement rollback, so a trigger made
 * each order write, and later merge, an index segment of its own, the largest single cost of a
 * checkout. One INSERT … SELECT indexes many new orders at once.
 *
 * `orders_search_state.indexed_rowid` is the highest orders.rowid in the index. Every SQLite
 * transaction runs this before COMMIT (server/db/sqlite-connection.ts), and indexes the new orders
 * once SEARCH_INDEX_BATCH of them wait: one larger insert costs less per order than one per
 * checkout. Searches cover the rows above the mark by reading
 * them (`searchMatches`), so an order is found from its commit on. Orders are not deleted; the
 * delete trigger keeps the mark right if one is.
 */
const INDEX_NEW_ORDERS = CompiledQuery.raw(
  'insert into orders_search(rowid, search_text) select rowid, search_text from orders where rowid > (select indexed_rowid from orders_search_state)',
);
/** How many new orders may wait outside the index (searches read them) before they go in at once. */
export const SEARCH_INDEX_BATCH = 128;
const WAITING = CompiledQuery.raw('select (select max(rowid) from orders) - indexed_rowid as waiting from orders_search_state');
const MOVE_MARK = CompiledQuery.raw('update orders_search_state set indexed_rowid = (select max(rowid) from orders)');
const STATE_EXISTS = CompiledQuery.raw("select 1 as found from sqlite_master where type = 'table' and name = 'orders_search_state'");

/** Connections whose database has the state table (it comes with a migration; a down migration removes it). */
const ready = new WeakSet<DatabaseConnection>();

export async function indexNewOrdersForSearch(connection: DatabaseConnection): Promise<void> {
  if (!ready.has(connection)) {
    if ((await connection.executeQuery(STATE_EXISTS)).rows.length === 0) return;
    ready.add(connection);
  }
  let indexed: bigint | undefined;
  try {
    const waiting = (await connection.executeQuery<{ waiting: number | null }>(WAITING)).rows[0]?.waiting ?? 0;
    if (waiting < SEARCH_INDEX_BATCH) return;
    indexed = (await connection.executeQuery(INDEX_NEW_ORDERS)).numAffectedRows;
  } catch (error) {
    // Migrated down past the state table (its own transaction is committing): nothing to index.
    if (!/no such table: orders_search_state/.test(String((error as Error).message))) throw error;
    ready.delete(connection);
    return;
  }
  if (indexed) await connection.executeQuery(MOVE_MARK);
}

/**
 * WHERE clause: the order's search_text contains `pattern` (a LIKE pattern without escapes),
 * answered from the trigram index plus the rows not indexed yet (fewer than SEARCH_INDEX_BATCH
 * but for a moment, read by rowid).
 */
export function searchMatches(pattern: string): RawBuilder<boolean> {
  return sql<boolean>`orders.rowid in (
    select rowid from orders_search where search_text like ${pattern}
    union all
    select rowid from orders where rowid > (select indexed_rowid from orders_search_state) and search_text like ${pattern}
  )`;
}
