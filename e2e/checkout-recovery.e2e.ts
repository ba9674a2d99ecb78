/**
 * Checkout without a connection: opened offline from the cached app it shows one message,
 * lets the shopper fill the shipping step, and when the network returns it loads the payment
 * system and opens the payment step by itself, as its message promises.
 */
import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import { waitForServiceWorkerControl } from './pwa-support';
import { enterCard, fillShipping, seedCart, SHOPPER } from './checkout-helpers';

const SHOPPER_OFFLINE = { ...SHOPPER, Email: 'back-online@example.com' };

const e2e = useServerAndBrowser();

it('offline: one message and a fillable shipping step; back online: payment opens by itself and the order goes through', async () => {
  const context = await e2e.browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await seedCart(page, e2e.server.url);
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.goto(`${e2e.server.url}/checkout`);
  await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
  const connectionMessages = page.getByText(/needs a connection|trouble connecting|Payment System Unavailable/);
  await connectionMessages.first().waitFor();
  expect(await connectionMessages.count()).toBe(1);

  await fillShipping(page, SHOPPER_OFFLINE);
  await page.getByRole('button', { name: /Continue/ }).click();
  expect(await page.getByRole('heading', { name: 'Payment', exact: true }).count()).toBe(0);
  expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(SHOPPER_OFFLINE.Email);

  // The network returns: nobody taps anything, the payment step opens with the details kept.
  await context.setOffline(false);
  await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
  expect(await connectionMessages.count()).toBe(0);
  await enterCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  await page.getByText(SHOPPER_OFFLINE.Email).first().waitFor();
  await context.close();
});
