/**
 * The cut jobs on the Fulfillment screen: each colour's roll, its sheets and the lines whose decals
 * may tear when weeded, from the server's nesting. With SCREENSHOT_DIR set, it saves the screen at
 * the three sizes there, to look at.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestOrder } from '../server/orders/order.test-support';
import { signIn } from './support/admin';
import { useServerAndBrowser } from './support/harness';

const ADMIN_EMAIL = 'boss@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';
const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });

it('names the lines that may tear beside each job’s roll', async () => {
  const db = e2e.server.app.context.db;
  const bold = await createTestOrder(db, { items: [{ text: 'Mugged Off', color: 'Teal', font: 'Poppins', quantity: 2 }, { device: 'Large Bottle', productType: 'water-bottle', text: 'Villa', color: 'Purple', font: 'Inter' }] });
  const script = await createTestOrder(db, { items: [{ device: 'Standard Glass', productType: 'champagne-glass', text: 'Cheers babe', color: 'Teal', font: 'Pecita', fontSize: 16 }] });
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signIn(page, e2e.server.url, '/admin/fulfillment', ADMIN_EMAIL, ADMIN_PASSWORD);
  const teal = page.locator('li.cut-job[data-color="Teal"]');
  const note = teal.getByRole('note');
  await note.waitFor();
  expect(await note.textContent()).toMatch(new RegExp(`^⚠ 1 line may tear when weeded \\(marked in red on the sheet\\): ${script.order_number} L1 \\(strokes 0\\.\\d+ mm\\)$`));
  expect(await teal.locator('.cut-job__roll').textContent()).toMatch(/^\d+ mm of the 300 mm roll · \d+ % used$/);
  expect(await page.locator('li.cut-job[data-color="Purple"]').getByRole('note').count()).toBe(0);
  expect(bold.order_number).not.toBe(script.order_number);

  const dir = process.env.SCREENSHOT_DIR;
  if (dir) {
    for (const [width, height] of [[390, 844], [1024, 768], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      // The queue scrolls inside the screen: bring the cut jobs into view.
      await page.getByRole('region', { name: /Cut jobs by vinyl colour/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `cut-jobs-${width}x${height}.png`) });
    }
  }
  await context.close();
});
