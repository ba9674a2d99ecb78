import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import { ADMIN_ENV, adminToken, axeSeriousViolations, enterCard, fillShipping, openCheckout, seedCart, SHOPPER } from './checkout-helpers';


const e2e = useServerAndBrowser(ADMIN_ENV);

async function setStatus(orderNumber: string, status: string, trackingNumber?: string) {
  const token = await adminToken(e2e.server.url);
  const order = await e2e.server.app.context.db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  const response = await fetch(`${e2e.server.url}/api/orders/${order.id}/status`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ status, trackingNumber }),
  });
  expect(response.status).toBe(200);
}

it('a guest follows "Track this order" from the confirmation, finds the order by its e-mail, and sees it ship', async () => {
  const context = await e2e.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await seedCart(page, e2e.server.url, [{ text: 'Mugged Off', quantity: 2 }]);
  await openCheckout(page, e2e.server.url);
  await fillShipping(page, SHOPPER);
  await page.getByRole('button', { name: /Continue/ }).click();
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  const orderNumber = (await page.getByTestId('order-number').textContent())!;

  await page.getByRole('link', { name: 'Track this order' }).click();
  await page.getByRole('heading', { name: 'Track your order' }).waitFor();
  expect(await page.getByLabel('Order number').inputValue()).toBe(orderNumber);
  expect(await axeSeriousViolations(page)).toEqual([]);

  // Empty address: the spec's words, no request.
  await page.getByRole('button', { name: 'Find my order' }).click();
  await page.getByText('Email is required').waitFor();
  // A wrong address reads exactly like a wrong number.
  await page.getByLabel('Email').fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await page.getByRole('alert').filter({ hasText: 'Order not found' }).waitFor();

  await page.getByLabel('Email').fill('SAM@example.com');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
  const progress = page.getByRole('list', { name: 'Order progress' });
  expect(await progress.getByRole('listitem').allTextContents()).toEqual(['✓Pending (done)', '2In Production', '3Ready to Ship', '4Shipped', '5Delivered']);
  expect(await progress.locator('[aria-current="step"]').textContent()).toContain('In Production');
  await page.getByText('“Mugged Off”').waitFor();
  expect(await page.getByTestId('order-total').textContent()).toBe('$12.91');
  expect(await axeSeriousViolations(page)).toEqual([]);

  await setStatus(orderNumber, 'shipped', 'TRKE2E000777');
  await page.getByRole('button', { name: 'Look up another order' }).click();
  await page.getByRole('button', { name: 'Find my order' }).click();
  await page.getByTestId('tracking-number').filter({ hasText: 'TRKE2E000777' }).waitFor();
  expect(await progress.locator('[aria-current="step"]').textContent()).toContain('Shipped');

  await setStatus(orderNumber, 'cancelled');
  await page.getByRole('button', { name: 'Look up another order' }).click();
  await page.getByRole('button', { name: 'Find my order' }).click();
  await page.getByTestId('order-cancelled').waitFor();
  expect(await page.getByTestId('order-status').textContent()).toBe('Cancelled');
  await context.close();
});

it('is linked from every shop page footer and opens empty without an order number', async () => {
  const context = await e2e.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/faq`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Track your order' }).click();
  await page.getByRole('heading', { name: 'Track your order' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/orders/track');
  expect(await page.getByLabel('Order number').inputValue()).toBe('');
  await context.close();
});
