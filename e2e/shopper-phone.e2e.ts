/**
 * The shopper's path on a 390x844 phone: the preview stays in view while typing, the
 * pay button carries the total, the account is a link away, and an offline start opens the cached
 * designer without the Retry screen.
 */
import { expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';
import { enterCard, goToPayment, openCheckout, seedCart } from './checkout-helpers';
import { waitForProductCache, waitForServiceWorkerControl } from './pwa-support';

const e2e = useServerAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
}

/** The part of the element's box inside the viewport, as a share of its area. */
async function shareInViewport(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const width = Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0));
    const height = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
    return (width * height) / (box.width * box.height);
  });
}

it('keeps the whole preview in view while the text box has focus and while picking a colour', async () => {
  const { context, page } = await phone(e2e.browser);
  await page.goto(`${e2e.server.url}/`);
  const input = page.getByLabel('3. Your text');
  const canvas = page.getByRole('img', { name: /^Preview: Vinyl decal for iPhone/ });
  await input.focus();
  await input.pressSequentially('Loyal, babe');
  // Polled: the preview shrinks with a 200 ms transition while a field has focus.
  await expect.poll(() => shareInViewport(canvas)).toBe(1);
  expect(await shareInViewport(input)).toBe(1);
  // The canvas and the field must not overlap: the field is below the sticky preview.
  const [canvasBox, inputBox] = [await canvas.boundingBox(), await input.boundingBox()];
  expect(inputBox!.y).toBeGreaterThanOrEqual(canvasBox!.y + canvasBox!.height);

  const yellow = page.getByRole('radio', { name: 'Yellow' });
  await yellow.scrollIntoViewIfNeeded();
  await yellow.check();
  expect(await shareInViewport(canvas)).toBe(1);
  await expect.poll(() => page.getByTestId('contrast-warning').textContent()).toContain('Yellow is hard to read on the white case');
  await context.close();
});

it('shows the order total on the pay button and in the phone summary bar', async () => {
  const { context, page } = await phone(e2e.browser);
  await seedCart(page, e2e.server.url, [{ text: 'Villa Vibes', quantity: 4 }]);
  await openCheckout(page, e2e.server.url);
  // 4 × $5.95 = $23.80, free shipping (default reading), 8.5 % tax $2.02: $25.82.
  await expect.poll(() => page.getByTestId('summary-toggle-total').textContent()).toBe('$25.82');
  const toggle = page.getByRole('button', { name: /Show order summary/ });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await page.getByTestId('checkout-total').isVisible()).toBe(false);
  await goToPayment(page);
  expect(await page.getByTestId('recap-contact').textContent()).toContain('sam@example.com');
  expect(await page.getByTestId('recap-ship-to').textContent()).toContain('10 Villa Lane, Los Angeles, California 90001');
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $25.82' }).click();
  const cardError = page.getByTestId('test-card-field').getByRole('alert');
  await expect.poll(() => cardError.textContent()).toBe('Your card was declined. Please try a different payment method.');
  // Polled: the field is brought into view with a smooth scroll, which may still be under way.
  await expect.poll(() => shareInViewport(page.getByLabel('Card number'))).toBe(1);
  expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
  await toggle.click();
  expect(await page.getByTestId('checkout-total').textContent()).toBe('$25.82');
  await context.close();
});

it('reaches the account from the header, the footer and the confirmation', async () => {
  const { context, page } = await phone(e2e.browser);
  await page.goto(`${e2e.server.url}/gallery`);
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Your Account', level: 1 }).waitFor();
  expect(await page.title()).toBe('Your account · Villa Prints');
  await page.goto(`${e2e.server.url}/faq`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Your account' }).click();
  await page.getByRole('heading', { name: 'Your Account', level: 1 }).waitFor();

  await seedCart(page, e2e.server.url);
  await openCheckout(page, e2e.server.url);
  await goToPayment(page);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  await page.getByRole('link', { name: 'Create an account to see this order later' }).click();
  await page.getByRole('heading', { name: 'Your Account', level: 1 }).waitFor();
  // The promise holds: the account made from this link, with the order's e-mail, lists the order.
  expect(await page.getByLabel('Email address').inputValue()).not.toBe('');
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Jama');
  await page.getByLabel('Choose a password').fill('sunset-villa-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(orderNumber).waitFor();
  await context.close();
});

it('opens the cached designer at once when started offline, with the offline banner and no Retry', async () => {
  const { context, page } = await phone(e2e.browser);
  await page.goto(`${e2e.server.url}/`);
  await page.getByLabel('3. Your text').waitFor();
  await waitForServiceWorkerControl(page);
  await waitForProductCache(page);
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Put your catchphrase on it' }).waitFor();
  await page.getByText('Offline mode: you can design and fill your cart; checkout needs a connection.').waitFor();
  expect(await page.getByRole('heading', { name: 'Connection Issue' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
  await page.getByLabel('3. Your text').fill('Still designing');
  await context.close();
});

it('links an iOS launch screen for each common iPhone size, each a PNG of that size at 3x', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/`);
  const links = await page.locator('link[rel="apple-touch-startup-image"]').evaluateAll((nodes) =>
    nodes.map((node) => ({ href: node.getAttribute('href')!, media: node.getAttribute('media')! })),
  );
  expect(links.length).toBeGreaterThanOrEqual(5);
  expect(await page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute('content')).toBe('yes');
  for (const link of links) {
    const [, width, height] = /device-width: (\d+)px\) and \(device-height: (\d+)px/.exec(link.media)!;
    const image = Buffer.from(await (await fetch(new URL(link.href, e2e.server.url))).arrayBuffer());
    expect(image.subarray(1, 4).toString('latin1'), link.href).toBe('PNG');
    expect({ width: image.readUInt32BE(16), height: image.readUInt32BE(20) }).toEqual({ width: Number(width) * 3, height: Number(height) * 3 });
  }
  await context.close();
});

it('gives every control on the shop screens a touch target of at least 44×44 px', async () => {
  const { context, page } = await phone(e2e.browser);
  await seedCart(page, e2e.server.url);
  const tooSmall: string[] = [];
  for (const route of ['/', '/gallery', '/faq', '/how-it-works', '/account', '/checkout']) {
    await page.goto(`${e2e.server.url}${route}`);
    await page.locator('h1').first().waitFor();
    if (route === '/gallery') await page.getByTestId('design-card').first().waitFor();
    if (route === '/') await page.getByRole('button', { name: /^Cart/ }).click();
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('a, button, select, textarea, summary, input:not(label input), label.swatch')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && getComputedStyle(element).visibility !== 'hidden' && (box.width < 44 || box.height < 44);
        })
        .map((element) => `${element.tagName} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(element.getBoundingClientRect().width)}x${Math.round(element.getBoundingClientRect().height)}`),
    );
    tooSmall.push(...found.map((entry) => `${route}: ${entry}`));
  }
  expect(tooSmall).toEqual([]);
  await context.close();
});
