import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The admin search on PostgreSQL from an index: pg_trgm's GIN index over
 * orders.search_text answers `search_text LIKE '%term%'` for terms of three or more characters,
 * escapes included, where a plain B-tree cannot and every search scanned all orders. The
 * extension ships with PostgreSQL (contrib) and is offered by the managed services named in
 * docs/deploy.md; creating it needs a role allowed to (the database owner on PostgreSQL 13+, as
 * pg_trgm is a trusted extension). SQLite has its FTS5 trigram index (migration 2026-11-21T1800).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index if not exists orders_search_trgm_idx on orders using gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists orders_search_trgm_idx`.execute(db);
}
