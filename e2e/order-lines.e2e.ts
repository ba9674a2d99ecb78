/**
 * Every line of an order, everywhere: a three-line order of three different designs
 * shows three lines, each with its design drawn by the shared renderer, in the admin's order list,
 * order window and Fulfillment queue card; each cart line shows its design too.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createTestOrder } from '../server/orders/order.test-support';
import { readZip } from '../server/print-files/zip.test-support';
import { ADMIN, ADMIN_ENV, adminToken, seedCart } from './checkout-helpers';
import { waitForServiceWorkerControl } from './pwa-support';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser(ADMIN_ENV);

const LINES = [
  { device: 'iPhone 14 Pro', productType: 'phone-case', text: 'Casa Amor', color: 'Hot Pink', font: 'Pecita', quantity: 1 },
  { device: 'Standard Bottle', productType: 'water-bottle', text: 'Mugged off', color: 'Teal', font: 'Poppins', quantity: 2 },
  { device: 'Standard Glass', productType: 'champagne-glass', text: 'Crème <&"brûlée">', color: 'Dark Purple', font: 'Inter', quantity: 3 },
] as const;

const description = (line: (typeof LINES)[number]) => `Design: '${line.text}' in ${line.color}, ${line.font}, on ${line.device}`;

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(`${e2e.server.url}${path}`);
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** The accessible names of the drawn designs (SVGs with outlines, not the loading placeholders). */
async function drawnDesigns(scope: Locator): Promise<string[]> {
  await scope.locator('svg.design-thumb path').first().waitFor();
  await expect.poll(() => scope.locator('.design-thumb--loading').count()).toBe(0);
  const thumbs = scope.locator('svg.design-thumb');
  for (const d of await thumbs.locator('path').evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))) {
    expect(d).toMatch(/^M[\d.]+ [\d.]+/);
  }
  return thumbs.evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('aria-label') ?? ''));
}

describe('a three-line order in the admin', () => {
  it('shows three lines in the order list, the order window and the Fulfillment queue card', async () => {
    const order = await createTestOrder(e2e.server.app.context.db, {
      status: 'processing',
      items: LINES.map(({ device, productType, text, color, font, quantity }) => ({ device, productType, text, color, font, quantity })),
    });
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, '/admin/orders');

    const row = page.locator(`.orders-row[data-order-number="${order.order_number}"]`);
    await row.waitFor();
    expect(await drawnDesigns(row)).toEqual(LINES.map(description));
    expect(await row.getByRole('listitem').allTextContents()).toEqual(LINES.map((l) => `“${l.text}” ×${l.quantity} ${l.device} · ${l.color} · ${l.font}`));

    await row.getByRole('button', { name: order.order_number }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${order.order_number}` });
    const items = dialog.getByRole('region', { name: 'Items: 3 lines' });
    expect(await drawnDesigns(items)).toEqual(LINES.map(description));
    const download = page.waitForEvent('download');
    await items.getByRole('button', { name: `Print file for line 3 of ${order.order_number}` }).click();
    const file = await download;
    const svg = fs.readFileSync((await file.path())!, 'utf8');
    expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[^>]*width="[\d.]+mm"/);
    expect(svg).toContain('<path');
    expect(svg).not.toMatch(/<text[\s>]/);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Fulfillment' }).click();
    const card = page.locator(`[data-queue="production"] [data-order-number="${order.order_number}"]`);
    await card.waitFor();
    expect(await drawnDesigns(card)).toEqual(LINES.map(description));
    expect(await card.getByRole('list', { name: '3 lines' }).getByRole('listitem').count()).toBe(3);

    const zip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download print files' }).click();
    const zipFile = await zip;
    expect(zipFile.suggestedFilename()).toMatch(/^print-files-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = readZip(fs.readFileSync((await zipFile.path())!)).map((entry) => entry.name);
    expect(entries.filter((name) => name.startsWith(`${order.order_number}-`))).toEqual([1, 2, 3].map((line) => `${order.order_number}-${line}-x${line}.svg`));

    await card.getByRole('button', { name: `Mark ${order.order_number} Printed (3 lines)` }).click();
    await page.locator(`[data-queue="ready"] [data-order-number="${order.order_number}"]`).waitFor();
    await context.close();
  });
});

describe('the print file offline', () => {
  it('is made on the tablet from the cache and the precached fonts, and is the server’s file byte for byte', async () => {
    const order = await createTestOrder(e2e.server.app.context.db, {
      status: 'processing',
      items: LINES.map(({ device, productType, text, color, font, quantity }) => ({ device, productType, text, color, font, quantity })),
    });
    const response = await fetch(`${e2e.server.url}/api/orders/${order.id}/print-file`, { headers: { Authorization: `Bearer ${await adminToken(e2e.server.url)}` } });
    const serverSvg = await response.text();

    const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, '/admin/orders');
    await page.locator(`.orders-row[data-order-number="${order.order_number}"]`).waitFor();
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await page.getByText('Offline', { exact: true }).waitFor();

    await page.locator(`.orders-row[data-order-number="${order.order_number}"]`).getByRole('button', { name: order.order_number }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${order.order_number}` });
    expect(await dialog.getByRole('button', { name: `PNG 300 dpi print file of ${order.order_number}` }).isDisabled()).toBe(true);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: `SVG print file of ${order.order_number}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`print-${order.order_number}.svg`);
    expect(fs.readFileSync((await file.path())!, 'utf8')).toBe(serverSvg);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Fulfillment' }).click();
    expect(await page.getByRole('button', { name: 'Download print files' }).isDisabled()).toBe(true);
    await page.getByText('Online only: the ZIP is made by the server.', { exact: false }).waitFor();
    await context.close();
  });
});

describe('the cart drawer', () => {
  it('shows each cart line with its design drawn by the shared renderer', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await seedCart(page, e2e.server.url, [
      { text: 'Villa Vibes', quantity: 1 },
      { text: 'Ça va, babe?', quantity: 2 },
    ]);
    await page.reload();
    await page.getByRole('button', { name: 'Cart 3 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    expect(await drawnDesigns(drawer)).toEqual([
      "Design: 'Villa Vibes' in Hot Pink, Inter, on iPhone 14 Pro",
      "Design: 'Ça va, babe?' in Hot Pink, Inter, on iPhone 14 Pro",
    ]);
    await context.close();
  });
});
