import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';
import { startTestApp, type TestApp } from './test-app';

/**
 * The real server on a throwaway PostgreSQL cluster of its own, for a test that runs in the SQLite
 * project too or that stops or breaks its database. `close` ends the app, then the cluster.
 */
export async function startTestAppOnOwnPostgres(): Promise<{ t: TestApp; cluster: TemporaryPostgres; close(): Promise<void> }> {
  const cluster = await startTemporaryPostgres();
  const t = await startTestApp({ DATABASE_URL: await cluster.createDatabase() });
  return {
    t,
    cluster,
    async close() {
      await t.close();
      await cluster.stop();
    },
  };
}
