import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Per-client rate limits shared by every server process on PostgreSQL (design.md §8): the table
 * rate-limiter-flexible's RateLimiterPostgres keeps its counters in (its own layout: key, points,
 * expire in epoch ms), created here rather than by the library at start-up, so that several
 * processes starting at once do not race to create it. SQLite is one process: its limits stay in
 * memory (server/limits/rate-limit.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table if not exists rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop table if exists rate_limits`.execute(db);
}
