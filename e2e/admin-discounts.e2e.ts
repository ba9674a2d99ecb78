/**
 * The Discount codes screen on the print room's tablet (1024×768): an owner creates a limited code,
 * deactivates one, and a shopper uses the new code at checkout; the screen then shows it used up.
 */
import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import { signIn } from './support/admin';
import { ADMIN, ADMIN_ENV, axeSeriousViolations, enterCard, fillShipping, openCheckout, seedCart, SHOPPER } from './checkout-helpers';

const e2e = useServerAndBrowser(ADMIN_ENV);
const TABLET = { width: 1024, height: 768 };

it('creates a one-use code, deactivates SAVE10, and a shopper pays with the new code once', async () => {
  const admin = await e2e.browser.newContext({ viewport: TABLET });
  const page = await admin.newPage();
  await signIn(page, e2e.server.url, '/admin/discounts', ADMIN.email, ADMIN.password);
  await page.getByRole('heading', { name: 'Discount codes', level: 1 }).waitFor();
  const save10 = page.getByRole('row', { name: /SAVE10/ });
  await save10.getByText('10 % off').waitFor();
  expect(await save10.getByText('Active', { exact: true }).count()).toBe(1);
  expect(await axeSeriousViolations(page)).toEqual([]);

  // The form checks with the API's schema; the server refuses a code that exists in any case.
  const form = page.getByRole('form', { name: 'New discount code' });
  await form.getByLabel('Code', { exact: true }).fill('weekend25');
  await form.getByLabel('Percent off').fill('150');
  await form.getByRole('button', { name: 'Create code' }).click();
  await form.getByText('Percentage must be a whole number from 1 to 100').waitFor();
  await form.getByLabel('Percent off').fill('25');
  await form.getByLabel('Code', { exact: true }).fill('save10');
  await form.getByRole('button', { name: 'Create code' }).click();
  await form.getByText('A discount code with this name already exists').waitFor();
  await form.getByLabel('Code', { exact: true }).fill('weekend25');
  await form.getByLabel('Total uses (optional)').fill('1');
  await form.getByRole('button', { name: 'Create code' }).click();
  const weekend = page.getByRole('row', { name: /WEEKEND25/ });
  await weekend.getByText('0 of 1 used').waitFor();
  expect(await form.getByLabel('Code', { exact: true }).inputValue()).toBe('');

  await page.getByRole('button', { name: 'Deactivate SAVE10' }).click();
  await page.getByRole('button', { name: 'Activate SAVE10' }).waitFor();
  expect(await save10.getByText('Inactive', { exact: true }).count()).toBe(1);
  expect(await axeSeriousViolations(page)).toEqual([]);

  const shop = await e2e.browser.newContext({ viewport: TABLET, serviceWorkers: 'block' });
  const shopper = await shop.newPage();
  await seedCart(shopper, e2e.server.url, [{ text: 'Villa Vibes', quantity: 2 }]);
  await openCheckout(shopper, e2e.server.url);
  const discountField = shopper.getByLabel('Discount code');
  await discountField.fill('save10');
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await shopper.getByText('Invalid discount code').waitFor();
  await discountField.fill('Weekend25');
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await shopper.getByText('Code WEEKEND25 applied.').waitFor();
  // 2 × 5.95 = 11.90, 25 % off = 2.98 (half-up), 8.92 + 8.5 % tax 0.76 = 9.68
  expect(await shopper.getByTestId('checkout-total').textContent()).toBe('$9.68');
  await fillShipping(shopper, { ...SHOPPER, Email: 'weekend@example.com' });
  await shopper.getByRole('button', { name: /Continue/ }).click();
  await shopper.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
  await enterCard(shopper, '4242 4242 4242 4242');
  await shopper.getByRole('button', { name: 'Pay $9.68' }).click();
  await shopper.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  expect(await shopper.getByTestId('order-total').textContent()).toBe('$9.68');
  await shop.close();

  await page.reload();
  await weekend.getByText('1 of 1 used').waitFor();
  expect(await weekend.getByText('Used up', { exact: true }).count()).toBe(1);
  await admin.close();
});

