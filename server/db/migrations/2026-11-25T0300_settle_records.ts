import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * `shop_settle_records(settlements json)`: gives the Stripe checkout's records their settled state
 * and Stripe's id, and returns the ids it changed (the PostgreSQL batch writer of the time; dropped by 2026-11-28T0100). It
 * lets the batch statement that calls it be a prepared statement, planned once per connection:
 * the statement itself then reads no table, so its generic plan cannot go stale as the table grows.
 * The function's own cached plan is made with sequential scans, hash and merge joins off, so it
 * finds each record by its key however small `payment_intents` was when it was planned (a plan
 * made while the table had a few rows would otherwise scan it whole for as long as it is kept).
 * PostgreSQL only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function shop_settle_records(settlements json) returns table(settled_id text) language plpgsql
set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  return query with settled as (
    update payment_intents p set id = r.gateway_id, status = r.status, order_id = r.order_id,
      answer_status = r.answer_status, answer_body = r.answer_body, request_hash = r.request_hash, updated_at = r.updated_at
    from json_to_recordset(settlements) as r(pending_id text, gateway_id text, status text, order_id text, answer_status int, answer_body text, request_hash text, updated_at bigint)
    where p.id = r.pending_id returning p.id
  ) select settled.id from settled;
end
$$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists shop_settle_records(json)`.execute(db);
}
