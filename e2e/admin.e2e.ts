/**
 * The admin dashboard offline in real Chromium against the real server: sign in, see an order,
 * go offline, Mark Printed and Mark Shipped, reload offline, reconnect, and watch the server reach
 * the same state once per change while a second tablet's change to another order conflicts.
 */
import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import type { BrowserContext, Page } from 'playwright-core';
import { createTestOrder } from '../server/orders/order.test-support';
import { controlledByServiceWorker, signIn as signInAs } from './support/admin';

const ADMIN_EMAIL = 'boss@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });

const signIn = (page: Page, path: string) => signInAs(page, e2e.server.url, path, ADMIN_EMAIL, ADMIN_PASSWORD);

function queueCard(page: Page, queue: string, orderNumber: string) {
  return page.locator(`[data-queue="${queue}"] [data-order-number="${orderNumber}"]`);
}

async function history(orderId: string) {
  return e2e.server.app.context.db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).orderBy('version').execute();
}

async function statusOf(orderId: string) {
  return (await e2e.server.app.context.db.selectFrom('orders').select(['status', 'tracking_number']).where('id', '=', orderId).executeTakeFirstOrThrow());
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('keeps working offline and syncs each change once, surfacing a conflict from a second tablet', async () => {
  const orderA = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const orderB = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });

  const tablet: BrowserContext = await e2e.browser.newContext();
  const page = await tablet.newPage();
  await signIn(page, '/admin/orders');
  await page.locator(`[data-order-number="${orderA.order_number}"]`).waitFor();
  await page.locator(`[data-order-number="${orderB.order_number}"]`).waitFor();

  await page.getByRole('link', { name: 'Fulfillment' }).click();
  await queueCard(page, 'production', orderA.order_number).waitFor();

  await tablet.setOffline(true);
  await page.getByText('Offline', { exact: true }).waitFor();
  await queueCard(page, 'production', orderA.order_number).getByRole('button', { name: /^Mark \S+ Printed/ }).click();
  await queueCard(page, 'ready', orderA.order_number).getByRole('button', { name: /^Mark \S+ Shipped/ }).click();
  await queueCard(page, 'production', orderB.order_number).getByRole('button', { name: /^Mark \S+ Printed/ }).click();
  await page.getByText('3 changes waiting').waitFor();
  expect((await statusOf(orderA.id)).status).toBe('processing');

  await queueCard(page, 'transit', orderA.order_number).waitFor();
  await expect(queueCard(page, 'transit', orderA.order_number).textContent()).resolves.toMatch(/TRK[A-Z0-9]{9}/);
  await queueCard(page, 'ready', orderB.order_number).waitFor();

  // Meanwhile a second tablet, online, cancels order B.
  const other = await e2e.browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, '/admin/orders');
  await otherPage.locator(`[data-order-number="${orderB.order_number}"]`).getByRole('button', { name: orderB.order_number }).click();
  await otherPage.getByLabel('New status').selectOption('cancelled');
  await otherPage.getByRole('button', { name: 'Update status' }).click();
  await otherPage.getByText('Order status updated to Cancelled').waitFor();
  await waitFor(async () => (await statusOf(orderB.id)).status === 'cancelled', 10_000);

  await tablet.setOffline(false);
  await waitFor(async () => (await statusOf(orderA.id)).status === 'shipped', 10_000);
  const rowsA = (await history(orderA.id)).filter((row) => row.source === 'sync');
  expect(rowsA.map((row) => row.to_status)).toEqual(['printed', 'shipped']);
  expect((await statusOf(orderA.id)).tracking_number).toMatch(/^TRK[A-Z0-9]{9}$/);

  const conflict = page.locator(`.sync-conflict[data-order-number="${orderB.order_number}"]`);
  await conflict.waitFor({ timeout: 10_000 });
  await expect(conflict.textContent()).resolves.toContain('Cancelled');
  // The summary never says "All changes saved" while a change waits for a decision.
  await page.getByText('1 change needs your decision').waitFor();
  expect(await page.getByText('All changes saved').count()).toBe(0);
  expect((await statusOf(orderB.id)).status).toBe('cancelled');

  // The admin re-applies: asked first, told what it overrides and by whom; then the change goes
  // again on top of the server's version and wins.
  await conflict.getByRole('button', { name: 'Re-apply' }).click();
  const confirm = page.getByRole('dialog', { name: `Override Cancelled on ${orderB.order_number}?` });
  await confirm.getByText(/was set to Cancelled by Admin User on /).waitFor();
  await confirm.getByText('overrides that cancelled status').waitFor();
  expect(await statusOf(orderB.id)).toMatchObject({ status: 'cancelled' });
  await confirm.getByRole('button', { name: 'Override: set to Ready to Ship' }).click();
  await waitFor(async () => (await statusOf(orderB.id)).status === 'printed', 10_000);
  await conflict.waitFor({ state: 'detached' });
  expect((await history(orderB.id)).map((row) => row.to_status).slice(-2)).toEqual(['cancelled', 'printed']);

  await other.close();
  await tablet.close();
});

