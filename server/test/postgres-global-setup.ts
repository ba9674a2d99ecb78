import type { TestProject } from 'vitest/node';
import { startTemporaryPostgres } from './postgres';

/**
 * globalSetup of the `node-pg` vitest project: one throwaway PostgreSQL cluster for the whole run;
 * every test app then gets a fresh database on it (server/test/test-app.ts).
 */
export default async function setup(project: TestProject) {
  const cluster = await startTemporaryPostgres();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}
