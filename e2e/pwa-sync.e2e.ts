/**
 * Background Sync: an admin change queued offline registers the 'admin-outbox' sync tag;
 * with every shop tab closed, the service worker's sync event pushes it through the web/sync engine
 * once the connection is back. The event is dispatched through the DevTools protocol, as the
 * DevTools "Background sync" button does, so the test does not wait on the browser's own timing.
 */
import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import { createTestOrder } from '../server/orders/order.test-support';
import { dispatchBackgroundSync, waitForServiceWorkerControl } from './pwa-support';

const ADMIN_EMAIL = 'pwa-sync@villaprints.test';
const ADMIN_PASSWORD = 'background-sync-password';

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });

async function statusOf(orderId: string): Promise<string> {
  const row = await e2e.server.app.context.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.status;
}

it('flushes the admin outbox from the service worker with the tab closed', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const context = await e2e.browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/admin/fulfillment`);
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const card = page.locator(`[data-queue="production"] [data-order-number="${order.order_number}"]`);
  await card.waitFor();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await card.getByRole('button', { name: /^Mark \S+ Printed/ }).click();
  await page.locator(`[data-queue="ready"] [data-order-number="${order.order_number}"]`).waitFor();
  await expect
    .poll(() => page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags()))
    .toContain('admin-outbox');

  // Every shop tab closes; only a blank tab (no app code, so no page flush) remains to talk to DevTools.
  const blank = await context.newPage();
  await page.close();
  expect(await statusOf(order.id)).toBe('processing');

  await context.setOffline(false);
  await dispatchBackgroundSync(context, blank, e2e.server.url, 'admin-outbox');

  await expect.poll(() => statusOf(order.id), { timeout: 15_000 }).toBe('printed');
  const history = await e2e.server.app.context.db.selectFrom('order_history').select(['to_status', 'source']).where('order_id', '=', order.id).execute();
  expect(history.filter((row) => row.to_status === 'printed')).toHaveLength(1);
  await context.close();
});
