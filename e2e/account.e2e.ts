import { useServerAndBrowser } from './support/harness';
import { expect, it } from 'vitest';
import { axeSeriousViolations, enterCard, fillShipping, openCheckout, seedCart, SHOPPER } from './checkout-helpers';


const e2e = useServerAndBrowser();

it('registers, buys while signed in, sees the order in the history (reloaded at checkout), signs out and in', async () => {
  const context = await e2e.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/account`);
  await page.getByRole('heading', { name: 'Create an account' }).waitFor();
  expect(await axeSeriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Password must be at least 8 characters').waitFor();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Shore');
  await page.getByLabel('Email address').fill('robin@example.com');
  await page.getByLabel('Choose a password').fill('sunset-villa-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Signed in as').waitFor();
  await page.getByText('No orders yet.').waitFor();

  await seedCart(page, e2e.server.url);
  await openCheckout(page, e2e.server.url);
  await fillShipping(page, { ...SHOPPER, Email: 'robin@example.com' });
  await page.getByRole('button', { name: /Continue/ }).click();
  await enterCard(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  const orderNumber = (await page.getByTestId('order-number').textContent())!;

  // The history was reloaded by the checkout itself: /account shows it even when the call fails now.
  await page.waitForFunction(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const request = indexedDB.open('reality-print-shop');
        request.onsuccess = () => {
          const get = request.result.transaction('meta').objectStore('meta').get('customerOrders');
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? '').includes(wanted));
          get.onerror = () => resolve(false);
        };
        request.onerror = () => resolve(false);
      }),
    orderNumber,
  );
  await page.route('**/api/orders/customer', (route) => route.abort('connectionrefused'));
  await page.goto(`${e2e.server.url}/account`);
  await page.getByRole('cell', { name: orderNumber }).waitFor();
  await page.unroute('**/api/orders/customer');
  expect(await axeSeriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Please fill in all fields').waitFor();
  await page.getByLabel('Email', { exact: true }).fill('robin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Invalid email or password').waitFor();
  await page.getByLabel('Password', { exact: true }).fill('sunset-villa-42');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('cell', { name: orderNumber }).waitFor();
  await context.close();
});

it('shows a customer only their own orders', async () => {
  const context = await e2e.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/account`);
  await page.getByLabel('First name').fill('Alex');
  await page.getByLabel('Last name').fill('Other');
  await page.getByLabel('Email address').fill('alex@example.com');
  await page.getByLabel('Choose a password').fill('another-pass-99');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('No orders yet.').waitFor();
  await context.close();
});
