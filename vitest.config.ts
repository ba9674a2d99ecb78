import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // vitest's default on 2 cores is one file at a time (cores - 1), but most test time is spent
    // waiting (SMTP polls, child processes starting, PostgreSQL, timers), not computing: four files at
    // once keep both cores busy (docs/benchmarks.md).
    maxWorkers: 4,
    // Each file imports the app afresh when isolated; the tests share no module state that matters
    // (no module mocks; a stubbed global is restored; each server test starts its own app and
    // database), so a worker keeps its imports: a third less CPU (isolate: false below, test-suite.md).
    projects: [
      {
        test: {
          name: 'node',
          isolate: false,
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The same server tests on PostgreSQL: each test app gets a fresh database on one throwaway
        // cluster (server/test/test-app.ts). A file's name says where else it runs:
        // `*.sqlite.test.ts` tests SQLite itself (its file, FTS5, crashes of a file),
        // `*.postgres.test.ts` starts its own cluster, `*.unit.test.ts` opens no database; these run
        // once, in the node project.
        test: {
          name: 'node-pg',
          isolate: false,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.sqlite.test.ts', 'server/**/*.postgres.test.ts', 'server/**/*.unit.test.ts'],
          env: { SHOP_TEST_DATABASE: 'postgres' },
          globalSetup: ['server/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          isolate: false,
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
