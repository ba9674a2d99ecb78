/**
 * No silent overwrite, in Chromium against the real server: an open order window follows
 * the live order and asks before sending over a change it did not show; conflicts are shown against
 * the live order, Keep settles them, their buttons have names of their own; and a re-apply made
 * offline is handed to the service worker's Background Sync, so it goes with every tab closed.
 */
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';
import { controlledByServiceWorker, recordToasts, signIn as signInAs } from './support/admin';
import { createTestOrder } from '../server/orders/order.test-support';
import { dispatchBackgroundSync } from './pwa-support';
import type { OrderStatus } from '../shared/order-status';

const ADMIN_EMAIL = 'stale@villaprints.test';
const ADMIN_PASSWORD = 'never-silently-overwrite';

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });
const signIn = (page: Page, path: string) => signInAs(page, e2e.server.url, path, ADMIN_EMAIL, ADMIN_PASSWORD);

async function statusOf(orderId: string): Promise<string> {
  return (await e2e.server.app.context.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

/** Another device's change, through the API. */
async function setFromAnotherDevice(orderId: string, status: OrderStatus): Promise<void> {
  const login = await fetch(`${e2e.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const patched = await fetch(`${e2e.server.url}/api/orders/${orderId}/status`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ status }),
  });
  expect(patched.status).toBe(200);
}

async function openOrderWindow(page: Page, orderNumber: string) {
  await page.locator(`[data-order-number="${orderNumber}"]`).getByRole('button', { name: orderNumber }).click();
  return page.getByRole('dialog', { name: `Order ${orderNumber}` });
}

async function setStatusInWindow(page: Page, orderNumber: string, status: OrderStatus) {
  const window_ = await openOrderWindow(page, orderNumber);
  await window_.getByLabel('New status').selectOption(status);
  await window_.getByRole('button', { name: 'Update status' }).click();
  await window_.getByLabel('New status').and(page.locator(`:has(option[value="${status}"]:checked)`)).waitFor();
  await page.keyboard.press('Escape');
}

/** Offline, the tablet queues `statuses` for the order; another device sets `theirs`; back online, they conflict. */
async function conflictOn(context: BrowserContext, page: Page, order: { id: string; order_number: string }, statuses: OrderStatus[], theirs: OrderStatus) {
  await context.setOffline(true);
  for (const status of statuses) await setStatusInWindow(page, order.order_number, status);
  await page.getByText(`${statuses.length} change${statuses.length === 1 ? '' : 's'} waiting`).waitFor();
  await setFromAnotherDevice(order.id, theirs);
  await context.setOffline(false);
  await expect.poll(() => page.locator(`.sync-conflict[data-order-number="${order.order_number}"]`).count(), { timeout: 20_000 }).toBe(statuses.length);
}

it('keeps an open order window on the live order, and asks before sending over a change it did not show', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const context = await e2e.browser.newContext();
  context.setDefaultTimeout(20_000);
  const first = await context.newPage();
  await signIn(first, '/admin/orders');
  const window_ = await openOrderWindow(first, order.order_number);
  const select = window_.getByLabel('New status');
  const update = window_.getByRole('button', { name: 'Update status' });
  expect(await select.inputValue()).toBe('processing');

  // Another tab marks it Ready to Ship: the untouched form follows and says so; nothing to send.
  const second = await context.newPage();
  await second.goto(`${e2e.server.url}/admin/orders`);
  await setStatusInWindow(second, order.order_number, 'printed');
  await expect.poll(() => select.inputValue()).toBe('printed');
  await window_.getByText('while this window was open').waitFor();
  expect(await update.isDisabled()).toBe(true);

  // The admin starts a change here; meanwhile the other tab ships the order.
  await select.selectOption('cancelled');
  expect(await update.isEnabled()).toBe(true);
  await setStatusInWindow(second, order.order_number, 'shipped');
  const ask = window_.getByRole('alert').filter({ hasText: 'Your change to Cancelled has not been sent' });
  await ask.waitFor();
  await ask.getByText('Shipped', { exact: true }).waitFor();
  expect(await update.isDisabled()).toBe(true);
  await ask.getByRole('button', { name: 'Keep Shipped' }).click();
  await expect.poll(() => select.inputValue()).toBe('shipped');
  expect(await update.isDisabled()).toBe(true);

  await expect.poll(() => statusOf(order.id), { timeout: 20_000 }).toBe('shipped');
  const history = await e2e.server.app.context.db.selectFrom('order_history').select('to_status').where('order_id', '=', order.id).execute();
  expect(history.map((row) => row.to_status)).not.toContain('cancelled');
  await context.close();
});

it('shows conflicts against the live order: text, dialog and Drop toast follow it; Keep settles; every button has its own name', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const context = await e2e.browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await signIn(page, '/admin/orders');
  await page.locator(`[data-order-number="${order.order_number}"]`).waitFor();
  await controlledByServiceWorker(page);
  const toasts = await recordToasts(page);

  await conflictOn(context, page, order, ['printed', 'shipped'], 'cancelled');
  const conflicts = page.locator('.sync-conflicts');
  const names = await conflicts.locator('.sync-conflict').getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent));
  expect(names).toHaveLength(4);
  // Beside them, the two for the lot.
  await conflicts.getByRole('button', { name: 'Keep all theirs' }).waitFor();
  await conflicts.getByRole('button', { name: 'Re-apply all mine…' }).waitFor();
  expect(new Set(names).size).toBe(4);

  // The order moves on again on another device; once pulled, the conflicts say so.
  await setFromAnotherDevice(order.id, 'delivered');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(() => conflicts.getByText('it is now Delivered').count()).toBe(2);
  expect(await conflicts.getByText('Cancelled').count()).toBe(0);

  // The Re-apply dialog too, even while open.
  await conflicts.getByRole('button', { name: /^Re-apply .*Ready to Ship/ }).click();
  await page.getByRole('dialog', { name: `Override Delivered on ${order.order_number}?` }).waitFor();
  await setFromAnotherDevice(order.id, 'processing');
  const other = await context.newPage(); // its sync loop pulls into the shared cache at once
  await other.goto(`${e2e.server.url}/admin/orders`);
  const dialog = page.getByRole('dialog', { name: `Override In Production on ${order.order_number}?` });
  await dialog.waitFor();
  await other.close();

  // Keep settles the conflict; Drop's toast names the live status.
  await dialog.getByRole('button', { name: 'Keep In Production' }).click();
  await expect.poll(() => page.locator('.sync-conflict').count()).toBe(1);
  await conflicts.getByRole('button', { name: /^Drop your change to Shipped/ }).click();
  await page.locator('.sync-conflicts').waitFor({ state: 'detached' });
  expect((await toasts()).filter((text) => text.startsWith('Dropped'))).toEqual([
    `Dropped your change to ${order.order_number}; it stays In Production`,
    `Dropped your change to ${order.order_number}; it stays In Production`,
  ]);
  expect(await statusOf(order.id)).toBe('processing');
  await context.close();
});

it('hands a re-apply made offline to Background Sync, so it reaches the server with every tab closed', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const context = await e2e.browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, '/admin/orders');
  await page.locator(`[data-order-number="${order.order_number}"]`).waitFor();
  await controlledByServiceWorker(page);
  await conflictOn(context, page, order, ['printed'], 'cancelled');

  const syncTags = () =>
    page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags());
  // The earlier offline change's registration has run its course: only the re-apply can register again.
  await expect.poll(syncTags, { timeout: 30_000 }).toEqual([]);

  await context.setOffline(true);
  await page.getByRole('button', { name: /^Re-apply .*Ready to Ship/ }).click();
  await page.getByRole('dialog', { name: `Override Cancelled on ${order.order_number}?` }).getByRole('button', { name: 'Override: set to Ready to Ship' }).click();
  await page.getByText('1 change waiting').waitFor();
  await expect.poll(syncTags).toContain('admin-outbox');
  expect(errors).toEqual([]);

  const blank = await context.newPage();
  await page.close();
  expect(await statusOf(order.id)).toBe('cancelled');
  await context.setOffline(false);
  await dispatchBackgroundSync(context, blank, e2e.server.url, 'admin-outbox');
  await expect.poll(() => statusOf(order.id), { timeout: 20_000 }).toBe('printed');
  await context.close();
});
