import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key: identity on PostgreSQL, INTEGER PRIMARY KEY on SQLite. */
export function autoIncrementPrimaryKey(db: Kysely<any>) {
  return (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}
