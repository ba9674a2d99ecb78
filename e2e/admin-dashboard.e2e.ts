/**
 * What the dashboard says must be true, in real Chromium against the real server: the
 * Overview's last known figures offline with their time, a status breakdown that follows the
 * range, the queued notice and then the spec's message exactly once for an offline status change,
 * and no axe violation on any admin screen.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestOrder } from '../server/orders/order.test-support';
import { axeViolations, controlledByServiceWorker, recordToasts, signIn as signInAs } from './support/admin';
import { useServerAndBrowser } from './support/harness';

const ADMIN_EMAIL = 'print-room@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });
const signIn = (page: Page, path: string) => signInAs(page, e2e.server.url, path, ADMIN_EMAIL, ADMIN_PASSWORD);

async function statusOf(orderId: string) {
  return (await e2e.server.app.context.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const kpiValues = (page: Page) => page.locator('[data-kpi]').allTextContents();
const statusCount = (page: Page, status: string) => page.locator(`[data-status-count="${status}"]`);

async function pickRange(page: Page, range: string, totalOrders: string) {
  await page.getByRole('group', { name: 'Date range' }).getByRole('button', { name: range }).click();
  await page.locator('[data-kpi="Total orders"]', { hasText: new RegExp(`^${totalOrders}$`) }).waitFor();
}

it('shows the last known figures offline after a reload, with their time; the status breakdown follows the range', async () => {
  const db = e2e.server.app.context.db;
  const now = Date.now();
  // Last 7 days: two in production, one printed. 20 days ago: three delivered, one cancelled.
  for (const createdAt of [now - HOUR, now - 2 * HOUR]) await createTestOrder(db, { createdAt, status: 'processing' });
  await createTestOrder(db, { createdAt: now - 3 * DAY, status: 'printed' });
  for (let i = 0; i < 3; i++) await createTestOrder(db, { createdAt: now - 20 * DAY - i * HOUR, status: 'delivered' });
  await createTestOrder(db, { createdAt: now - 20 * DAY, status: 'cancelled' });

  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signIn(page, '/admin');
  await page.locator('[data-kpi="Total orders"]', { hasText: /^6$/ }).waitFor();
  await statusCount(page, 'delivered').filter({ hasText: /^3$/ }).waitFor();
  expect(await statusCount(page, 'cancelled').textContent()).toBe('1');
  const month = await kpiValues(page);

  await pickRange(page, '7d', '3');
  expect(await statusCount(page, 'delivered').textContent()).toBe('0');
  expect(await statusCount(page, 'cancelled').textContent()).toBe('0');
  expect(await statusCount(page, 'processing').textContent()).toBe('2');
  const week = await kpiValues(page);
  expect(week).not.toEqual(month);
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByText('Offline', { exact: true }).waitFor();
  // The range starts at 30 days again: the stored answer of that range, with its time.
  await page.getByText(/Offline: last known figures as of /).waitFor();
  expect(await kpiValues(page)).toEqual(month);
  expect(await page.getByText('showing empty figures').count()).toBe(0);
  expect(await statusCount(page, 'delivered').textContent()).toBe('3');
  await pickRange(page, '7d', '3');
  expect(await kpiValues(page)).toEqual(week);
  expect(await statusCount(page, 'delivered').textContent()).toBe('0');
  await page.getByText(/Offline: last known figures as of /).waitFor();
  await context.close();
});

it('shows the empty figures without trends only when nothing was ever loaded on this browser', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, '/admin/orders');
  await controlledByServiceWorker(page);
  await page.evaluate(async () => {
    const open = indexedDB.open('reality-print-shop');
    await new Promise((resolve) => (open.onsuccess = resolve));
    const tx = open.result.transaction('meta', 'readwrite');
    const store = tx.objectStore('meta');
    for (const range of ['7d', '30d', '90d', '1y']) store.delete(`adminAnalytics.${range}`);
    await new Promise((resolve) => (tx.oncomplete = resolve));
    open.result.close();
  });
  await context.setOffline(true);
  await page.goto(`${e2e.server.url}/admin`).catch(() => undefined);
  await page.getByText('Offline, and no figures were loaded on this tablet yet; showing empty figures.').waitFor();
  expect(await page.locator('[data-kpi="Conversion rate"]').textContent()).toBe('15.0%');
  expect(await page.locator('.kpi__trend').count()).toBe(0);
  await context.close();
});

it('says an offline status change is queued, then gives the spec message exactly once after reconnecting', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signIn(page, '/admin/orders');
  const row = page.locator(`[data-order-number="${order.order_number}"]`);
  await row.waitFor();
  const toasts = await recordToasts(page);

  await context.setOffline(true);
  await page.getByText('Offline', { exact: true }).waitFor();
  await row.getByRole('button', { name: order.order_number }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${order.order_number}` });
  await dialog.getByLabel('New status').selectOption('cancelled');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await page.locator('.toast', { hasText: 'Queued: will sync when online' }).waitFor();
  expect(await page.locator('.toast', { hasText: 'Order status updated to' }).count()).toBe(0);
  await page.keyboard.press('Escape');
  // The queued row keeps its whole order number beside the waiting mark.
  const number = row.getByRole('button', { name: order.order_number });
  expect(await number.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await context.setOffline(false);
  await waitFor(async () => (await statusOf(order.id)) === 'cancelled', 10_000);
  await page.locator('.toast', { hasText: 'Order status updated to Cancelled' }).waitFor();
  await page.getByText('All changes saved').waitFor();
  // Another full sync round changes nothing about what was said.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await page.getByRole('button', { name: 'Sync now' }).and(page.locator(':enabled')).waitFor();
  const said = await toasts();
  expect(said.filter((t) => t === 'Order status updated to Cancelled')).toHaveLength(1);
  expect(said.filter((t) => t.startsWith('Queued'))).toEqual(['Queued: will sync when online']);
  await context.close();
});

it('has no axe violation on any admin screen, the login included, on the tablet and the phone', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  for (const viewport of [{ width: 1024, height: 768 }, { width: 390, height: 844 }]) {
    const context = await e2e.browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/admin/login`);
    await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    expect(await axeViolations(page), `/admin/login at ${viewport.width}px`).toEqual([]);
    await signIn(page, '/admin');
    const screens: [string, () => Promise<unknown>][] = [
      ['/admin', () => page.locator('[data-kpi="Total orders"]').waitFor()],
      ['/admin/orders', () => page.locator(`[data-order-number="${order.order_number}"]`).waitFor()],
      ['/admin/fulfillment', () => page.getByRole('heading', { name: 'Fulfillment' }).waitFor()],
      ['/admin/analytics', () => page.getByRole('heading', { name: /Analytics details/ }).waitFor()],
      ['/admin/fulfillment/report', () => page.getByRole('button', { name: /Print/ }).first().waitFor()],
    ];
    for (const [path, ready] of screens) {
      await page.goto(`${e2e.server.url}${path}`);
      await ready();
      expect(await axeViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
    }
    await page.goto(`${e2e.server.url}/admin/orders`);
    await page.locator(`[data-order-number="${order.order_number}"]`).getByRole('button', { name: order.order_number }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${order.order_number}` });
    await dialog.getByText('Placed', { exact: false }).first().waitFor();
    await dialog.getByRole('heading', { name: 'History' }).waitFor();
    expect(await axeViolations(page), `order window at ${viewport.width}px`).toEqual([]);
    if (viewport.width === 1024) {
      // The print room's tablet: the status control is visible without scrolling.
      const select = dialog.getByLabel('New status');
      const box = await select.boundingBox();
      expect(box && box.y + box.height <= viewport.height).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Update status' }).isVisible()).toBe(true);
    }
    await context.close();
  }
});
