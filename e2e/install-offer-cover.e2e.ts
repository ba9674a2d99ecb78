/**
 * The home-screen offer ("Keep Villa Prints on your home screen") never covers what the shopper is
 * doing: it shows on the designer once due, and not while the cart drawer is open, nor on the
 * checkout. iOS Safari's variant, which needs no browser event, at 390x844.
 */
import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import { seedCart } from './checkout-helpers';

const e2e = useServerAndBrowser();
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

it('keeps the install offer off the cart drawer and the checkout', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE_SAFARI });
  const page = await context.newPage();
  // A design already reached the cart on an earlier visit: the offer is due.
  await page.addInitScript(() => localStorage.setItem('villa.install.moment', '1'));
  await seedCart(page, e2e.server.url);
  const offer = page.getByText('Keep Villa Prints on your home screen');

  await page.reload();
  await offer.waitFor();

  await page.getByRole('button', { name: /cart/i }).first().click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).waitFor();
  expect(await offer.count()).toBe(0);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByLabel('Email').first().waitFor();
  expect(await offer.count()).toBe(0);

  await page.goBack();
  await offer.waitFor();
  await context.close();
});
