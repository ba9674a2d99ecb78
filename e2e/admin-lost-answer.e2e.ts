/**
 * Local-first where answers get lost, two tablets through the cuttable proxy: a change
 * stacked on a lost answer never lands on another device's newer change; another device's change
 * shows within a second (Server-Sent Events); print files come from the tablet's renderer when the
 * server hangs; and with every tab closed, the service worker pushes soon after the server returns.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';
import { controlledByServiceWorker, recordToasts, signIn } from './support/admin';
import { startCuttableProxy, type CuttableProxy } from './support/cuttable-proxy';
import { createTestOrder } from '../server/orders/order.test-support';

const ADMIN_EMAIL = 'lost-answer@villaprints.test';
const ADMIN_PASSWORD = 'answers-get-lost';

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });
let proxy: CuttableProxy;
beforeAll(async () => {
  proxy = await startCuttableProxy(e2e.server.url);
});
afterAll(async () => proxy?.close());

/** Where screenshots go for a person to look at, when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR;

const db = () => e2e.server.app.context.db;
const statusOf = async (orderId: string) => (await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const historyOf = async (orderId: string) => (await db().selectFrom('order_history').select('to_status').where('order_id', '=', orderId).orderBy('version').execute()).map((row) => row.to_status);
const queueCard = (page: Page, queue: string, orderNumber: string) => page.locator(`[data-queue="${queue}"] [data-order-number="${orderNumber}"]`);

async function tablet(baseUrl: string, path_: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  // The first sign-in of a run also installs the service worker and hashes the password: on a
  // loaded machine it takes its time.
  context.setDefaultTimeout(45_000);
  const page = await context.newPage();
  await signIn(page, baseUrl, path_, ADMIN_EMAIL, ADMIN_PASSWORD);
  context.setDefaultTimeout(20_000);
  return { context, page };
}

it('ends a change stacked on a lost answer as a conflict when another tablet cancelled: no shipping, no mail', async () => {
  const order = await createTestOrder(db(), { status: 'processing' });
  const a = await tablet(proxy.url, '/admin/fulfillment');
  const b = await tablet(e2e.server.url, '/admin/orders');
  try {
    await queueCard(a.page, 'production', order.order_number).waitFor();
    // A marks Printed: the server applies it, the answer is lost and the server goes out of reach.
    proxy.loseNextAnswer('POST /api/sync/push', true);
    await queueCard(a.page, 'production', order.order_number).getByRole('button', { name: /^Mark \S+ Printed/ }).click();
    await expect.poll(() => statusOf(order.id)).toBe('printed');
    await expect.poll(() => proxy.lostAnswers).toBe(1);
    // A marks it Shipped, queued on the version it saw.
    await queueCard(a.page, 'ready', order.order_number).getByRole('button', { name: /^Mark \S+ Shipped/ }).click();
    await a.page.getByRole('region', { name: 'Sync status' }).getByText('2 changes waiting').waitFor();

    // Tablet B, which sees Printed, cancels the order.
    const row = b.page.locator(`[data-order-number="${order.order_number}"]`);
    await row.getByRole('button', { name: order.order_number }).click();
    const window_ = b.page.getByRole('dialog', { name: `Order ${order.order_number}` });
    await window_.getByText('Ready to Ship').first().waitFor();
    await window_.getByLabel('New status').selectOption('cancelled');
    await window_.getByRole('button', { name: 'Update status' }).click();
    await expect.poll(() => statusOf(order.id)).toBe('cancelled');

    // A heals: Printed is answered as already applied, Shipped is a conflict against the cancel.
    await proxy.restore();
    const conflict = a.page.locator(`.sync-conflict[data-order-number="${order.order_number}"]`);
    await conflict.waitFor({ timeout: 30_000 });
    await expect(conflict.textContent()).resolves.toContain('it is now Cancelled');
    await a.page.getByRole('region', { name: 'Sync status' }).getByText('1 change needs your decision').waitFor();
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await historyOf(order.id)).toEqual(['processing', 'printed', 'cancelled']);
    const mailDir = path.join(path.dirname(e2e.server.dbPath), 'mail');
    const mails = fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [];
    expect(mails.filter((name) => name.startsWith(`${order.order_number}-shipped`))).toEqual([]);
  } finally {
    await proxy.restore();
    await a.context.close();
    await b.context.close();
  }
}, 120_000);

it('shows another tablet’s change without a reload, pushed by the server, and the same sync state in every tab', async () => {
  const order = await createTestOrder(db(), { status: 'processing' });
  const a = await tablet(e2e.server.url, '/admin/fulfillment');
  const secondTab = await a.context.newPage();
  await secondTab.goto(`${e2e.server.url}/admin/orders`);
  const b = await tablet(e2e.server.url, '/admin/fulfillment');
  try {
    await queueCard(a.page, 'production', order.order_number).waitFor();
    // Let the first interval pull pass, so what follows is the pushed event, not the 15 s poll.
    await a.page.getByRole('region', { name: 'Sync status' }).getByText('All changes saved').waitFor();
    await queueCard(b.page, 'production', order.order_number).getByRole('button', { name: /^Mark \S+ Printed/ }).click();
    await queueCard(a.page, 'ready', order.order_number).waitFor({ timeout: 10_000 });

    // Both tabs of tablet A say the same.
    for (const page of [a.page, secondTab]) await page.getByRole('region', { name: 'Sync status' }).getByText('Online', { exact: true }).waitFor();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

it('makes the print file on the tablet when the server hangs, and says so', async () => {
  const order = await createTestOrder(db(), { status: 'processing' });
  const a = await tablet(proxy.url, '/admin/orders');
  try {
    const row = a.page.locator(`[data-order-number="${order.order_number}"]`);
    await row.waitFor();
    await controlledByServiceWorker(a.page);
    await row.getByRole('button', { name: order.order_number }).click();
    const window_ = a.page.getByRole('dialog', { name: `Order ${order.order_number}` });
    await proxy.hang();
    const download = a.page.waitForEvent('download');
    await window_.getByRole('button', { name: `Print file for line 1 of ${order.order_number}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.svg$/);
    const svg = fs.readFileSync((await file.path())!, 'utf8');
    expect(svg).toContain('<path');
    expect(svg).not.toContain('<text');
    await a.page.getByText(/made on this tablet: the server did not answer/).waitFor();
  } finally {
    await proxy.restore();
    await a.context.close();
  }
});

it('pushes a waiting change soon after the server returns, with every tab closed (service worker)', async () => {
  const order = await createTestOrder(db(), { status: 'processing' });
  const a = await tablet(proxy.url, '/admin/fulfillment');
  try {
    await queueCard(a.page, 'production', order.order_number).waitFor();
    await controlledByServiceWorker(a.page);
    await proxy.cut();
    await queueCard(a.page, 'production', order.order_number).getByRole('button', { name: /^Mark \S+ Printed/ }).click();
    await a.page.getByRole('region', { name: 'Sync status' }).getByText('1 change waiting', { exact: false }).waitFor();
    await expect
      .poll(() => a.page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags()))
      .toContain('admin-outbox');
    // Every shop tab closes; a blank tab (no app code) keeps the browser open.
    await a.context.newPage();
    await a.page.close();
    expect(await statusOf(order.id)).toBe('processing');

    // The browser stays online throughout; the server comes back and nobody opens the shop.
    await proxy.restore();
    await expect.poll(() => statusOf(order.id), { timeout: 30_000 }).toBe('printed');
    expect((await historyOf(order.id)).filter((status) => status === 'printed')).toHaveLength(1);
  } finally {
    await proxy.restore();
    await a.context.close();
  }
});

it('keeps six conflicts in a bounded panel at 1024×768: the order list stays usable, one toast, Keep all theirs settles them', async () => {
  const orders = [];
  for (let i = 0; i < 6; i++) orders.push(await createTestOrder(db(), { status: 'processing' }));
  const a = await tablet(e2e.server.url, '/admin/fulfillment');
  try {
    const toasts = await recordToasts(a.page);
    for (const order of orders) await queueCard(a.page, 'production', order.order_number).waitFor();
    await a.context.setOffline(true);
    for (const order of orders) await queueCard(a.page, 'production', order.order_number).getByRole('button', { name: /^Mark \S+ Printed/ }).click();
    // Another device cancels all six meanwhile.
    const b = await tablet(e2e.server.url, '/admin/orders');
    const token = await b.page.evaluate(() => localStorage.getItem('auth_token'));
    for (const order of orders) {
      const answer = await fetch(`${e2e.server.url}/api/orders/${order.id}/status`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ status: 'cancelled' }) });
      expect(answer.status).toBe(200);
    }
    await b.context.close();
    await a.context.setOffline(false);
    await expect.poll(() => a.page.locator('.sync-conflict').count(), { timeout: 30_000 }).toBe(6);

    await a.page.getByRole('link', { name: 'Orders' }).click();
    const panel = (await a.page.locator('.sync-conflicts').boundingBox())!;
    const table = a.page.locator('.admin-main');
    const main = (await table.boundingBox())!;
    expect(panel.height).toBeLessThan(768 / 3);
    expect(main.height).toBeGreaterThan(768 / 2);
    await a.page.locator(`[data-order-number="${orders[0]!.order_number}"]`).first().waitFor();
    if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
    if (SHOTS) await a.page.screenshot({ path: path.join(SHOTS, 'orders-conflicts6-1024x768.png') });
    expect((await toasts()).filter((text) => text.includes('could not be applied'))).toEqual(['6 changes could not be applied: see the sync bar']);

    await a.page.getByRole('button', { name: 'Keep all theirs' }).click();
    await a.page.locator('.sync-conflicts').waitFor({ state: 'detached' });
    for (const order of orders) expect(await statusOf(order.id)).toBe('cancelled');
  } finally {
    await a.context.close();
  }
});