it('tells the shopper a code ended between Apply and Pay, drops it, re-prices, and the order goes through', async () => {
  const admin = await e2e.browser.newContext({ viewport: TABLET });
  const page = await admin.newPage();
  await signIn(page, e2e.server.url, '/admin/discounts', ADMIN.email, ADMIN.password);
  const form = page.getByRole('form', { name: 'New discount code' });
  await form.getByLabel('Code', { exact: true }).fill('flash20');
  await form.getByLabel('Percent off').fill('20');
  await form.getByRole('button', { name: 'Create code' }).click();
  await page.getByRole('row', { name: /FLASH20/ }).getByText('Active', { exact: true }).waitFor();

  const shop = await e2e.browser.newContext({ viewport: TABLET, serviceWorkers: 'block' });
  const shopper = await shop.newPage();
  await seedCart(shopper, e2e.server.url, [{ text: 'Villa Vibes', quantity: 1 }]);
  await openCheckout(shopper, e2e.server.url);
  await shopper.getByLabel('Discount code').fill('flash20');
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await shopper.getByText('Code FLASH20 applied.').waitFor();
  await fillShipping(shopper, { ...SHOPPER, Email: 'flash@example.com' });
  await shopper.getByRole('button', { name: /Continue/ }).click();
  await shopper.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
  await enterCard(shopper, '4242 4242 4242 4242');

  // The owner ends the code while the shopper types the card.
  await page.getByRole('button', { name: 'Deactivate FLASH20' }).click();
  await page.getByRole('button', { name: 'Activate FLASH20' }).waitFor();

  // 5.95 with 20 % off is 4.76 + tax 0.40; without it 5.95 + tax 0.51.
  await shopper.getByRole('button', { name: 'Pay $5.16' }).click();
  await shopper.getByRole('alert').filter({ hasText: 'Invalid discount code' }).waitFor();
  await shopper.getByRole('button', { name: 'Pay $6.46' }).waitFor();
  expect(await shopper.getByText(/Invalid order information/).count()).toBe(0);
  await shopper.getByRole('button', { name: 'Pay $6.46' }).click();
  await shopper.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  expect(await shopper.getByTestId('order-total').textContent()).toBe('$6.46');
  await shop.close();
  await admin.close();
});

it('places an order a 100 % code makes free without asking for a card', async () => {
  const admin = await e2e.browser.newContext({ viewport: TABLET });
  const page = await admin.newPage();
  await signIn(page, e2e.server.url, '/admin/discounts', ADMIN.email, ADMIN.password);
  const form = page.getByRole('form', { name: 'New discount code' });
  await form.getByLabel('Code', { exact: true }).fill('onthehouse');
  await form.getByLabel('Percent off').fill('100');
  await form.getByRole('button', { name: 'Create code' }).click();
  await page.getByRole('row', { name: /ONTHEHOUSE/ }).getByText('Active', { exact: true }).waitFor();
  await admin.close();

  const shop = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const shopper = await shop.newPage();
  await seedCart(shopper, e2e.server.url, [{ text: 'Villa Vibes', quantity: 1 }]);
  await openCheckout(shopper, e2e.server.url);
  await shopper.getByRole('button', { name: /Show order summary/ }).click();
  await shopper.getByLabel('Discount code').fill('onthehouse');
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await shopper.getByText('Code ONTHEHOUSE applied.').waitFor();
  await fillShipping(shopper, { ...SHOPPER, Email: 'free@example.com' });
  await shopper.getByRole('button', { name: /Continue/ }).click();
  await shopper.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
  await shopper.getByText('No card needed: your discount covers this order.').waitFor();
  expect(await shopper.getByLabel(/Card number/).count()).toBe(0);
  expect(await axeSeriousViolations(shopper)).toEqual([]);
  await shopper.getByRole('button', { name: 'Pay $0.00' }).click();
  await shopper.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  expect(await shopper.getByTestId('order-total').textContent()).toBe('$0.00');
  await shop.close();
});
