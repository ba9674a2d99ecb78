import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

/**
 * A temporary PostgreSQL cluster with one migrated database for a test file: started before its
 * tests, stopped after them. Read `database.db` inside tests (it is set in beforeAll).
 */
export function useMigratedPostgres(): { readonly db: Db } {
  let cluster: TemporaryPostgres | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    cluster = await startTemporaryPostgres();
    db = await openDatabase({ kind: 'postgres', url: await cluster.createDatabase() });
    await migrateToLatest(db);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await cluster?.stop();
  });
  return {
    get db() {
      if (!db) throw new Error('useMigratedPostgres: the database opens in beforeAll');
      return db;
    },
  };
}
