/**
 * First run without a bootstrap admin: the login page offers to create one; then the overview and
 * the offline-capable CSV export of the orders page.
 */
import fs from 'node:fs';
import { useServerAndBrowser } from './support/harness';
import { expect, it } from 'vitest';
import { createTestOrder } from '../server/orders/order.test-support';

const e2e = useServerAndBrowser();

it('creates the first admin, shows the overview, and exports the filtered orders as CSV offline', async () => {
  await createTestOrder(e2e.server.app.context.db, { status: 'processing', items: [{ text: '=cmd|calc' }] });
  await createTestOrder(e2e.server.app.context.db, { status: 'shipped', items: [{ text: 'Bombshell' }] });
  const context = await e2e.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/admin`);
  await page.getByRole('heading', { name: 'Create the first admin' }).waitFor();
  await page.getByLabel('First name').fill('Iain');
  await page.getByLabel('Last name').fill('Stirling');
  await page.getByLabel('Email').fill('iain@villaprints.test');
  await page.getByLabel('Password').fill('narrator-password');
  await page.getByRole('button', { name: 'Create admin account' }).click();

  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await page.getByText('Iain Stirling').waitFor();
  await page.locator('[data-status-count="shipped"]', { hasText: '1' }).waitFor();
  // A new shop has no earlier period and too little status history: no invented trends or processing time.
  await page.getByText(/Not enough status history yet/).waitFor();
  expect(await page.locator('.kpi__trend').count()).toBe(0);

  await page.getByRole('link', { name: 'Orders' }).click();
  await page.getByText('2 of 2 orders').waitFor();
  await context.setOffline(true);
  await page.getByLabel('Filter by status').selectOption('processing');
  await page.getByText('1 of 2 orders').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('Order ID,Customer,Device,Text,Status,Total,Date');
  expect(csv).toHaveLength(3);
  expect(csv[1]).toContain(",'=cmd|calc,In Production,");

  await page.getByLabel('Search orders').fill('nothing like this');
  await page.getByText('No orders found matching your criteria.').waitFor();
  await context.close();
});