it('shares one cache between two tabs: a change made offline in one shows at once in the other, and is pushed once', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const context = await e2e.browser.newContext();
  try {
    const first = await context.newPage();
    await signIn(first, '/admin/fulfillment');
    await queueCard(first, 'production', order.order_number).waitFor();
    const second = await context.newPage();
    await second.goto(`${e2e.server.url}/admin/fulfillment`);
    await queueCard(second, 'production', order.order_number).waitFor();

    await context.setOffline(true);
    await first.getByText('Offline', { exact: true }).waitFor();
    await queueCard(first, 'production', order.order_number).getByRole('button', { name: /^Mark \S+ Printed/ }).click();
    // The other tab reads nothing from the server (offline): it learns of the change from the shared cache.
    await queueCard(second, 'ready', order.order_number).waitFor();
    await second.getByText('1 change waiting').waitFor();

    await context.setOffline(false);
    await waitFor(async () => (await statusOf(order.id)).status === 'printed', 10_000);
    await first.getByText('All changes saved').waitFor();
    await second.getByText('All changes saved').waitFor();
    expect((await history(order.id)).filter((row) => row.source === 'sync').map((row) => row.to_status)).toEqual(['printed']);
  } finally {
    await context.close();
  }
});

it('shows the login to a signed-out visitor and returns to the page after sign-in; Logout goes home', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, '/admin/fulfillment');
  await page.getByRole('heading', { name: 'Fulfillment' }).waitFor();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await page.goto(`${e2e.server.url}/admin`);
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Invalid email or password').waitFor();
  await context.close();
});

it('reloads while offline with the changes and the waiting count kept (needs the service worker)', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, '/admin/fulfillment');
  await queueCard(page, 'production', order.order_number).waitFor();
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.getByText('Offline', { exact: true }).waitFor();
  await queueCard(page, 'production', order.order_number).getByRole('button', { name: /^Mark \S+ Printed/ }).click();
  await queueCard(page, 'ready', order.order_number).getByRole('button', { name: /^Mark \S+ Shipped/ }).click();
  await page.getByText('2 changes waiting').waitFor();

  await page.reload();
  // Offline, the dashboard opens straight from its cache: no health gate to click through.
  await page.getByText('2 changes waiting').waitFor();
  expect(await page.getByRole('heading', { name: 'Connection Issue' }).count()).toBe(0);
  await queueCard(page, 'transit', order.order_number).waitFor();
  expect((await statusOf(order.id)).status).toBe('processing');

  await context.setOffline(false);
  await waitFor(async () => (await statusOf(order.id)).status === 'shipped', 10_000);
  expect((await history(order.id)).filter((row) => row.source === 'sync').map((row) => row.to_status)).toEqual(['printed', 'shipped']);
  await page.getByText('All changes saved').waitFor();
  // Changes queued before the reload still get their message once the server applied them.
  await page.locator('.toast', { hasText: 'Order status updated to Shipped' }).waitFor();
  await context.close();
});
