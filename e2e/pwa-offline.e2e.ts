/**
 * The shop and the admin after one online visit, with the network gone: the service
 * worker serves the app shell and every route's code, the product lists come from its cache, the
 * admin reads Dexie, and /api is never answered with HTML.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { startE2eServer, type E2eServer } from './support/server';
import { createTestOrder } from '../server/orders/order.test-support';
import { expectOfflineStart, fetchFromPage, waitForProductCache, waitForServiceWorkerControl } from './pwa-support';

const ADMIN_EMAIL = 'pwa-admin@villaprints.test';
const ADMIN_PASSWORD = 'offline-first-password';

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  server = await startE2eServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
  browser = await launchChromium();
});

async function newContext() {
  const context = await browser.newContext();
  context.setDefaultTimeout(20_000);
  return context;
}
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openOffline(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  expect(response?.fromServiceWorker()).toBe(true);
  // The browser reports offline: the shop opens from the cache at once, as the admin does.
  if (!path.startsWith('/admin')) await expectOfflineStart(page);
}

it('serves /, /gallery and /faq offline after one visit, with the product lists and the cart working', async () => {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByLabel('3. Your text').waitFor();
  await waitForServiceWorkerControl(page);
  await waitForProductCache(page);

  await context.setOffline(true);
  // The worker itself has no network either (HTTP cache bypassed), so the product lists below come
  // from its own cache.
  const worker = context.serviceWorkers()[0];
  await expect.poll(() => worker.evaluate(() => fetch('/api/products/colors', { cache: 'no-store' }).then(() => 'answered', () => 'network-error'))).toBe('network-error');
  expect(await fetchFromPage(page, '/api/health')).toBe('network-error');
  const colors = await fetchFromPage(page, '/api/products/colors');
  expect(colors).not.toBe('network-error');
  if (colors !== 'network-error') {
    expect(colors.status).toBe(200);
    expect(JSON.parse(colors.body).colors).toHaveLength(9);
  }

  // The customizer: design, add to cart; the cart lives in IndexedDB.
  await openOffline(page, '/');
  await page.getByLabel('3. Your text').fill('Grafted');
  await page.getByRole('radio', { name: 'Teal' }).click();
  await page.getByRole('button', { name: 'ADD TO CART - $5.95' }).click();
  await page.getByText('Added to cart!').waitFor();
  await expect(page.getByTestId('cart-count').textContent()).resolves.toBe('1');

  // The gallery: lazy route code from the precache, likes stored locally, Add fills the cart.
  await openOffline(page, '/gallery');
  await page.getByTestId('design-card').first().waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('design-card').count()).toBe(8);
  const like = page.getByTestId('design-card').first().getByTestId('like-count');
  const before = Number(await like.textContent());
  await page.getByTestId('design-card').first().locator('.like-button').click();
  await expect.poll(async () => Number(await like.textContent())).toBe(before + 1);
  // A phone-case or bottle design asks for the shopper's model or size first.
  const phoneCard = page.getByTestId('design-card').filter({ hasText: /iPhone|Samsung/ }).first();
  await phoneCard.getByRole('button', { name: /^Add/ }).click();
  await page.getByRole('dialog', { name: 'Which phone is it for?' }).getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('2');

  // The FAQ and how-it-works pages.
  await openOffline(page, '/faq');
  await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
  const question = page.locator('[aria-expanded]').first();
  await question.click();
  await expect(question.getAttribute('aria-expanded')).resolves.toBe('true');
  await openOffline(page, '/how-it-works');
  await page.getByRole('heading', { level: 1 }).waitFor();

  // The cart survived every offline reload.
  await expect(page.getByTestId('cart-count').textContent()).resolves.toBe('2');
  await context.close();
});

it('never answers /api with the app shell: JSON 404 online, a network error offline', async () => {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/faq`);
  await waitForServiceWorkerControl(page);

  const online = await page.goto(`${server.url}/api/nope`);
  expect(online?.status()).toBe(404);
  expect(online?.headers()['content-type']).toContain('application/json');
  expect(await online?.json()).toMatchObject({ code: 'NOT_FOUND' });

  await page.goto(`${server.url}/faq`);
  await waitForServiceWorkerControl(page);
  const fetched = await fetchFromPage(page, '/api/nope');
  expect(fetched).not.toBe('network-error');
  if (fetched !== 'network-error') {
    expect(fetched.status).toBe(404);
    expect(fetched.type).toContain('application/json');
  }

  await context.setOffline(true);
  expect(await fetchFromPage(page, '/api/nope')).toBe('network-error');
  expect(await fetchFromPage(page, '/api/payments/webhook')).toBe('network-error');
  await expect(page.goto(`${server.url}/api/nope`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await context.close();
});

it('opens the signed-in admin offline from Dexie', async () => {
  const order = await createTestOrder(server.app.context.db, { status: 'processing' });
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/orders`);
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator(`[data-order-number="${order.order_number}"]`).waitFor();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await openOffline(page, '/admin');
  await page.getByRole('link', { name: 'Orders' }).click();
  await page.locator(`[data-order-number="${order.order_number}"]`).waitFor();
  await openOffline(page, '/admin/orders');
  await page.locator(`[data-order-number="${order.order_number}"]`).waitFor();
  await context.close();
});
