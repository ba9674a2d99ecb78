/**
 * What the print room's tablet (1024x768) shows without scrolling, in real Chromium against the
 * real server: eight orders and more on the Orders tab (one-, two- and three-line orders alike),
 * the three fulfillment lists side by side (tabs on a phone), and the date range only on the
 * Overview, where it applies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';
import { createTestOrder } from '../server/orders/order.test-support';
import { signIn as signInAs } from './support/admin';

const ADMIN_EMAIL = 'boss@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';

/** Where screenshots go for a person to look at, when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name) });
}

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

it('shows two cards and more in the production and shipping lists at 1024x768, Mark buttons in reach, the name, cut jobs in one tap', async () => {
  const db = e2e.server.app.context.db;
  // One-, two- and three-line orders in turn, with long device and colour names.
  const lines = [
    { device: 'Samsung Galaxy S24 Ultra', color: 'Metallic Silver', text: 'Bombshell of the Villa' },
    { device: 'iPhone 15 Pro Max', color: 'Hot Pink', text: 'Grafting' },
    { device: 'Water bottle', color: 'Ocean Blue', text: 'My Type on Paper' },
  ];
  for (const status of ['processing', 'printed', 'shipped'] as const) for (let i = 0; i < 5; i++) await createTestOrder(db, { status, items: lines.slice(0, (i % 3) + 1) });
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const page = await context.newPage();
    await signInAs(page, e2e.server.url, '/admin/fulfillment', ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.locator('[data-queue="transit"] .queue-card').first().waitFor();
    await shoot(page, 'fulfillment-1024x768.png');
    // Each card's own Mark button ("Mark VP-… Printed"), the last of its actions; the lists run to the
    // bottom of the screen (the notification strip is kept only while a notification shows). The
    // narrow In transit column sets a line's words under its picture: one card of three lines fills it.
    for (const [queue, atLeast] of [['production', 2], ['ready', 2], ['transit', 1]] as const) {
      expect(await fullyVisible(page, `[data-queue="${queue}"] .queue-card__actions > button`), `${queue}: Mark buttons in reach`).toBeGreaterThanOrEqual(atLeast);
    }
    expect(await fullyVisible(page, '[data-queue="ready"] .queue-card input[aria-label^="Tracking number for"]')).toBeGreaterThanOrEqual(2);
    await expect.poll(() => fullyVisible(page, '.admin-user__name')).toBe(1);
    expect(await page.locator('.admin-user__name').textContent()).not.toBe('');

    // A notification never lies over a button: while it shows, the lists end above it.
    await page.locator('[data-queue="production"] .queue-card__actions > button').first().click();
    // The lists give the notification its strip in the frame after it shows: read the settled layout.
    const coveredButtons = async () => {
      const toast = await page.locator('.toast').first().boundingBox();
      // Each button as the admin sees it: clipped by the scrolling lists it sits in.
      const buttons = await page.locator('.queue-card__actions > button:visible').evaluateAll((elements) =>
        elements.map((element) => {
          const shown = element.getBoundingClientRect().toJSON() as { top: number; bottom: number; left: number; right: number };
          for (let parent = element.parentElement; parent; parent = parent.parentElement) {
            if (getComputedStyle(parent).overflowY === 'visible') continue;
            const clip = parent.getBoundingClientRect();
            shown.top = Math.max(shown.top, clip.top);
            shown.bottom = Math.min(shown.bottom, clip.bottom);
          }
          return shown;
        }),
      );
      return buttons.filter((b) => b.bottom > b.top && b.bottom > toast!.y && b.top < toast!.y + toast!.height && b.right > toast!.x && b.left < toast!.x + toast!.width && b.top < 768);
    };
    await expect.poll(coveredButtons).toEqual([]);

    await page.getByRole('button', { name: 'Cut jobs', exact: true }).click();
    await expect.poll(() => fullyVisible(page, '#cut-jobs-title')).toBe(1);
    await shoot(page, 'fulfillment-cut-jobs-1024x768.png');

    for (const [width, height] of [[390, 844], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${e2e.server.url}/admin/fulfillment`);
      await page.locator('[data-queue="production"] .queue-card').first().waitFor();
      await shoot(page, `fulfillment-${width}x${height}.png`);
      await page.goto(`${e2e.server.url}/admin/orders`);
      await page.locator('.orders-table__body [role="row"]').first().waitFor();
      await shoot(page, `orders-${width}x${height}.png`);
    }
  } finally {
    await context.close();
  }
});
