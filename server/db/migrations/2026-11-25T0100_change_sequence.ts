import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * PostgreSQL takes its change numbers from a sequence instead of the `change_counters` row (issue
 * 18: the row's lock, held through each commit's WAL flush, let one order-writing transaction of the
 * database commit at a time; server/orders/change-sequence.repository.ts). The sequence carries on
 * from the counter, so cursors the admins' tablets hold stay valid. SQLite keeps the counter row: it
 * writes one transaction at a time anyway. All server processes must run this code once it has run
 * (docs/deploy.md: upgrades stop every process first).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create sequence if not exists order_change_seq as bigint minvalue 1`.execute(db);
  await sql`select setval('order_change_seq', greatest(value, 1), value > 0) from change_counters where name = 'orders'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop sequence if exists order_change_seq`.execute(db);
}
