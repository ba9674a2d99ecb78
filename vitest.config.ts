import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
