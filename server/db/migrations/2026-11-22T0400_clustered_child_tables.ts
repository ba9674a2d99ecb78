import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * SQLite only: order items, order history and the test gateway's ledger become WITHOUT ROWID
 * tables, stored in the order of their primary key. A rowid table with a text or composite primary
 * key keeps that key in a second b-tree, so every checkout wrote four index entries, and their
 * pages, that said nothing new (6-10 % of the checkout writer's work per order,
 * measured on the checkout). Their rows are small, as WITHOUT ROWID asks, and no query uses
 * their rowid. The ledger's `create_key` is unique only where it is set: in-transaction charges
 * leave it empty and no longer add an entry for nothing to the index.
 * PostgreSQL tables have no rowid: nothing to do there.
 */
const TABLES = ['order_items', 'order_history', 'test_gateway_intents'] as const;
const CREATE_KEY_COLUMN = '"create_key" text unique';
const CREATE_KEY_INDEX = 'CREATE UNIQUE INDEX "test_gateway_intents_create_key_idx" ON "test_gateway_intents" ("create_key") WHERE "create_key" IS NOT NULL';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of TABLES) {
    await rebuild(db, table, (definition) => {
      const clustered = `${definition} WITHOUT ROWID`;
      return table === 'test_gateway_intents' ? replaceOnce(clustered, CREATE_KEY_COLUMN, '"create_key" text') : clustered;
    });
  }
  await sql.raw(CREATE_KEY_INDEX).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of TABLES) {
    await rebuild(db, table, (definition) => {
      const withRowid = replaceOnce(definition, ' WITHOUT ROWID', '');
      return table === 'test_gateway_intents' ? replaceOnce(withRowid, '"create_key" text', CREATE_KEY_COLUMN) : withRowid;
    });
  }
}

/**
 * Recreates `table` from its own definition as `reshape` changes it, with its rows and its
 * secondary indexes (SQLite cannot change a table's storage in place). The column list stays the
 * same, so rows copy over as they are.
 */
async function rebuild(db: Kysely<any>, table: string, reshape: (definition: string) => string): Promise<void> {
  const { rows: tables } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const { rows: indexes } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const definition = tables[0]?.sql;
  if (!definition) throw new Error(`No table ${table} to rebuild`);
  const rebuilt = `${table}_rebuilt`;
  await sql.raw(replaceOnce(reshape(definition), `CREATE TABLE "${table}"`, `CREATE TABLE "${rebuilt}"`)).execute(db);
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) {
    // The ledger's partial create_key index belongs to this migration's up; down goes back to the column's unique.
    if (index.name === 'test_gateway_intents_create_key_idx') continue;
    await sql.raw(index.sql).execute(db);
  }
}

/** Replaces the one occurrence of `from`; a definition that does not have it exactly once is not the one this migration knows. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`Unexpected table definition: ${text}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
