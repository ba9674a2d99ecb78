import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Backups and restores (server/backups/):
 * - `backup_runs`: each backup attempt, by the running shop or `npm run backup`, with its file or
 *   its error: what the admin's Overview and /api/health report.
 * - `restores`: written by `npm run restore` into the restored database; the payments reconciliation
 *   rebuilds the orders of payments made after the backup, then marks it done.
 * - `test_gateway_intents.metadata`: the built-in test gateway keeps an intent's metadata as Stripe
 *   does, so the rebuild works the same with either gateway.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = isPostgres(db) ? 'bigint' : 'integer';
  const identity = (c: any) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', id, identity)
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('file', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('trigger', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('backup_runs_ok_idx').on('backup_runs').columns(['ok', 'id']).execute();
  await db.schema
    .createTable('restores')
    .addColumn('id', id, identity)
    .addColumn('restored_at', 'bigint', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('rebuild_since', 'bigint', (c) => c.notNull())
    .addColumn('rebuilt_at', 'bigint')
    .addColumn('rebuilt_orders', 'integer')
    .execute();
  await db.schema.alterTable('test_gateway_intents').addColumn('metadata', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_gateway_intents').dropColumn('metadata').execute();
  await db.schema.dropTable('restores').execute();
  await db.schema.dropTable('backup_runs').execute();
}
