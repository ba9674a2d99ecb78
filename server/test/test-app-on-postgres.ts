import { afterAll, beforeAll } from 'vitest';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';
import { startTestApp, type TestApp } from './test-app';

/**
 * The real server on a throwaway PostgreSQL cluster of its own, for a test file that runs in the
 * SQLite project too or that stops or breaks its database: started before the file's tests, the app
 * then the cluster ended after them. Read `t` and `cluster` inside the tests.
 */
export function useTestAppOnOwnPostgres(): { readonly t: TestApp; readonly cluster: TemporaryPostgres } {
  let started: { t: TestApp; cluster: TemporaryPostgres } | undefined;
  beforeAll(async () => {
    const cluster = await startTemporaryPostgres();
    started = { cluster, t: await startTestApp({ DATABASE_URL: await cluster.createDatabase() }) };
  }, 60_000);
  afterAll(async () => {
    await started?.t.close();
    await started?.cluster.stop();
  }, 30_000);
  return {
    get t() {
      return started!.t;
    },
    get cluster() {
      return started!.cluster;
    },
  };
}
