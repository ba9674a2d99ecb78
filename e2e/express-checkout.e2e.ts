/**
 * Express checkout on a 390x844 phone with Stripe configured: the Express Checkout
 * Element (a local stand-in of Stripe.js) supplies the payer's details, and the server charges
 * through the `stripe` package against the local Stripe API stand-in, on the card form's path.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { toDollars } from '../shared/money';
import { computeTotals } from '../shared/pricing';
import { startStripeStandIn, type StripeStandIn } from '../server/test/stripe-stand-in';
import { launchChromium } from './support/chromium';
import { startE2eServer, type E2eServer } from './support/server';
import { serveStripeJsStandIn, type StripeStandInLog, type WalletStandIn } from './support/stripe-js-stand-in';
import { ADMIN_ENV, adminToken, listOrders, seedCart } from './checkout-helpers';
import { startCuttableProxy } from './support/cuttable-proxy';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' as const };
const WALLET: WalletStandIn = {
  billingDetails: { name: 'Priya Patel', email: 'priya@example.com', phone: '+15551234567' },
  shippingAddress: { name: 'Priya Patel', address: { line1: '5 Ocean Drive', line2: 'Apt 2', city: 'Miami', state: 'FL', postal_code: '33139', country: 'US' } },
};

let standIn: StripeStandIn;
let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  server = await startE2eServer({
    ...ADMIN_ENV,
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: 'whsec_stand_in',
    STRIPE_API_BASE: standIn.url,
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await standIn?.close();
});

it('places one order from the wallet: its name, e-mail, phone and address, priced and charged by the server', async () => {
  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(20_000);
  await serveStripeJsStandIn(context, WALLET);
  const page = await context.newPage();
  await seedCart(page, server.url, [{ text: 'Wallet Vibes', quantity: 2 }]);
  await page.goto(`${server.url}/checkout`);
  await page.getByRole('heading', { name: 'Express checkout' }).waitFor();
  // The card form stays below for shoppers without a wallet.
  await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();

  await page.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();

  const log = (await page.evaluate(() => (window as unknown as { __stripeStandIn: unknown }).__stripeStandIn)) as StripeStandInLog;
  expect(log.expressOptions).toMatchObject({ emailRequired: true, phoneNumberRequired: true, shippingAddressRequired: true, allowedShippingCountries: ['US'] });
  const totals = computeTotals([{ quantity: 2 }]);
  // The sheet showed the checkout's own total, and its lines add up to it.
  expect(log.sheets).toHaveLength(1);
  expect(log.sheets[0]!.amount).toBe(totals.total);
  const sheetSum = [...log.sheets[0]!.lineItems, ...log.sheets[0]!.shippingRates].reduce((sum, line) => sum + line.amount, 0);
  expect(sheetSum).toBe(totals.total);
  expect(log.failures).toEqual([]);

  // One charge at Stripe, one order with the wallet's details.
  expect(standIn.charges()).toBe(1);
  const { orders } = await listOrders(server.url, await adminToken(server.url));
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ customerEmail: 'priya@example.com', total: toDollars(totals.total) });
  const detail = await fetch(`${server.url}/api/orders/${(orders[0] as unknown as { id: string }).id}`, { headers: { Authorization: `Bearer ${await adminToken(server.url)}` } });
  const { order } = (await detail.json()) as { order: { customerName: string; customerPhone: string; shippingAddress: Record<string, string> } };
  expect(order.customerName).toBe('Priya Patel');
  expect(order.customerPhone).toBe('+15551234567');
  expect(order.shippingAddress).toMatchObject({ street: '5 Ocean Drive, Apt 2', city: 'Miami', state: 'FL', postcode: '33139' });
  await context.close();
});

it("refuses a wallet address the shop cannot ship to, in the wallet's sheet and on the page, and charges nothing", async () => {
  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(20_000);
  await serveStripeJsStandIn(context, { ...WALLET, shippingAddress: { ...WALLET.shippingAddress, address: { ...WALLET.shippingAddress.address, postal_code: 'SW1A 1AA' } } });
  const page = await context.newPage();
  await seedCart(page, server.url);
  await page.goto(`${server.url}/checkout`);
  const charges = standIn.charges();
  await page.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await page.getByRole('alert').filter({ hasText: "Your wallet's details were not accepted" }).waitFor();
  const log = (await page.evaluate(() => (window as unknown as { __stripeStandIn: unknown }).__stripeStandIn)) as StripeStandInLog;
  expect(log.failures).toEqual([expect.objectContaining({ reason: 'invalid_shipping_address' })]);
  expect(log.paymentMethods).toEqual([]);
  expect(standIn.charges()).toBe(charges);
  await context.close();
});

it('loses the wallet checkout\'s answer, says it is checking, and after a reload shows the one order: one order, one charge', async () => {
  const proxy = await startCuttableProxy(server.url);
  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(20_000);
  await serveStripeJsStandIn(context, { ...WALLET, billingDetails: { ...WALLET.billingDetails, email: 'lost-wallet@example.com' } });
  const page = await context.newPage();
  try {
    await seedCart(page, proxy.url, [{ text: 'Lost Vibes', quantity: 1 }]);
    await page.goto(`${proxy.url}/checkout`);
    await page.getByRole('heading', { name: 'Express checkout' }).waitFor();
    const chargesBefore = standIn.charges();

    // The server takes the payment; its answer never arrives and the link goes down.
    proxy.loseNextAnswer('POST /api/checkout', true);
    await page.getByRole('button', { name: 'Pay with Google Pay' }).click();
    await page.getByRole('heading', { name: 'Checking your payment' }).waitFor();
    expect(await page.getByText(/Cannot connect/).count()).toBe(0);

    await proxy.restore();
    await page.reload();
    await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
    const { orders } = await listOrders(server.url, await adminToken(server.url));
    expect(orders.filter((order) => order.customerEmail === 'lost-wallet@example.com')).toHaveLength(1);
    expect(standIn.charges() - chargesBefore).toBe(1);
  } finally {
    await proxy.restore();
    await context.close();
    await proxy.close();
  }
});
