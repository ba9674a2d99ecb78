import { PostgresAdapter, type ColumnDefinitionBuilder, type QueryExecutor } from 'kysely';

/** Any Kysely instance or transaction, whatever its tables (migrations use `Kysely<any>`). */
type AnyKysely = { getExecutor(): QueryExecutor };

export function isPostgres(db: AnyKysely): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key: identity on PostgreSQL, INTEGER PRIMARY KEY on SQLite. */
export function autoIncrementPrimaryKey(db: AnyKysely) {
  return (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

/**
 * `select … for update` on PostgreSQL, whose writers run side by side; SQLite has no row locks and
 * needs none, its write transactions running one at a time. Use as `query.$call(forUpdateOn(trx))`.
 */
export function forUpdateOn(db: AnyKysely) {
  return <Query extends { forUpdate(): Query }>(query: Query): Query => (isPostgres(db) ? query.forUpdate() : query);
}
