import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { startE2eServer, type E2eServer } from './support/server';

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('serves the built app on any client route, and JSON 404 under /api', async () => {
  const page = await browser.newPage();
  const response = await page.goto(`${server.url}/some/client/route`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root').count()).resolves.toBe(1);
  const api = await page.goto(`${server.url}/api/nope`);
  expect(api?.status()).toBe(404);
  expect(await api?.json()).toMatchObject({ code: 'NOT_FOUND' });
  await page.close();
});
