import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The cheapest round trip to the database. */
export async function readHealthProbe(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** A real, durable write: fails when the disk is full, the file read-only or the lock held past the bound. */
export async function writeHealthProbe(db: Db, now: number): Promise<void> {
  await db
    .insertInto('health_probe')
    .values({ id: 1, checked_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now }))
    .execute();
}
