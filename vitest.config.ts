import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // vitest's default on 2 cores is one file at a time (cores - 1), but most test time is spent
    // waiting (SMTP polls, child processes starting, PostgreSQL, timers), not computing: four files at
    // once keep both cores busy (docs/benchmarks/test-suite.md).
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
        // cluster (server/test/test-app.ts). Left out: tests of SQLite itself (its file, migrations,
        // FTS5 index, writer thread, group commit, locks, crashes of a file), tests that start their
        // own cluster, unit tests that open no database, and the one named below.
        test: {
          name: 'node-pg',
          isolate: false,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: [
            'server/db/clustered-tables-migration.test.ts',
            'server/payments/checkout-answer-migration.test.ts',
            'server/orders/order-search-tracking-migration.test.ts',
            'server/write-path/checkout-writer.test.ts',
            'server/write-path/wal-checkpointer.test.ts',
            'server/db/sqlite-connection.test.ts',
            'server/write-path/group-commit.test.ts',
            'server/payments/crash-recovery.test.ts',
            'server/orders/order-search-index.test.ts',
            'server/db/postgres.test.ts',
            'server/db/postgres-connection-loss.test.ts',
            'server/analytics/analytics.postgres.test.ts',
            'server/scale/multi-process.test.ts',
            'server/write-path/postgres-group-commit.test.ts',
            'server/write-path/batch-fallback.test.ts',
            'server/config.test.ts',
            'server/auth/password.test.ts',
            'server/idempotency/canonical-json.test.ts',
            'server/http/header-replay.test.ts',
            // SQLite's write batches only (PostgreSQL's stage their orders: postgres-group-commit.test.ts).
            'server/sync/change-seq-block.test.ts',
            'server/limits/rate-limit.test.ts',
            'server/limits/rate-limit.postgres.test.ts',
            'server/mail/mail-crash.test.ts',
            'server/payments/crash-under-load.test.ts',
            'server/db/lock-stall.test.ts',
            'server/analytics/analytics.trends.test.ts',
            // Moves the app's clock past a lockout; on PostgreSQL the shared limiter's expiry follows
            // the real clock (rate-limiter-flexible stores Date.now() + window), so the test cannot pass there.
            'server/auth/login-throttle.test.ts',
            'server/http/behind-nginx.sqlite.test.ts',
            'server/http/graceful-stop.sqlite.test.ts',
            'server/http/graceful-close.test.ts',
            'server/http/client-address.test.ts',
            'server/db/storage-full.sqlite.test.ts',
            'server/auth/shop-words-password.test.ts',
          ],
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
