/**
 * Updates after a deploy: a page running the previous build under its service worker is
 * offered 'A new version is available' and, after Reload, runs the new build; a page without a
 * service worker whose lazy chunks vanished reloads into the new build instead of breaking.
 * The second build lives in a temp dir and is served on the same origin (same port).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { buildWebApp, startServerOnPort, waitForServiceWorkerControl } from './pwa-support';

const OLD_BUILD = 'pwa-e2e-old';
const NEW_BUILD = 'pwa-e2e-new';
let tmp: string;
let browser: Browser;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pwa-dist-'));
  buildWebApp(path.join(tmp, 'old'), OLD_BUILD);
  buildWebApp(path.join(tmp, 'new'), NEW_BUILD);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const buildOf = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.dataset.build);

it('offers the new version to a page with the old service worker and runs it after Reload', async () => {
  let server = await startServerOnPort(0, path.join(tmp, 'old'));
  const port = Number(new URL(server.url).port);
  const context = await browser.newContext();
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/faq`);
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await waitForServiceWorkerControl(page);
    expect(await buildOf(page)).toBe(OLD_BUILD);

    // Deploy: the old build's files are gone, the new one answers on the same origin.
    await server.close();
    server = await startServerOnPort(port, path.join(tmp, 'new'));

    // The next visit is still the old version, from the precache, and learns of the update.
    await page.reload();
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    expect(await buildOf(page)).toBe(OLD_BUILD);
    const prompt = page.getByRole('alert').filter({ hasText: 'A new version is available' });
    await prompt.waitFor();
    // The old version keeps working while the prompt waits: its lazy routes are still cached.
    await page.getByRole('link', { name: 'How It Works' }).first().click();
    await page.waitForURL(/\/how-it-works$/);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => buildOf(page).catch(() => undefined), { timeout: 30_000 }).toBe(NEW_BUILD);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('A new version is available').count()).toBe(0);
    // The outdated precache entries are gone once the new worker is active.
    const cachedOld = await page.evaluate(async () => {
      const keys = await caches.keys();
      const precache = await caches.open(keys.find((k) => k.startsWith('workbox-precache'))!);
      return (await precache.keys()).length;
    });
    const newFiles = fs.readdirSync(path.join(tmp, 'new', 'assets')).filter((f) => /\.(js|css|woff2?)$/.test(f)).length;
    expect(cachedOld).toBeLessThanOrEqual(newFiles + 8);
  } finally {
    await context.close();
    await server.close();
  }
}, 120_000); // several 30 s waits: a stuck step should fail with its own message, not the test's timeout

it('moves every open tab to the new version when one of them accepts the update', async () => {
  let server = await startServerOnPort(0, path.join(tmp, 'old'));
  const port = Number(new URL(server.url).port);
  const context = await browser.newContext();
  context.setDefaultTimeout(30_000);
  try {
    const first = await context.newPage();
    await first.goto(`${server.url}/faq`);
    await waitForServiceWorkerControl(first);
    const second = await context.newPage();
    await second.goto(`${server.url}/how-it-works`);
    await waitForServiceWorkerControl(second);

    await server.close();
    server = await startServerOnPort(port, path.join(tmp, 'new'));
    await first.reload();
    const prompt = (page: typeof first) => page.getByRole('alert').filter({ hasText: 'A new version is available' });
    await prompt(first).waitFor();
    await second.reload();
    await prompt(second).waitFor();
    expect(await buildOf(second)).toBe(OLD_BUILD);

    // Accepting in the first tab activates the new worker for both; the second reloads by itself.
    await prompt(first).getByRole('button', { name: 'Reload' }).click();
    for (const page of [first, second]) {
      await expect.poll(() => buildOf(page).catch(() => undefined), { timeout: 30_000 }).toBe(NEW_BUILD);
    }
    expect(await second.getByText('A new version is available').count()).toBe(0);
  } finally {
    await context.close();
    await server.close();
  }
}, 120_000);

it('reloads once into the new build when a lazy route chunk of the old build is gone (no service worker)', async () => {
  let server = await startServerOnPort(0, path.join(tmp, 'old'));
  const port = Number(new URL(server.url).port);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'FAQ' }).first().waitFor();
    expect(await buildOf(page)).toBe(OLD_BUILD);

    await server.close();
    server = await startServerOnPort(port, path.join(tmp, 'new'));

    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    expect(await buildOf(page)).toBe(NEW_BUILD);
  } finally {
    await context.close();
    await server.close();
  }
});
