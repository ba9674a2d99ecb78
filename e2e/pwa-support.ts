/** Helpers for the PWA browser tests (e2e/pwa*.e2e.ts). */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/config';

/** Waits until the service worker is active and controls the page (first install claims it). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

/** Polls the product-list cache until the worker has stored all three lists. */
export async function waitForProductCache(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const cache = await caches.open('api-products-v1');
    return (await cache.keys()).length >= 3;
  });
}

/**
 * The browser knows it is offline, so the cached shop opens at once with the offline banner:
 * no Connection Issue screen and no Retries (those stay for a server that does not
 * answer while the browser is online, e2e/shop.e2e.ts).
 */
export async function expectOfflineStart(page: Page): Promise<void> {
  await page.getByText('Offline mode: you can design and fill your cart; checkout needs a connection.').waitFor({ timeout: 20_000 });
  if (await page.getByRole('heading', { name: 'Connection Issue' }).count()) throw new Error('The offline start showed the Connection Issue screen');
}

/** What a same-origin fetch from the page gets: status and content type, or 'network-error'. */
export async function fetchFromPage(page: Page, path: string): Promise<{ status: number; type: string; body: string } | 'network-error'> {
  return page.evaluate(async (url) => {
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json, text/html' } });
      return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
    } catch {
      return 'network-error' as const;
    }
  }, path);
}

/** Builds the web app into `outDir` with a build marker (VITE_BUILD_ID), as a later deploy would. */
export function buildWebApp(outDir: string, buildId: string): void {
  execSync(`npx vite build --logLevel error --outDir ${JSON.stringify(outDir)} --emptyOutDir`, {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', VITE_BUILD_ID: buildId },
  });
}

/** The real server on a given port (same origin as an earlier server), serving `distDir`. */
export async function startServerOnPort(port: number, distDir: string, env: Record<string, string> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pwa-'));
  const app = await createApp(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${path.join(dir, 'shop.db')}`, WEB_DIST_DIR: distDir, ...env }));
  const url = await app.listen(port, '127.0.0.1');
  return {
    url,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Fires the service worker's Background Sync event through DevTools, as the browser would when the
 * network returns; `devtoolsPage` is a tab without app code, so only the service worker can act.
 */
export async function dispatchBackgroundSync(context: BrowserContext, devtoolsPage: Page, origin: string, tag: string): Promise<void> {
  const cdp = await context.newCDPSession(devtoolsPage);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registrationId, tag, lastChance: false });
}
