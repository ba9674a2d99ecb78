import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { startE2eServer, type E2eServer } from './support/server';
import {
  ADMIN_ENV,
  adminToken,
  axeSeriousViolations,
  enterCard,
  fillShipping,
  listOrders,
  openCheckout,
  seedCart,
  SHOPPER,
} from './checkout-helpers';


let server: E2eServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  server = await startE2eServer(ADMIN_ENV);
  browser = await launchChromium();
  token = await adminToken(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function freshPage(options: { bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  return { context, page: await context.newPage() };
}

async function ordersFor(email: string) {
  return (await listOrders(server.url, token)).orders.filter((order) => order.customerEmail === email);
}

/** Paid intents whose cart snapshot belongs to this shopper (the server's own record of charges). */
async function succeededIntentsFor(email: string): Promise<number> {
  const db = server.app.context.db as unknown as Kysely<any>;
  const rows = await db.selectFrom('payment_intents').select('id').where('status', '=', 'succeeded').where('snapshot', 'like', `%${email}%`).execute();
  return rows.length;
}

describe('checkout in Chromium with the test gateway', () => {
  it('buys with 4242 4242 4242 4242: confirmation, order in the admin list, cart cleared, no axe violations', async () => {
    const { context, page } = await freshPage();
    await seedCart(page, server.url, [{ text: 'Villa Vibes', quantity: 2 }]);
    await openCheckout(page, server.url);
    expect(await axeSeriousViolations(page)).toEqual([]);
    await page.getByText('Villa Vibes').first().waitFor();

    await fillShipping(page, { ...SHOPPER, Email: 'first-buyer@example.com' });
    await page.getByRole('button', { name: /Continue/ }).click();
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    await enterCard(page, '4242 4242 4242 4242');
    expect(await axeSeriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
    await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').textContent())!;
    expect(await page.getByTestId('order-total').textContent()).toBe('$12.91');
    expect(await page.getByTestId('order-email').textContent()).toBe('first-buyer@example.com');
    await page.getByText('Order placed successfully!').waitFor();
    expect(await axeSeriousViolations(page)).toEqual([]);

    const orders = await ordersFor('first-buyer@example.com');
    expect(orders.map((order) => order.orderNumber)).toEqual([orderNumber]);
    expect(orders[0].total).toBe(12.91);
    await page.getByTestId('cart-count').filter({ hasText: '0' }).waitFor();
    const dataLayer = await page.evaluate(() => (window as unknown as { dataLayer: { event: string; ecommerce: { transaction_id: string; currency: string } }[] }).dataLayer);
    expect(dataLayer.find((entry) => entry.event === 'purchase')?.ecommerce).toMatchObject({ transaction_id: orderNumber, currency: 'USD' });

    await page.reload();
    await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
    await page.getByRole('button', { name: 'Continue Shopping' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/checkout`);
    await page.getByText('Your cart is empty.').waitFor();
    await context.close();
  });

  it('shows the exact message of each declined test card and charges nothing', async () => {
    const { context, page } = await freshPage();
    await seedCart(page, server.url);
    await openCheckout(page, server.url);
    await fillShipping(page, { ...SHOPPER, Email: 'declined@example.com' });
    await page.getByRole('button', { name: /Continue/ }).click();
    const cases = [
      ['4000 0000 0000 9995', 'Insufficient funds. Please try a different card.'],
      ['4000 0000 0000 0069', 'Your card has expired. Please use a different card.'],
      ['4000 0000 0000 0127', 'Incorrect security code. Please check your CVC and try again.'],
      ['4000 0000 0000 0119', 'Payment processing error. Please try again.'],
      ['4000 0000 0000 0002', 'Your card was declined. Please try a different payment method.'],
      ['4000 0027 6000 3184', 'Payment requires additional authentication. Please try again.'],
    ];
    for (const [card, message] of cases) {
      await enterCard(page, card);
      await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
    }
    expect(await ordersFor('declined@example.com')).toEqual([]);
    await context.close();
  });

  it('shows every step-1 validation message and stays on step 1', async () => {
    const { context, page } = await freshPage();
    await seedCart(page, server.url);
    await openCheckout(page, server.url);
    await page.getByLabel('State', { exact: true }).selectOption('');
    await page.getByRole('button', { name: /Continue/ }).click();
    for (const message of [
      'Email is required',
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await axeSeriousViolations(page)).toEqual([]);
    await fillShipping(page, { ...SHOPPER, Email: 'nope@', Phone: '555', 'ZIP code': '1234' });
    await page.getByRole('button', { name: /Continue/ }).click();
    await page.getByText('Invalid email format', { exact: true }).waitFor();
    await page.getByText('Invalid US phone number format', { exact: true }).waitFor();
    await page.getByText('Invalid ZIP code format (12345 or 12345-6789)', { exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('ok@example.com');
    expect(await page.getByText('Invalid email format').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Shipping Information' }).count()).toBe(1);
    await context.close();
  });

  it('creates one order when Place Order is double-clicked', async () => {
    const { context, page } = await freshPage();
    await seedCart(page, server.url);
    await openCheckout(page, server.url);
    await fillShipping(page, { ...SHOPPER, Email: 'double@example.com' });
    await page.getByRole('button', { name: /Continue/ }).click();
    await enterCard(page, '4242424242424242');
    // Hold the answer a moment so the second click and the busy state are certainly seen.
    await page.route('**/api/checkout', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).dblclick();
    const busy = page.getByRole('button', { name: 'Processing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Processing...' }).click({ force: true }).catch(() => undefined);
    await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
    expect(await ordersFor('double@example.com')).toHaveLength(1);
    expect(await succeededIntentsFor('double@example.com')).toBe(1);
    await context.close();
  });

  it('shows the connection message when the server cannot be reached mid-checkout, and charges nothing', async () => {
    const { context, page } = await freshPage();
    await seedCart(page, server.url);
    await openCheckout(page, server.url);
    await fillShipping(page, { ...SHOPPER, Email: 'offline@example.com' });
    await page.getByRole('button', { name: /Continue/ }).click();
    await enterCard(page, '4242424242424242');

    await page.route('**/api/health', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Cannot connect to server. Please check if the backend is running.' }).waitFor();
    await page.unroute('**/api/health');

    // The checkout itself gets no answer: it may have charged, so the page checks rather than say "Cannot connect".
    await page.route('**/api/checkout', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
    await page.getByRole('heading', { name: 'Checking your payment' }).waitFor();
    expect(await page.getByText('Cannot connect to server').count()).toBe(0);
    expect(await ordersFor('offline@example.com')).toEqual([]);
    expect(await succeededIntentsFor('offline@example.com')).toBe(0);

    // Once an answer can be had, the same checkout (same key) goes through once, with no tap.
    await page.unroute('**/api/checkout');
    await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
    expect(await ordersFor('offline@example.com')).toHaveLength(1);
    expect(await succeededIntentsFor('offline@example.com')).toBe(1);
    await context.close();
  });

  it("shows 'Payment System Unavailable' with the reason when Stripe.js cannot load, and Retry reloads", async () => {
    // The server runs the test gateway, so its CSP (rightly) refuses Stripe's host; this test fakes a
    // Stripe config to reach the unreachable-host path, so the page is loaded without the CSP.
    const { context, page } = await freshPage({ bypassCSP: true });
    await seedCart(page, server.url);
    // The server says Stripe; Stripe's script host is unreachable (as it is offline or blocked).
    await page.route('**/api/payments/config', (route) =>
      route.fulfill({ json: { provider: 'stripe', publishableKey: 'pk_test_unreachable', currency: 'usd' } }),
    );
    let stripeScriptRequests = 0;
    await page.route('https://js.stripe.com/**', (route) => {
      stripeScriptRequests++;
      return route.abort('internetdisconnected');
    });
    await page.goto(`${server.url}/checkout`);
    await page.getByRole('heading', { name: 'Payment System Unavailable' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Stripe.js' }).count()).toBe(1);
    expect(stripeScriptRequests).toBeGreaterThan(0);
    expect(await axeSeriousViolations(page)).toEqual([]);

    await page.unroute('**/api/payments/config');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
    await context.close();
  });

  it('keeps Stripe.js and the checkout code out of the first load of /', async () => {
    const { context, page } = await freshPage();
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    await page.goto(`${server.url}/`);
    await page.getByTestId('cart-count').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((source) => source.includes('js.stripe.com'))).toBe(false);
    expect(scripts.some((source) => source.includes('Payment System Unavailable'))).toBe(false);
    await context.close();
  });
});
