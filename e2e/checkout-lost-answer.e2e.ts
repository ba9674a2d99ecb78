/**
 * A checkout whose answer is lost after the server charged: the shopper is told the
 * payment is being checked, never "Cannot connect"; a reload (or another tab) asks again under the
 * same Idempotency-Key, kept in IndexedDB, and shows the one order: one order, one charge.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import { startCuttableProxy, type CuttableProxy } from './support/cuttable-proxy';
import { enterCard, fillShipping, seedCart, SHOPPER } from './checkout-helpers';

const e2e = useServerAndBrowser();
let proxy: CuttableProxy;
beforeAll(async () => {
  proxy = await startCuttableProxy(e2e.server.url);
});
afterAll(async () => proxy?.close());

const SHOPPER_LOST = { ...SHOPPER, Email: 'lost-answer@example.com' };

it('loses the answer, says it is checking, and after a reload shows the one order: one order, one charge', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  try {
    await seedCart(page, proxy.url);
    await page.goto(`${proxy.url}/checkout`);
    await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
    await fillShipping(page, SHOPPER_LOST);
    await page.getByRole('button', { name: /Continue/ }).click();
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    await enterCard(page, '4242424242424242');

    // The server takes the payment; its answer never arrives and the link goes down.
    proxy.loseNextAnswer('POST /api/checkout', true);
    await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
    await page.getByRole('heading', { name: 'Checking your payment' }).waitFor();
    await page.getByText("We're checking whether your payment went through.", { exact: false }).waitFor();
    expect(await page.getByText(/Cannot connect/).count()).toBe(0);

    const db = e2e.server.app.context.db;
    const ordersOf = () => db.selectFrom('orders').select(['order_number']).where('customer_email', '=', SHOPPER_LOST.Email).execute();
    expect(await ordersOf()).toHaveLength(1);

    // The connection returns; the shopper reloads: the same checkout is asked for again and answered.
    await proxy.restore();
    await page.reload();
    await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
    const [order] = await ordersOf();
    await page.getByText(order!.order_number).first().waitFor();

    // A second tab finds nothing pending: the cart is empty and no second payment can start.
    const other = await context.newPage();
    await other.goto(`${proxy.url}/checkout`);
    await other.getByText(order!.order_number).first().waitFor();
    expect(await ordersOf()).toHaveLength(1);
    const charges = await db.selectFrom('test_gateway_intents').select(['id']).where('status', '=', 'succeeded').execute();
    const linked = await db.selectFrom('orders').select('payment_intent_id').where('customer_email', '=', SHOPPER_LOST.Email).execute();
    expect(linked).toHaveLength(1);
    expect(charges.filter((charge) => charge.id === linked[0]!.payment_intent_id)).toHaveLength(1);
    expect(await db.selectFrom('test_gateway_intents').select('id').execute()).toHaveLength(1);
  } finally {
    await proxy.restore();
    await context.close();
  }
});
