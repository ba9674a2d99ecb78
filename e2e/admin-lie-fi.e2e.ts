/**
 * The print room's commonest condition: Wi-Fi up, server out of reach ("lie-fi"). The
 * tablet that has the app cached opens straight into it with a changes-waiting sync bar instead of
 * the full-screen Connection Issue, and the waiting change reaches the server by itself once the
 * server answers again. The server is cut off by a proxy, so the browser stays online throughout.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';
import { controlledByServiceWorker, signIn } from './support/admin';
import { startCuttableProxy, type CuttableProxy } from './support/cuttable-proxy';
import { createTestOrder } from '../server/orders/order.test-support';

const ADMIN_EMAIL = 'lie-fi@villaprints.test';
const ADMIN_PASSWORD = 'wifi-up-server-gone';

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });
let proxy: CuttableProxy;
beforeAll(async () => {
  proxy = await startCuttableProxy(e2e.server.url);
});
afterAll(async () => proxy?.close());

async function statusOf(orderId: string): Promise<string> {
  return (await e2e.server.app.context.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

async function expectNoWall(page: Page): Promise<void> {
  expect(await page.getByRole('heading', { name: 'Connection Issue' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Retry \(/ }).count()).toBe(0);
}

it('opens the cached admin with its waiting change while the server is out of reach, and pushes it when the server returns, without a tap', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const context = await e2e.browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await signIn(page, proxy.url, '/admin/orders', ADMIN_EMAIL, ADMIN_PASSWORD);
  const row = page.locator(`[data-order-number="${order.order_number}"]`);
  await row.waitFor();
  await controlledByServiceWorker(page);

  // The server goes out of reach; the browser still says online. A change made now waits.
  await proxy.cut();
  try {
    await waitOutTheOutage(page, order);
  } finally {
    await proxy.restore();
  }
  // The server is back: the loop's probe finds it and pushes, with nobody touching the tablet.
  const syncBar = page.getByRole('region', { name: 'Sync status' });
  await expect.poll(() => statusOf(order.id), { timeout: 30_000 }).toBe('printed');
  await syncBar.getByText('All changes saved').waitFor();
  await syncBar.getByText('Online', { exact: true }).waitFor();
  await context.close();
});

/** With the server cut off: a change waits, and the tablet restarts into the cached app. */
async function waitOutTheOutage(page: Page, order: { id: string; order_number: string }): Promise<void> {
  const row = page.locator(`[data-order-number="${order.order_number}"]`);
  await row.getByRole('button', { name: order.order_number }).click();
  const window_ = page.getByRole('dialog', { name: `Order ${order.order_number}` });
  await window_.getByLabel('New status').selectOption('printed');
  await window_.getByRole('button', { name: 'Update status' }).click();
  const syncBar = page.getByRole('region', { name: 'Sync status' });
  await syncBar.getByText('1 change waiting').waitFor();
  await syncBar.getByText('Server unreachable').waitFor();

  // The tablet restarts on lie-fi: the cached app, its order list and the waiting change, no wall.
  await page.goto(`${proxy.url}/admin/orders`);
  await row.waitFor();
  await expectNoWall(page);
  await syncBar.getByText('Server unreachable').waitFor();
  await syncBar.getByText('1 change waiting').waitFor();
  await syncBar.getByText("We're having trouble connecting to our servers.", { exact: false }).waitFor();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  expect(await statusOf(order.id)).toBe('processing');
}

it('opens the cached shop on lie-fi with the Connection Issue as a banner that clears by itself', async () => {
  const context = await e2e.browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(`${proxy.url}/`);
  await page.getByRole('heading', { name: 'Put your catchphrase on it' }).waitFor();
  await controlledByServiceWorker(page);

  await proxy.cut();
  try {
    await page.goto(`${proxy.url}/`);
    await page.getByRole('heading', { name: 'Put your catchphrase on it' }).waitFor();
    const banner = page.getByRole('status').filter({ hasText: "We're having trouble connecting to our servers." });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Retry' }).waitFor();
    await expectNoWall(page);
  } finally {
    await proxy.restore();
  }
  await page.getByRole('status').filter({ hasText: "We're having trouble connecting to our servers." }).waitFor({ state: 'detached' });
  await context.close();
});
