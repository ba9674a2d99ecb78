import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/** `cut_designs`: each design's cut outline and thin-feature measure, by design key (server/print-files/cut-jobs/cut-design.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cut_designs')
    .addColumn('design_key', 'text', (c) => c.primaryKey())
    .addColumn('box', 'text')
    .addColumn('outline', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('thin', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cut_designs').execute();
}
