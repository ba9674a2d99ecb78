import { defineConfig } from 'vitest/config';

/**
 * `npm run test:soak`: the hardening tests with longer runs (set by the script's environment), and
 * the soak-only tests (`*.soak.ts`) that need more than the normal suite may assume (root for a tmpfs).
 * The hostile client: spoofed X-Forwarded-For behind nginx, keep-alive clients through a
 * SIGTERM, and NUL/surrogate fuzzing of the checkout on PostgreSQL (`soak-pg`).
 */
const soak = { environment: 'node', testTimeout: 600_000, hookTimeout: 120_000, fileParallelism: false } as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...soak,
          name: 'soak',
          include: [
            'server/http/hostile-input.test.ts',
            'server/payments/crash-under-load.test.ts',
            'web/sync/flaky-network.test.ts',
            'web/sync/lost-answer.property.test.ts',
            'server/http/behind-nginx.sqlite.test.ts',
            'server/http/graceful-stop.sqlite.test.ts',
            'server/**/*.soak.ts',
            'web/**/*.soak.ts',
          ],
        },
      },
      {
        test: {
          ...soak,
          name: 'soak-pg',
          include: ['server/payments/unstorable-text.fuzz.test.ts'],
          env: { SHOP_TEST_DATABASE: 'postgres' },
          globalSetup: ['server/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
