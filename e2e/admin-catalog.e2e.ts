/**
 * The owner's Catalogue screen on the print room's tablet (design.md §9): a variant added there is
 * on sale in the shop's designer at once, at its print area; screenshots at 1024×768 and 390×844.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import { signIn } from './support/admin';

const ADMIN_EMAIL = 'owner@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';
const SHOTS = process.env.SHOTS_DIR;

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });

it('adds a variant on the tablet, and the designer sells it at its print area', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signIn(page, e2e.server.url, '/admin/catalog', ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Catalogue', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Catalogue' }).waitFor();
  const phones = page.getByRole('list', { name: 'Phone Case variants' });
  await phones.getByText('iPhone 16 Pro', { exact: true }).waitFor();

  // A name that exists is refused with the server's words, and nothing is added.
  await page.getByLabel('New Phone Case variant name').fill('iphone 14 pro');
  await page.getByRole('button', { name: 'Add Phone Case variant' }).click();
  await page.getByRole('alert').filter({ hasText: 'A variant named “iPhone 14 Pro” already exists' }).waitFor();

  await page.getByLabel('New Phone Case variant name').fill('Pixel 9 Pro');
  await page.getByLabel('New Phone Case variant print width in mm').fill('64');
  await page.getByLabel('New Phone Case variant print length in mm').fill('132');
  await page.getByRole('button', { name: 'Add Phone Case variant' }).click();
  await phones.getByText('Pixel 9 Pro', { exact: true }).waitFor();
  await phones.getByText('64 × 132 mm').waitFor();
  expect(await page.getByRole('button', { name: 'Retire Pixel 9 Pro' }).isEnabled()).toBe(true);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/catalog-1024x768.png` });
    await page.screenshot({ path: `${SHOTS}/catalog-1024x768-full.png`, fullPage: true });
  }

  // The shop in another tab of the same browser: the new model is in the designer's list.
  const shop = await context.newPage();
  await shop.goto(`${e2e.server.url}/customize`);
  const model = shop.getByLabel('2. Phone model');
  await model.locator('option', { hasText: 'Pixel 9 Pro' }).waitFor({ state: 'attached' });
  await model.selectOption('Pixel 9 Pro');
  await shop.getByTestId('decal-title').filter({ hasText: "Vinyl decal for Pixel 9 Pro: fits the Pixel 9 Pro's back, up to 132\u00a0×\u00a064\u00a0mm" }).waitFor();

  // Retired, it leaves the designer when the shop next asks.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Retire Pixel 9 Pro' }).click();
  await page.getByRole('button', { name: 'Sell Pixel 9 Pro again' }).waitFor();
  await shop.reload();
  await shop.getByLabel('2. Phone model').locator('option', { hasText: 'iPhone 16 Pro' }).waitFor({ state: 'attached' });
  expect(await shop.getByLabel('2. Phone model').locator('option').allTextContents()).not.toContain('Pixel 9 Pro');

  if (SHOTS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${SHOTS}/catalog-1440x900.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/catalog-390x844.png` });
    await page.screenshot({ path: `${SHOTS}/catalog-390x844-full.png`, fullPage: true });
  }

  // The placement of a variant: prefilled, refused when the print area would leave the outline, saved.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Placement of iPhone 16 Pro' }).click();
  const form = page.getByRole('form', { name: 'Placement of iPhone 16 Pro' });
  expect(await form.getByLabel('iPhone 16 Pro product width in mm').inputValue()).toBe('71.5');
  // The outline is drawn with the usable area on it, and follows the fields as they are typed.
  const drawing = form.getByRole('img', { name: /^iPhone 16 Pro: product/ });
  expect(await drawing.getAttribute('aria-label')).toBe('iPhone 16 Pro: product 71.5 × 149.6 mm, usable area 63.5 × 97.6 mm');
  await form.getByLabel('iPhone 16 Pro product width in mm').fill('60');
  await expect.poll(() => drawing.getAttribute('aria-label')).toBe('iPhone 16 Pro: product 60 × 149.6 mm, usable area 63.5 × 97.6 mm, which leaves the product outline');
  await form.getByRole('button', { name: 'Save placement of iPhone 16 Pro' }).click();
  await page.getByRole('alert').filter({ hasText: 'must fit inside the product outline' }).waitFor();
  await form.scrollIntoViewIfNeeded();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/catalog-placement-1024x768.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/catalog-placement-390x844.png` });
  }
  await form.getByLabel('iPhone 16 Pro product width in mm').fill('71.5');
  await form.getByLabel('iPhone 16 Pro centre down in mm').fill('100');
  await form.getByLabel('iPhone 16 Pro placement guide').fill('Centre 100 mm from the top edge');
  await form.getByRole('button', { name: 'Save placement of iPhone 16 Pro' }).click();
  await page.getByText('iPhone 16 Pro: placement saved').first().waitFor();

  // The usable area's own form draws it on the product too, at every screen size.
  await page.getByRole('button', { name: 'Edit usable area of Samsung Galaxy S22' }).click();
  const areaForm = page.getByRole('form', { name: 'Usable area of Samsung Galaxy S22' });
  const areaDrawing = areaForm.getByRole('img', { name: /^Samsung Galaxy S22: product/ });
  expect(await areaDrawing.getAttribute('aria-label')).toBe('Samsung Galaxy S22: product 70.6 × 146 mm, usable area 62.6 × 82 mm');
  await areaForm.getByLabel('Samsung Galaxy S22 usable length in mm').fill('120');
  await expect.poll(() => areaDrawing.getAttribute('aria-label')).toContain('usable area 62.6 × 120 mm, which leaves the product outline');
  if (SHOTS) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1024, height: 768 }, { width: 1440, height: 900 }]) {
      await page.setViewportSize(viewport);
      await areaForm.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/catalog-area-${viewport.width}x${viewport.height}.png` });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
  }
  await areaForm.getByRole('button', { name: 'Cancel editing Samsung Galaxy S22' }).click();
  await page.getByRole('button', { name: 'Placement of iPhone 16 Pro' }).click();
  expect(await form.getByLabel('iPhone 16 Pro placement guide').inputValue()).toBe('Centre 100 mm from the top edge');
  await context.close();
});
