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
