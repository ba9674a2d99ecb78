/**
 * The admin's order filter in real Chromium: a search finds an order by its tracking number, and a
 * date means the shop's day (SHOP_TIME_ZONE), not the tablet's, the same orders GET /api/orders gives.
 * With SCREENSHOT_DIR set, it also saves the filtered list at the three sizes there, to look at.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestOrder } from '../server/orders/order.test-support';
import { signIn } from './support/admin';
import { useServerAndBrowser } from './support/harness';

const ADMIN_EMAIL = 'boss@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';
const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD, SHOP_TIME_ZONE: 'America/New_York' });

it('searches tracking numbers and filters by the shop’s days on a tablet in another zone', async () => {
  const db = e2e.server.app.context.db;
  const customer = (firstName: string, lastName: string) => ({ email: `${firstName.toLowerCase()}@villa.tv`, firstName, lastName, phone: '555-123-4567' });
  // 23:59:59 on 31 October in New York is 1 November in UTC and in Tokyo, where the tablet is.
  const lateOct31 = await createTestOrder(db, { createdAt: Date.parse('2026-11-01T03:59:59Z'), customer: customer('Maya', 'Jama'), items: [{ text: 'Grafting' }] });
  const nov1 = await createTestOrder(db, { createdAt: Date.parse('2026-11-01T16:00:00Z'), customer: customer('Tasha', 'Ghouri'), items: [{ text: 'My Type' }] });
  const oct30 = await createTestOrder(db, { createdAt: Date.parse('2026-10-30T15:00:00Z'), customer: customer('Ekin', 'Su'), items: [{ text: 'Mugged Off' }] });
  const login = await fetch(`${e2e.server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const shipped = await fetch(`${e2e.server.url}/api/orders/${nov1.id}/status`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ status: 'shipped', trackingNumber: 'TRK7Q2M9XA4B' }),
  });
  expect(shipped.status).toBe(200);

  const tablet = await e2e.browser.newContext({ timezoneId: 'Asia/Tokyo', viewport: { width: 1024, height: 768 } });
  const page = await tablet.newPage();
  await signIn(page, e2e.server.url, '/admin/orders', ADMIN_EMAIL, ADMIN_PASSWORD);
  const row = (orderNumber: string) => page.locator(`[data-order-number="${orderNumber}"]`);
  await row(oct30.order_number).waitFor();
  await page.getByTestId('orders-count').getByText('3 of 3 orders').waitFor();

  await page.getByLabel('Search orders').fill('trk7q2m9');
  await page.getByTestId('orders-count').getByText('1 of 3 orders').waitFor();
  expect(await row(nov1.order_number).count()).toBe(1);

  await page.getByLabel('Search orders').fill('');
  await page.getByLabel('From').fill('2026-10-31');
  await page.getByLabel('To').fill('2026-10-31');
  await page.getByTestId('orders-count').getByText('1 of 3 orders').waitFor();
  expect(await row(lateOct31.order_number).count()).toBe(1);
  // The row shows the day the filter means, the shop's (Tokyo's clock says 1 November).
  expect(await row(lateOct31.order_number).textContent()).toContain('Oct 31, 2026');
  const server = await fetch(`${e2e.server.url}/api/orders?dateFrom=2026-10-31&dateTo=2026-10-31`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await server.json()) as { orders: { id: string }[] }).orders.map((order) => order.id)).toEqual([lateOct31.id]);

  await page.getByLabel('To').fill('2026-11-01');
  await page.getByLabel('Search orders').fill('a');
  await page.getByTestId('orders-count').getByText('2 of 3 orders').waitFor();
  const dir = process.env.SCREENSHOT_DIR;
  for (const [width, height] of dir ? ([[390, 844], [1024, 768], [1440, 900]] as const) : []) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(dir!, `orders-filtered-${width}x${height}.png`), fullPage: true });
  }
  await tablet.close();
});
