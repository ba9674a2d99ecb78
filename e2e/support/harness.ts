import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { startE2eServer, type E2eServer } from './server';

export interface E2eHarness {
  readonly server: E2eServer;
  readonly browser: Browser;
}

/**
 * The real server (fresh database, built app) and Chromium, started once before a test file's
 * tests and stopped after them. `env` configures the server (admin bootstrap, …).
 */
export function useServerAndBrowser(env: Record<string, string> = {}): E2eHarness {
  const harness = {} as { server: E2eServer; browser: Browser };
  beforeAll(async () => {
    harness.server = await startE2eServer(env);
    harness.browser = await launchChromium();
  });
  afterAll(async () => {
    await harness.browser?.close();
    await harness.server?.close();
  });
  return harness;
}
