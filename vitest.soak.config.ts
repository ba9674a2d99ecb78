import { defineConfig } from 'vitest/config';

/**
 * `npm run test:soak`: the hardening tests with longer runs (set by the script's environment), and
 * the soak-only tests (`*.soak.ts`) that need more than the normal suite may assume (root for a tmpfs).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['server/http/hostile-input.test.ts', 'server/payments/crash-under-load.test.ts', 'web/admin-data/flaky-network.test.ts', 'server/**/*.soak.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
