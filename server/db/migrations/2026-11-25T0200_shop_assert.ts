import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * `shop_assert(ok, message)`: raises `message` unless `ok`, so one statement that is its own
 * transaction can check what its first part changed and be undone whole otherwise
 * (the PostgreSQL batch writer of the time). PostgreSQL only; dropped by 2026-11-28T0100.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function shop_assert(ok boolean, message text) returns boolean language plpgsql as $$
begin
  if ok is not true then
    raise exception '%', message using errcode = 'P0001';
  end if;
  return true;
end
$$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists shop_assert(boolean, text)`.execute(db);
}
