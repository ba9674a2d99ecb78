/**
 * After Add on a 390x844 phone: the notice leads to the cart, a cart button stays in
 * reach, the drawer's total is never covered, Clear cart says 'Cart cleared' (and undoes), and a
 * signed-in customer's checkout opens filled from their account and last order.
 */
import { expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkoutBody } from '../server/payments/payment.test-support';
import { useServerAndBrowser } from './support/harness';
import { seedCart } from './checkout-helpers';

const e2e = useServerAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' as const };

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
}

async function boxOf(page: Page, selector: string) {
  return (await page.locator(selector).boundingBox())!;
}

it('offers View cart on the Add notice and keeps a cart button in reach after scrolling', async () => {
  const { context, page } = await phone(e2e.browser);
  await page.goto(`${e2e.server.url}/`);
  await page.getByLabel('3. Your text').fill('Villa Vibes');
  await page.getByRole('radio', { name: 'Hot Pink' }).check();
  await page.getByRole('button', { name: 'ADD TO CART - $5.95' }).click();
  const notice = page.locator('.toast').filter({ hasText: 'Added to cart!' });
  await notice.waitFor();

  // Back at the top the header's cart is in view, and no second button covers the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.locator('.cart-fab').count()).toBe(0);
  // Scrolled down to the reviews, the header's cart is gone; the floating one is there with the count.
  await page.mouse.wheel(0, 2000);
  const floating = page.getByRole('button', { name: /View cart, 1 item/ });
  await floating.waitFor();
  expect(await floating.isVisible()).toBe(true);

  await notice.getByRole('button', { name: 'View cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.waitFor();
  await drawer.getByText('“Villa Vibes”').waitFor();
  expect(await page.locator('.toast').count()).toBe(0);

  // A notice raised while the drawer is open (a quantity change) stays clear of the total and the button.
  await drawer.getByRole('button', { name: 'Increase quantity of Villa Vibes' }).click();
  await drawer.getByRole('button', { name: 'Decrease quantity of Villa Vibes' }).click();
  await drawer.getByRole('button', { name: 'Decrease quantity of Villa Vibes' }).click();
  await page.locator('.toast').filter({ hasText: 'Item removed from cart' }).waitFor();
  await drawer.getByText('Your cart is empty.').waitFor();
  await context.close();
});

it("keeps the drawer's total and Proceed to Checkout uncovered by a notice", async () => {
  const { context, page } = await phone(e2e.browser);
  await seedCart(page, e2e.server.url, [{ text: 'Grafted', quantity: 1 }, { text: 'Loyal', quantity: 2 }]);
  await page.reload();
  await page.getByRole('button', { name: 'Cart 3 items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByRole('button', { name: 'Increase quantity of Grafted' }).click();
  await drawer.getByRole('button', { name: 'Remove Loyal' }).click();
  const toast = await page.locator('.toast').filter({ hasText: 'Item removed from cart' }).boundingBox();
  const total = await boxOf(page, '.cart-totals__total');
  const proceed = (await drawer.getByRole('button', { name: 'Proceed to Checkout' }).boundingBox())!;
  const overlaps = (a: typeof total, b: typeof total) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps(toast!, total)).toBe(false);
  expect(overlaps(toast!, proceed)).toBe(false);
  // No card of the drawer is wider than the phone.
  const widest = await page.locator('.cart-line').evaluateAll((lines) => Math.max(...lines.map((line) => line.scrollWidth - line.clientWidth)));
  expect(widest).toBe(0);
  await context.close();
});

it("clears the cart with 'Cart cleared', and Undo brings the lines back", async () => {
  const { context, page } = await phone(e2e.browser);
  await seedCart(page, e2e.server.url, [{ text: 'Grafted', quantity: 1 }, { text: 'Loyal', quantity: 2 }]);
  await page.reload();
  await page.getByRole('button', { name: 'Cart 3 items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByRole('button', { name: 'Clear cart' }).click();
  const notice = page.locator('.toast').filter({ hasText: 'Cart cleared' });
  await notice.waitFor();
  await drawer.getByText('Your cart is empty.').waitFor();
  expect(await page.getByTestId('cart-count').textContent()).toBe('0');

  await notice.getByRole('button', { name: 'Undo' }).click();
  await drawer.getByText('“Loyal”').waitFor();
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3');
  await context.close();
});

it("opens a signed-in customer's checkout filled from their account and last order's address", async () => {
  const register = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'jo@example.com', password: 'sunset-villa-42', firstName: 'Jo', lastName: 'Banks', phone: '(555) 222-3333' }),
  });
  const { token } = (await register.json()) as { token: string };
  const earlier = checkoutBody();
  const placed = await fetch(`${e2e.server.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': 'prefill-earlier-order' },
    body: JSON.stringify({ ...earlier, customerInfo: { ...earlier.customerInfo, email: 'jo@example.com' }, shippingAddress: { address: '77 Palm Street', city: 'Austin', state: 'TX', zipCode: '73301', country: 'United States' } }),
  });
  expect(placed.status).toBe(201);

  const { context, page } = await phone(e2e.browser);
  await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
  await seedCart(page, e2e.server.url);
  await page.goto(`${e2e.server.url}/checkout`);
  await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await expect.poll(() => field('Address').inputValue()).toBe('77 Palm Street');
  expect(await field('Email').inputValue()).toBe('jo@example.com');
  expect(await field('First name').inputValue()).toBe('Jo');
  expect(await field('Last name').inputValue()).toBe('Banks');
  expect(await field('Phone').inputValue()).toBe('(555) 222-3333');
  expect(await field('City').inputValue()).toBe('Austin');
  expect(await field('State').inputValue()).toBe('TX');
  expect(await field('ZIP code').inputValue()).toBe('73301');
  expect(await field('Address').getAttribute('autocomplete')).toBe('shipping address-line1');
  // Filled means ready: Continue goes straight to payment.
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
  await context.close();
});
