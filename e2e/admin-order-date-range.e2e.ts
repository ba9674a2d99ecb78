/**
 * Picking 9999-12-31 as the To date on the Orders screen shows no crash screen: the
 * screen says which dates it takes and keeps listing the orders. With SCREENSHOT_DIR set, it saves
 * the screen at the three sizes there, to look at.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestOrder } from '../server/orders/order.test-support';
import { signIn } from './support/admin';
import { useServerAndBrowser } from './support/harness';

const ADMIN_EMAIL = 'boss@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';
const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD, SHOP_TIME_ZONE: 'America/New_York' });

it('says which dates it takes instead of crashing on 9999-12-31', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { createdAt: Date.parse('2026-11-01T16:00:00Z') });
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signIn(page, e2e.server.url, '/admin/orders', ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.locator(`[data-order-number="${order.order_number}"]`).waitFor();

  await page.getByLabel('To').fill('9999-12-31');
  const alert = page.getByRole('alert').filter({ hasText: 'The To date must be a date from 2000-01-01 to 2099-12-31.' });
  await alert.waitFor();
  expect(await page.getByTestId('orders-count').textContent()).toBe('1 of 1 orders');
  await page.locator(`[data-order-number="${order.order_number}"]`).waitFor();

  const dir = process.env.SCREENSHOT_DIR;
  if (dir) {
    for (const [width, height] of [[390, 844], [1024, 768], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: path.join(dir, `orders-date-range-${width}x${height}.png`), fullPage: true });
    }
  }
  await context.close();
});
