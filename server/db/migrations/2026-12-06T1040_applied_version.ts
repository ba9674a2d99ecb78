import type { Kysely } from 'kysely';

/**
 * `applied_mutations.applied_version`: the order version a sync mutation left behind, so a replay
 * is answered with it (design.md §4) and the tablet rebases its later changes onto its own version,
 * never onto another device's newer one. Rows written before this migration have none (null): their
 * replays are answered without a version and the tablet rebases nothing onto them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applied_mutations').addColumn('applied_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applied_mutations').dropColumn('applied_version').execute();
}
