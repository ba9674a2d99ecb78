/**
 * What the print room's tablet (1024x768) shows without scrolling, in real Chromium against the
 * real server: eight orders and more on the Orders tab (one-, two- and three-line orders alike),
 * the three fulfillment lists side by side (tabs on a phone), and the date range only on the
 * Overview, where it applies.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';
import { createTestOrder } from '../server/orders/order.test-support';
import { signIn as signInAs } from './support/admin';

const ADMIN_EMAIL = 'boss@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });

/** Elements whose whole box is inside the viewport. */
async function fullyVisible(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.filter((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
    }).length,
  );
}

it('shows eight orders and more on the tablet first screen of the Orders tab, without the date range', async () => {
  const db = e2e.server.app.context.db;
  const statuses = ['processing', 'printed', 'shipped'] as const;
  for (let i = 0; i < 14; i++) {
    const lines = (i % 3) + 1;
    await createTestOrder(db, { status: statuses[i % 3], items: Array.from({ length: lines }, (_, n) => ({ text: `Line ${n + 1} of order ${i}` })) });
  }
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const page = await context.newPage();
    await signInAs(page, e2e.server.url, '/admin/orders', ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByText(/^14 of 14 orders$/).waitFor();
    expect(await fullyVisible(page, '.orders-table__body [role="row"]')).toBeGreaterThanOrEqual(8);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    expect(await page.getByRole('group', { name: 'Date range' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('group', { name: 'Date range' }).waitFor();
  } finally {
    await context.close();
  }
});

it('has the production queue, ready to ship and in transit side by side on the tablet, and as tabs on a phone', async () => {
  const db = e2e.server.app.context.db;
  for (let i = 0; i < 12; i++) await createTestOrder(db, { status: 'processing' });
  const shipped = await createTestOrder(db, { status: 'shipped' });
  const ready = await createTestOrder(db, { status: 'printed' });

  const tablet = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const page = await tablet.newPage();
    await signInAs(page, e2e.server.url, '/admin/fulfillment', ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.locator(`[data-order-number="${shipped.order_number}"]`).first().waitFor();
    for (const name of ['Production queue', 'Ready for shipping', 'In transit']) {
      const box = await page.getByRole('heading', { name, level: 2 }).boundingBox();
      expect(box!.y + box!.height, name).toBeLessThanOrEqual(768);
    }
    // A long production queue scrolls in its own column; the other lists stay where they are.
    const transitBefore = await page.getByRole('heading', { name: 'In transit', level: 2 }).boundingBox();
    await page.locator('[data-queue="production"] .queue-card').last().scrollIntoViewIfNeeded();
    expect(await page.getByRole('heading', { name: 'In transit', level: 2 }).boundingBox()).toEqual(transitBefore);
  } finally {
    await tablet.close();
  }

  const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await phone.newPage();
    await signInAs(page, e2e.server.url, '/admin/fulfillment', ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('tab', { name: /To print/ }).waitFor();
    await page.getByRole('tab', { name: /To ship/ }).click();
    await page.getByRole('tabpanel', { name: /To ship/ }).locator(`[data-order-number="${ready.order_number}"]`).waitFor();
    await page.getByRole('tab', { name: /In transit/ }).click();
    await page.locator(`[data-queue="transit"] [data-order-number="${shipped.order_number}"]`).waitFor();
    const box = await page.getByRole('heading', { name: 'In transit', level: 2 }).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  } finally {
    await phone.close();
  }
});
